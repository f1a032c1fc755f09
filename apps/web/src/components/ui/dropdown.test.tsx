import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { realms, Single, Multi, trigger, optionNames } from './dropdown-test-utils';

describe('Dropdown: opening and closing', () => {
  it('is closed at first and shows the placeholder', () => {
    render(<Single />);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveTextContent('Pick a quality');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens on Space', async () => {
    const user = userEvent.setup();
    render(<Single />);
    trigger().focus();
    await user.keyboard(' ');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Quality' })).toBeInTheDocument();
    expect(optionNames()).toEqual(['Common', 'Uncommon', 'Rare', 'Epic']);
  });

  it('opens on Enter', async () => {
    const user = userEvent.setup();
    render(<Single />);
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('opens and closes on clicks of the trigger', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.click(trigger());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    await user.click(trigger());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('clicking the label focuses the trigger without opening it', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.click(screen.getByText('Quality'));
    expect(trigger()).toHaveFocus();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape, keeps focus on the trigger, and the Escape goes no further', async () => {
    const user = userEvent.setup();
    const outerKeyDown = vi.fn();
    render(
      <div onKeyDown={(event) => outerKeyDown(event.key)}>
        <Single />
      </div>,
    );
    trigger().focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
    expect(outerKeyDown).not.toHaveBeenCalledWith('Escape');
    // Closed, Escape is left to whoever is around (a dialog closes on it).
    await user.keyboard('{Escape}');
    expect(outerKeyDown).toHaveBeenCalledWith('Escape');
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    render(<Single />);
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('stays open for clicks inside the list', async () => {
    const user = userEvent.setup();
    render(<Multi />);
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'Rare' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('closes after a selection in single mode and shows the chosen label', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'Rare' }));
    expect(onChange).toHaveBeenCalledWith(3);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveTextContent('Rare');
    expect(trigger()).toHaveFocus();
  });

  it('closes when focus tabs away', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Single />
        <button type="button">Next field</button>
      </>,
    );
    trigger().focus();
    await user.keyboard('{Enter}');
    await user.tab(); // Clear All, still inside
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    render(<Single disabled />);
    expect(trigger()).toHaveAttribute('aria-disabled', 'true');
    expect(trigger()).toHaveAttribute('tabindex', '-1');
    await user.click(trigger());
    trigger().focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('Dropdown: keyboard highlight', () => {
  it('arrows move the highlight (aria-activedescendant) and Enter selects', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Single onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{Enter}');
    const active = () => document.getElementById(trigger().getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('Common');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Rare');
    await user.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Uncommon');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(2);
    expect(trigger()).toHaveTextContent('Uncommon');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('the highlight stops at both ends', async () => {
    const user = userEvent.setup();
    render(<Single />);
    trigger().focus();
    await user.keyboard('{Enter}{ArrowUp}');
    const active = () => document.getElementById(trigger().getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('Common');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Epic');
  });

  it('starts on the selected option when reopened', async () => {
    const user = userEvent.setup();
    render(<Single initial={3} />);
    trigger().focus();
    await user.keyboard('{Enter}');
    const activeId = trigger().getAttribute('aria-activedescendant');
    expect(screen.getByRole('option', { name: 'Rare' })).toHaveAttribute('id', activeId);
    expect(screen.getByRole('option', { name: 'Rare' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Epic' })).toHaveAttribute('aria-selected', 'false');
  });

  it('scrolls the highlighted option into view', async () => {
    const user = userEvent.setup();
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
    render(<Single options={realms(10)} />);
    trigger().focus();
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown}');
    const last = scroll.mock.contexts.at(-1) as Element;
    expect(last).toHaveTextContent('Realm 3');
    expect(scroll).toHaveBeenLastCalledWith({ block: 'nearest' });
  });

  it('the list height is capped at max-h-96 and scrolls', async () => {
    const user = userEvent.setup();
    render(<Single options={realms(60)} />);
    await user.click(trigger());
    expect(screen.getByRole('listbox')).toHaveClass('max-h-96', 'overflow-y-auto');
  });
});
