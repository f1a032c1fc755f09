// The controls of the small choice groups in the filter and settings panels (deal trust, tool opening):
// a select on one row with its hint under it, and a checkbox with its label and hint beside it.
import { useId, type ReactNode } from 'react';

/** The look of the small selects of the filter and settings panels. */
export const PANEL_SELECT_CLASS =
  'h-9 rounded-lg bg-ink-900 px-2 text-sm text-slate-100 ring-1 ring-white/10 [color-scheme:dark] ring-inset focus-visible:ring-gold-400/60 focus-visible:outline-none';

/** The frame a group of panel choices sits in. */
export function PanelChoices({ children }: { children: ReactNode }) {
  return <div className="space-y-3 rounded-xl border border-white/5 bg-white/[0.02] p-3">{children}</div>;
}

/** A labelled select; an unknown value from the DOM falls back to the first option. */
export function PanelSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  hint: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-200">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) =>
          onChange(options.find((o) => o.value === e.target.value)?.value ?? options[0]!.value)
        }
        className={PANEL_SELECT_CLASS}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <p className="w-full text-xs text-slate-400">{hint}</p>
    </div>
  );
}

/** A checkbox named by its label; the hint describes the box rather than naming it. */
export function PanelCheckbox({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 text-sm text-slate-200">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-gold-400"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="block cursor-pointer font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      </div>
    </div>
  );
}
