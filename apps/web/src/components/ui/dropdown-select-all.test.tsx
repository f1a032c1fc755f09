import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown } from './dropdown';
import { qualities, realms, Single, Multi, trigger } from './dropdown-test-utils';

describe('Dropdown: Select All and Clear All', () => {
  it('single mode has Clear All but no Select All', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Single initial={2} onChange={onChange} />);
    await user.click(trigger());
    expect(screen.queryByRole('button', { name: 'Select All' })).not.toBeInTheDocument();
    expect(screen.getByRole('listbox')).not.toHaveAttribute('aria-multiselectable');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
    expect(trigger()).toHaveTextContent('Pick a quality');
  });

  it('single mode can hide Clear All', async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Region" options={qualities} value={1} onChange={() => {}} clearable={false} />);
    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    expect(screen.queryByRole('button', { name: 'Clear All' })).not.toBeInTheDocument();
  });

  it('multi mode toggles options, stays open and marks the list multiselectable', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Multi onChange={onChange} />);
    await user.click(trigger());
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    await user.click(screen.getByRole('option', { name: 'Epic' }));
    await user.click(screen.getByRole('option', { name: 'Common' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 4]);
    expect(screen.getByRole('option', { name: 'Epic' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: 'Epic' }));
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('multi mode: Enter and Space toggle the highlighted option without closing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Multi onChange={onChange} />);
    trigger().focus();
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([2]);
    await user.keyboard('{ArrowDown} ');
    expect(onChange).toHaveBeenLastCalledWith([2, 3]);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('Select All selects every option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Multi onChange={onChange} />);
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([1, 2, 3, 4]);
    expect(trigger()).toHaveTextContent('4 selected');
  });

  it('Select All adds only the filtered options to the selection', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Multi options={realms(25)} initial={[25]} onChange={onChange} />);
    await user.click(trigger());
    await user.keyboard('realm 1');
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 25]);
  });

  it('Clear All empties the selection', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Multi initial={[1, 3]} onChange={onChange} />);
    await user.click(trigger());
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith([]);
    expect(screen.queryAllByRole('option', { selected: true })).toHaveLength(0);
  });

  it('the trigger lists up to two labels, then counts', () => {
    const { rerender } = render(
      <Dropdown multiple label="Q" options={qualities} values={[3]} onChange={() => {}} />,
    );
    const box = screen.getByRole('combobox', { name: 'Q' });
    expect(box).toHaveTextContent(/^Rare$/);
    rerender(<Dropdown multiple label="Q" options={qualities} values={[4, 1]} onChange={() => {}} />);
    expect(box).toHaveTextContent(/^Common, Epic$/);
    rerender(<Dropdown multiple label="Q" options={qualities} values={[4, 1, 2]} onChange={() => {}} />);
    expect(box).toHaveTextContent(/^3 selected$/);
    rerender(<Dropdown multiple label="Q" options={qualities} values={[]} onChange={() => {}} />);
    expect(box).toHaveTextContent(/^Select\.\.\.$/);
  });

  it('selected options carry aria-selected in multi mode', async () => {
    const user = userEvent.setup();
    render(<Multi initial={[2, 4]} />);
    await user.click(trigger());
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option', { selected: true })
        .map((o) => o.textContent),
    ).toEqual(['Uncommon', 'Epic']);
  });
});
