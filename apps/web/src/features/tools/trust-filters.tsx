// The deal-trust filters (issue 13): "Minimum confidence" and "Hide dead listings". One control for the
// tools' Additional Filters and /config-personal, like the Gold Profit on Sale Avg toggle.
import { FLAG_EXPLANATIONS, type ConfidenceLevel } from '@goldroute/domain';
import { useId } from 'react';

export const TRUST_FILTER_LABELS = {
  minConfidence: 'Minimum confidence',
  hideDeadListings: 'Hide dead listings',
} as const;

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
          className="h-9 rounded-lg bg-ink-900 px-2 text-sm text-slate-100 ring-1 ring-white/10 [color-scheme:dark] ring-inset focus-visible:ring-gold-400/60 focus-visible:outline-none"
        >
          {MIN_CONFIDENCE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
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
