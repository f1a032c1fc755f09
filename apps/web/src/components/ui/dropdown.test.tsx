import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, filterOptions, type DropdownOption } from './dropdown';

const qualities: DropdownOption<number>[] = [
  { value: 1, label: 'Common' },
  { value: 2, label: 'Uncommon' },
  { value: 3, label: 'Rare' },
  { value: 4, label: 'Epic' },
];

/** n options named "Realm 1" .. "Realm n". */
function realms(n: number): DropdownOption<number>[] {
  return Array.from({ length: n }, (_, i) => ({ value: i + 1, label: `Realm ${i + 1}` }));
}

function Single({
  options = qualities,
  initial = null,
  onChange = () => {},
  searchable,
  disabled,
}: {
  options?: DropdownOption<number>[];
  initial?: number | null;
  onChange?: (value: number | null) => void;
  searchable?: boolean;
  disabled?: boolean;
}) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <button type="button">Elsewhere</button>
      <Dropdown
        label="Quality"
        options={options}
        value={value}
        searchable={searchable}
        disabled={disabled}
        placeholder="Pick a quality"
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </>
  );
}

function Multi({
  options = qualities,
  initial = [],
  onChange = () => {},
}: {
  options?: DropdownOption<number>[];
  initial?: number[];
  onChange?: (values: number[]) => void;
}) {
  const [values, setValues] = useState<number[]>(initial);
  return (
    <Dropdown
      multiple
      label="Buying realms"
      options={options}
      values={values}
      onChange={(next) => {
        setValues(next);
        onChange(next);
      }}
    />
  );
}

const trigger = () => screen.getByRole('combobox', { name: /Quality|Buying realms/ });
const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

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
