import type { Realm } from '@goldroute/domain/api';
import { useMemo, useState } from 'react';
import { Dropdown, type DropdownOption } from '../../components/ui/dropdown';
import { buttonClass } from '../../components/ui/button-styles';
import { realmOptionLabel } from '../../shared/realms';

/** Chips shown before "+N more". */
const CHIP_LIMIT = 12;

/** One realm list of /config: the multi-select, add all / remove all, the count and the chosen realms as chips. */
export function RealmListEditor({
  kind,
  realms,
  values,
  onChange,
  disabled,
}: {
  kind: 'Buying' | 'Selling';
  realms: readonly Realm[];
  values: readonly number[];
  onChange: (values: number[]) => void;
  disabled: boolean;
}) {
  const [expanded, setExpanded] = useState(false);
  const options: DropdownOption<number>[] = useMemo(
    () => realms.map((realm) => ({ value: realm.id, label: realmOptionLabel(realm) })),
    [realms],
  );
  const names = useMemo(() => new Map(realms.map((realm) => [realm.id, realm.label])), [realms]);
  const shown = expanded ? values : values.slice(0, CHIP_LIMIT);
  const hidden = values.length - shown.length;
  const label = `${kind} realms`;
  const allChosen = realms.length > 0 && realms.every((realm) => values.includes(realm.id));

  return (
    <div
      className="flex h-full flex-col rounded-2xl border border-white/10 bg-ink-900/80 p-5 shadow-xl shadow-black/30 sm:p-6"
      data-testid={`${kind.toLowerCase()}-realms`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-white">{label}</h2>
          <p className="mt-1 text-sm text-slate-400">
            {kind === 'Buying' ? 'Realms you buy cheap items on.' : 'Realms you resell those items on.'}
          </p>
        </div>
        <span
          className="shrink-0 rounded-full bg-gold-400/10 px-3 py-1 text-sm font-semibold text-gold-200 tabular-nums ring-1 ring-gold-400/30 ring-inset"
          data-testid={`${kind.toLowerCase()}-count`}
        >
          {values.length} / {realms.length}
        </span>
      </div>
      <Dropdown
        multiple
        className="mt-5"
        label={label}
        hideLabel
        placeholder={`Choose ${kind.toLowerCase()} realms...`}
        options={options}
        values={values}
        disabled={disabled}
        searchable
        onChange={onChange}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={disabled || allChosen}
          onClick={() => onChange(realms.map((realm) => realm.id))}
        >
          Add all {kind.toLowerCase()} realms
        </button>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          disabled={disabled || values.length === 0}
          onClick={() => onChange([])}
        >
          Remove all {kind.toLowerCase()} realms
        </button>
      </div>
      <div className="mt-5 border-t border-white/5 pt-4">
        {values.length === 0 ? (
          <p className="text-sm text-slate-500">No {kind.toLowerCase()} realms chosen yet.</p>
        ) : (
          <ul aria-label={`Chosen ${kind.toLowerCase()} realms`} className="flex flex-wrap gap-2">
            {shown.map((id) => {
              const name = names.get(id) ?? `Realm ${id}`;
              return (
                <li
                  key={id}
                  className="inline-flex items-center gap-1 rounded-full bg-white/5 py-1 pr-1 pl-3 text-xs font-medium text-slate-200 ring-1 ring-white/10 ring-inset"
                >
                  {name}
                  <button
                    type="button"
                    aria-label={`Remove ${name}`}
                    disabled={disabled}
                    onClick={() => onChange(values.filter((value) => value !== id))}
                    className="inline-flex size-5 items-center justify-center rounded-full text-slate-400 transition hover:bg-white/10 hover:text-white"
                  >
                    <svg viewBox="0 0 12 12" className="size-2.5" aria-hidden="true">
                      <path
                        d="M2 2l8 8M10 2l-8 8"
                        stroke="currentColor"
                        strokeWidth="1.6"
                        strokeLinecap="round"
                      />
                    </svg>
                  </button>
                </li>
              );
            })}
            {hidden > 0 || (expanded && values.length > CHIP_LIMIT) ? (
              <li>
                <button
                  type="button"
                  onClick={() => setExpanded((value) => !value)}
                  className="inline-flex h-7 items-center rounded-full px-3 text-xs font-semibold text-gold-300 hover:bg-white/5"
                >
                  {expanded ? 'Show fewer' : `+${hidden} more`}
                </button>
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </div>
  );
}
