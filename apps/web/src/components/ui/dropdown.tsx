import { DROPDOWN_MAX_HEIGHT_CLASS, DROPDOWN_SEARCH_THRESHOLD, LABELS } from '@goldroute/domain';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';

export type DropdownValue = string | number;

export interface DropdownOption<V extends DropdownValue = string> {
  value: V;
  label: string;
}

interface DropdownCommonProps<V extends DropdownValue> {
  options: readonly DropdownOption<V>[];
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** Show the search box even with 20 options or fewer. */
  searchable?: boolean;
  disabled?: boolean;
  /** Id of the trigger. */
  id?: string;
  className?: string;
  /** Height cap of the option list. */
  maxHeightClass?: string;
  /** Told every change of the search text (also '' when the list opens), e.g. to search on a server. */
  onQueryChange?: (query: string) => void;
  /** A line under the options, e.g. how many more match than are listed. */
  footer?: ReactNode;
}

export interface SingleDropdownProps<V extends DropdownValue> extends DropdownCommonProps<V> {
  multiple?: false;
  value: V | null | undefined;
  /** Called with null by Clear All. */
  onChange: (value: V | null) => void;
  /** Offer Clear All (default true). */
  clearable?: boolean;
}

export interface MultiDropdownProps<V extends DropdownValue> extends DropdownCommonProps<V> {
  multiple: true;
  values: readonly V[];
  onChange: (values: V[]) => void;
}

export type DropdownProps<V extends DropdownValue> = SingleDropdownProps<V> | MultiDropdownProps<V>;

/** Up to this many labels are listed on a multi-select trigger; more read "N selected". */
const LABELS_ON_TRIGGER = 2;

interface Entry<V extends DropdownValue> {
  option: DropdownOption<V>;
  /** Position in `options`: stable across filtering, used for element ids. */
  index: number;
}

/** The options whose label contains the query, ignoring case and surrounding spaces. */
export function filterOptions<V extends DropdownValue>(
  options: readonly DropdownOption<V>[],
  query: string,
): Entry<V>[] {
  const needle = query.trim().toLowerCase();
  const entries = options.map((option, index) => ({ option, index }));
  return needle ? entries.filter(({ option }) => option.label.toLowerCase().includes(needle)) : entries;
}

// The default list height is DROPDOWN_MAX_HEIGHT_CLASS ('max-h-96'); named here too so Tailwind,
// which scans only this app's sources, generates the class.
const listClass = 'overflow-y-auto overscroll-contain py-1';

/**
 * Single or multi-select dropdown (SPEC §2 "Reusable controls"), an ARIA select-only combobox:
 * Space, Enter or a click opens it; Escape, an outside click and (single mode) a selection close it;
 * arrow keys move the highlight and Enter selects; more than 20 options (or `searchable`) add a
 * case-insensitive search box; Select All (multi only, the filtered options) and Clear All.
 */
export function Dropdown<V extends DropdownValue>(props: DropdownProps<V>) {
  const {
    options,
    label,
    hideLabel = false,
    placeholder = 'Select...',
    searchable = false,
    disabled = false,
    id,
    className = '',
    maxHeightClass = DROPDOWN_MAX_HEIGHT_CLASS,
    onQueryChange,
    footer,
  } = props;
  const autoId = useId();
  const triggerId = id ?? `${autoId}-trigger`;
  const labelId = `${triggerId}-label`;
  const listId = `${triggerId}-listbox`;
  const optionId = (index: number) => `${triggerId}-option-${index}`;

  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);

  const multiple = props.multiple === true;
  const selectedValues: readonly V[] = props.multiple
    ? props.values
    : props.value === null || props.value === undefined
      ? []
      : [props.value];
  const selected = new Set<V>(selectedValues);
  const clearable = props.multiple ? true : props.clearable !== false;
  const showSearch = searchable || options.length > DROPDOWN_SEARCH_THRESHOLD;
  const filtered = useMemo(() => filterOptions(options, query), [options, query]);
  const active = filtered[activeIndex];

  const selectedOptions = options.filter((option) => selected.has(option.value));
  const summary =
    selectedOptions.length === 0
      ? null
      : selectedOptions.length <= LABELS_ON_TRIGGER
        ? selectedOptions.map((option) => option.label).join(', ')
        : `${selectedOptions.length} selected`;

  // Outside clicks close the list.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // The search box takes focus when the list opens.
  useEffect(() => {
    if (open && showSearch) searchRef.current?.focus();
  }, [open, showSearch]);

  // The highlighted option stays visible in the scrolling list.
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    listRef.current?.querySelector(`[data-position="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex]);

  const openList = () => {
    if (disabled) return;
    const firstSelected = options.findIndex((option) => selected.has(option.value));
    setQuery('');
    onQueryChange?.('');
    setActiveIndex(firstSelected >= 0 ? firstSelected : options.length > 0 ? 0 : -1);
    setOpen(true);
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };

  const choose = (entry: Entry<V>) => {
    if (props.multiple) {
      const value = entry.option.value;
      const next = selected.has(value)
        ? props.values.filter((v) => v !== value)
        : options.filter((o) => o.value === value || selected.has(o.value)).map((o) => o.value);
      props.onChange(next);
      setActiveIndex(filtered.indexOf(entry));
    } else {
      props.onChange(entry.option.value);
      close(true);
    }
  };

  const selectAll = () => {
    if (!props.multiple) return;
    const shown = new Set(filtered.map(({ option }) => option.value));
    props.onChange(options.filter((o) => selected.has(o.value) || shown.has(o.value)).map((o) => o.value));
  };

  const clearAll = () => {
    if (props.multiple) {
      props.onChange([]);
    } else {
      props.onChange(null);
      close(true);
    }
  };

  const move = (to: number) => {
    if (filtered.length === 0) return;
    setActiveIndex(Math.min(filtered.length - 1, Math.max(0, to)));
  };

  /** Keys of the element that holds focus while the list is used: the trigger or the search box. */
  const onListKeyDown = (event: KeyboardEvent<HTMLElement>, fromSearch: boolean) => {
    if (disabled) return;
    const { key } = event;
    if (!open) {
      if (!fromSearch && (key === 'Enter' || key === ' ' || key === 'ArrowDown' || key === 'ArrowUp')) {
        event.preventDefault();
        openList();
      }
      return;
    }
    if (key === 'ArrowDown') move(activeIndex + 1);
    else if (key === 'ArrowUp') move(activeIndex - 1);
    else if (key === 'PageDown') move(activeIndex + 10);
    else if (key === 'PageUp') move(activeIndex - 10);
    else if (!fromSearch && key === 'Home') move(0);
    else if (!fromSearch && key === 'End') move(filtered.length - 1);
    else if (key === 'Enter' || (!fromSearch && key === ' ')) {
      if (active) choose(active);
    } else return;
    event.preventDefault();
  };

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here: a surrounding dialog must not close as well.
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  // Tabbing out of the control closes it (clicks elsewhere are handled by the pointer listener).
  const onRootBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
  };

  // Clicks on options and the action buttons leave focus on the trigger or search box.
  const keepFocus = (event: MouseEvent) => event.preventDefault();

  const actionClass =
    'rounded-md px-2 py-1 text-xs font-semibold text-gold-300 transition hover:bg-white/5 hover:text-gold-200 focus-visible:outline-2 focus-visible:outline-gold-400';

  return (
    <div ref={rootRef} className={`relative ${className}`} onKeyDown={onRootKeyDown} onBlur={onRootBlur}>
      <span
        id={labelId}
        onClick={() => triggerRef.current?.focus()}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-300'}
      >
        {label}
      </span>
      <div
        ref={triggerRef}
        id={triggerId}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open && !showSearch && active ? optionId(active.index) : undefined}
        aria-disabled={disabled || undefined}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={(event) => onListKeyDown(event, false)}
        className={`flex h-11 w-full items-center justify-between gap-2 rounded-xl bg-white/5 px-3.5 text-left text-sm ring-1 ring-white/10 transition ring-inset select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400 ${
          disabled ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:ring-white/20'
        } ${open ? 'ring-gold-400/60' : ''}`}
      >
        <span className={`truncate ${summary === null ? 'text-slate-500' : 'text-slate-100'}`}>
          {summary ?? placeholder}
        </span>
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className={`size-4 shrink-0 text-slate-400 transition ${open ? 'rotate-180' : ''}`}
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </div>

      {open ? (
        <div className="absolute inset-x-0 top-full z-40 mt-2 min-w-56 overflow-hidden rounded-xl border border-white/10 bg-ink-800 shadow-2xl shadow-black/60">
          {showSearch ? (
            <div className="border-b border-white/5 p-2">
              <input
                ref={searchRef}
                type="text"
                aria-label={`Search ${label}`}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={active ? optionId(active.index) : undefined}
                placeholder="Search..."
                autoComplete="off"
                spellCheck={false}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  onQueryChange?.(event.target.value);
                  setActiveIndex(0);
                }}
                onKeyDown={(event) => onListKeyDown(event, true)}
                className="h-9 w-full rounded-lg bg-ink-900 px-3 text-sm text-slate-100 ring-1 ring-white/10 ring-inset placeholder:text-slate-500 focus:ring-gold-400/60 focus:outline-none"
              />
            </div>
          ) : null}
          {multiple || clearable ? (
            <div className="flex items-center justify-end gap-1 border-b border-white/5 px-2 py-1.5">
              {multiple ? (
                <button type="button" onMouseDown={keepFocus} onClick={selectAll} className={actionClass}>
                  {LABELS.selectAll}
                </button>
              ) : null}
              <button type="button" onMouseDown={keepFocus} onClick={clearAll} className={actionClass}>
                {LABELS.clearAll}
              </button>
            </div>
          ) : null}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            aria-multiselectable={multiple || undefined}
            className={`${maxHeightClass} ${listClass}`}
          >
            {filtered.map((entry, position) => {
              const isSelected = selected.has(entry.option.value);
              const isActive = position === activeIndex;
              return (
                <li
                  key={entry.index}
                  id={optionId(entry.index)}
                  role="option"
                  aria-selected={isSelected}
                  data-position={position}
                  data-active={isActive || undefined}
                  onMouseDown={keepFocus}
                  onMouseMove={() => {
                    if (!isActive) setActiveIndex(position);
                  }}
                  onClick={() => choose(entry)}
                  className={`flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm ${
                    isActive ? 'bg-white/8 text-white' : 'text-slate-200'
                  } ${isSelected ? 'font-medium text-gold-200' : ''}`}
                >
                  {multiple ? (
                    <span
                      aria-hidden="true"
                      className={`flex size-4 shrink-0 items-center justify-center rounded border ${
                        isSelected ? 'border-gold-400 bg-gold-400 text-ink-950' : 'border-white/25'
                      }`}
                    >
                      {isSelected ? <Check /> : null}
                    </span>
                  ) : null}
                  <span className="min-w-0 flex-1 truncate">{entry.option.label}</span>
                  {!multiple && isSelected ? (
                    <span aria-hidden="true" className="text-gold-400">
                      <Check />
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {filtered.length === 0 ? (
            <p className="px-3 py-3 text-center text-sm text-slate-400">{LABELS.noResults}</p>
          ) : null}
          {footer ? (
            <div className="border-t border-white/5 px-3 py-2 text-xs text-slate-400">{footer}</div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function Check() {
  return (
    <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.2" className="size-3">
      <path d="M3.5 8.5l3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
