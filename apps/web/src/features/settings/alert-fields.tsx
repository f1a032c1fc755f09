// The labelled controls of the alert rule form and of a rule's thresholds editor.
import type { ConfidenceLevel } from '@goldroute/domain';
import { useId, type ReactNode } from 'react';
import { PANEL_SELECT_CLASS } from '../../shared/filters/panel-controls';
import { MIN_CONFIDENCE_OPTIONS } from '../../shared/filters/trust-filters';

export const FIELD_CLASS = `${PANEL_SELECT_CLASS} w-full`;

/** A labelled control with an optional hint under it; the control gets the ids to point at. */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: ReactNode;
  children: (id: string, hintId: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex min-w-0 flex-col gap-1 text-sm">
      <label htmlFor={id} className="text-xs font-semibold text-slate-300">
        {label}
      </label>
      {children(id, hintId)}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function ConfidenceSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: ConfidenceLevel;
  onChange: (level: ConfidenceLevel) => void;
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(e) =>
        onChange(MIN_CONFIDENCE_OPTIONS.find((o) => o.value === e.target.value)?.value ?? 'low')
      }
      className={FIELD_CLASS}
    >
      {MIN_CONFIDENCE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** Whole gold, as the rule keeps it. */
export function GoldInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      id={id}
      type="number"
      required
      min={0}
      max={100_000_000}
      step={1}
      inputMode="numeric"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={`${FIELD_CLASS} tabular-nums`}
    />
  );
}
