// The deal-trust controls: "Minimum confidence" and "Hide dead listings" (one control for the tools'
// Additional Filters and /config-personal, like the Gold Profit on Sale Avg toggle), and the deal tools'
// "Uncheck rows that lose money".
import { FLAG_EXPLANATIONS, type ConfidenceLevel } from '@goldroute/domain';
import { useId } from 'react';
import { buttonClass } from '../../components/ui';

export const UNCHECK_LOSERS_LABEL = 'Uncheck rows that lose money';

/** Unchecks every shown row whose expected profit is not positive, so the totals and lists leave them out. */
export function UncheckLosersButton({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'sm', 'h-10')}
      onClick={onClick}
      disabled={count === 0}
      title="Unchecks every row whose expected profit is 0 or less; the totals and exports then leave them out."
    >
      {UNCHECK_LOSERS_LABEL}
      <span
        data-testid="losing-count"
        aria-label={`${count} rows`}
        className="min-w-5 rounded-full bg-white/10 px-1.5 text-xs font-bold text-slate-300 tabular-nums"
      >
        {count.toLocaleString('en-US')}
      </span>
    </button>
  );
}

/** The look of the small selects of the filter and settings panels. */
export const PANEL_SELECT_CLASS =
  'h-9 rounded-lg bg-ink-900 px-2 text-sm text-slate-100 ring-1 ring-white/10 [color-scheme:dark] ring-inset focus-visible:ring-gold-400/60 focus-visible:outline-none';

export const TRUST_FILTER_LABELS = {
  minConfidence: 'Minimum confidence',
  hideDeadListings: 'Hide dead listings',
} as const;

/** What the control does, said where it is. */
export const MIN_CONFIDENCE_HINT =
  'Hides the rows rated below this level from the table, the totals and the exports. Confidence says how sure the expected profit is.';

/** 'low' is the lowest level there is, so as a minimum it lets every deal through: "Any". */
export const MIN_CONFIDENCE_OPTIONS: readonly { value: ConfidenceLevel; label: string }[] = [
  { value: 'low', label: 'Any' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

export function minConfidenceLabel(level: ConfidenceLevel): string {
  return MIN_CONFIDENCE_OPTIONS.find((option) => option.value === level)?.label ?? 'Any';
}

export interface TrustFiltersProps {
  minConfidence: ConfidenceLevel;
  onMinConfidence: (level: ConfidenceLevel) => void;
  hideDeadListings: boolean;
  onHideDeadListings: (hide: boolean) => void;
}

export function TrustFilters({
  minConfidence,
  onMinConfidence,
  hideDeadListings,
  onHideDeadListings,
}: TrustFiltersProps) {
  const levelId = useId();
  const deadId = useId();
  return (
    <div className="space-y-3 rounded-xl border border-white/5 bg-white/[0.02] p-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-200">
        <label htmlFor={levelId} className="font-medium">
          {TRUST_FILTER_LABELS.minConfidence}
        </label>
        <select
          id={levelId}
          value={minConfidence}
          onChange={(e) =>
            onMinConfidence(MIN_CONFIDENCE_OPTIONS.find((o) => o.value === e.target.value)?.value ?? 'low')
          }
          className={PANEL_SELECT_CLASS}
        >
          {MIN_CONFIDENCE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <p className="w-full text-xs text-slate-400">{MIN_CONFIDENCE_HINT}</p>
      </div>
      <div className="flex items-start gap-3 text-sm text-slate-200">
        <input
          id={deadId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-gold-400"
          checked={hideDeadListings}
          onChange={(e) => onHideDeadListings(e.target.checked)}
          aria-describedby={`${deadId}-hint`}
        />
        {/* The explanation describes the box rather than naming it: its name stays "Hide dead listings". */}
        <div>
          <label htmlFor={deadId} className="block cursor-pointer font-medium">
            {TRUST_FILTER_LABELS.hideDeadListings}
          </label>
          <p id={`${deadId}-hint`} className="text-xs text-slate-400">
            {FLAG_EXPLANATIONS['dead-listing']}
          </p>
        </div>
      </div>
    </div>
  );
}
