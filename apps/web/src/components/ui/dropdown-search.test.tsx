import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, filterOptions } from './dropdown';
import { qualities, realms, Single, trigger, optionNames } from './dropdown-test-utils';

describe('Dropdown: search', () => {
  it('has no search box with 20 options', async () => {
    const user = userEvent.setup();
    render(<Single options={realms(20)} />);
    await user.click(trigger());
    expect(screen.getAllByRole('option')).toHaveLength(20);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows a focused search box with 21 options', async () => {
    const user = userEvent.setup();
    render(<Single options={realms(21)} />);
    await user.click(trigger());
    expect(screen.getByRole('textbox', { name: 'Search Quality' })).toHaveFocus();
  });

  it('shows the search box on request with few options', async () => {
    const user = userEvent.setup();
    render(<Single searchable />);
    await user.click(trigger());
    expect(screen.getByRole('textbox', { name: 'Search Quality' })).toBeInTheDocument();
  });

  it('filters labels case-insensitively', async () => {
    const user = userEvent.setup();
    const options = [
      { value: 1, label: 'Area 52' },
      { value: 2, label: 'Stormrage' },
      { value: 3, label: 'Argent Dawn' },
      { value: 4, label: 'Moon Guard' },
    ];
    render(<Single options={options} searchable />);
    await user.click(trigger());
    await user.keyboard('AR');
    expect(optionNames()).toEqual(['Area 52', 'Argent Dawn', 'Moon Guard']);
    await user.keyboard('g');
    expect(optionNames()).toEqual(['Argent Dawn']);
  });

  it('says "No results found" when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Single options={realms(25)} />);
    await user.click(trigger());
    await user.keyboard('zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });

  it('arrows and Enter work from the search box on the filtered list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Single options={realms(30)} onChange={onChange} />);
    await user.click(trigger());
    const search = screen.getByRole('textbox');
    await user.keyboard('realm 2');
    // Realm 2, Realm 20 .. Realm 29
    expect(optionNames()).toHaveLength(11);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.getElementById(search.getAttribute('aria-activedescendant') ?? '')).toHaveTextContent(
      'Realm 21',
    );
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith(21);
    expect(trigger()).toHaveTextContent('Realm 21');
    expect(trigger()).toHaveFocus();
  });

  it('Escape in the search box closes and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    render(<Single searchable />);
    await user.click(trigger());
    await user.keyboard('ep{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('the search starts empty on every opening', async () => {
    const user = userEvent.setup();
    render(<Single searchable />);
    await user.click(trigger());
    await user.keyboard('ep{Escape}');
    await user.click(trigger());
    expect(screen.getByRole('textbox')).toHaveValue('');
    expect(screen.getAllByRole('option')).toHaveLength(4);
  });

  it('tells onQueryChange the search text, and an empty one on every opening', async () => {
    const user = userEvent.setup();
    const onQueryChange = vi.fn();
    render(
      <Dropdown
        label="User"
        searchable
        options={qualities}
        value={null}
        onChange={() => {}}
        onQueryChange={onQueryChange}
        footer="12 more match"
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    expect(onQueryChange).toHaveBeenLastCalledWith('');
    expect(screen.getByText('12 more match')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search User' }), 'ep');
    expect(onQueryChange.mock.calls.map(([query]) => query)).toEqual(['', 'e', 'ep']);
  });

  it('filterOptions trims the query and keeps option positions', () => {
    expect(filterOptions(qualities, '  COMMON ').map((e) => [e.index, e.option.label])).toEqual([
      [0, 'Common'],
      [1, 'Uncommon'],
    ]);
  });
});
