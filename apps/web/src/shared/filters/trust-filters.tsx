// The deal-trust controls: "Minimum confidence" and "Hide dead listings" (one control for the tools'
// Additional Filters and /config-personal, like the Gold Profit on Sale Avg toggle), and the deal tools'
// "Uncheck rows that lose money".
import { FLAG_EXPLANATIONS, type ConfidenceLevel } from '@goldroute/domain';
import { buttonClass } from '../../components/ui';
import { PanelCheckbox, PanelChoices, PanelSelect } from './panel-controls';

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

/** The two deal-trust settings, as the tools' filters and the personal defaults both hold them. */
export interface TrustSettings {
  minConfidence: ConfidenceLevel;
  hideDeadListings: boolean;
}

export interface TrustFiltersProps {
  values: TrustSettings;
  /** The holder's own setter (both holders name these settings alike), one key at a time. */
  onChange: ((key: 'minConfidence', value: ConfidenceLevel) => void) &
    ((key: 'hideDeadListings', value: boolean) => void);
}

export function TrustFilters({ values, onChange }: TrustFiltersProps) {
  return (
    <PanelChoices>
      <PanelSelect
        label={TRUST_FILTER_LABELS.minConfidence}
        value={values.minConfidence}
        options={MIN_CONFIDENCE_OPTIONS}
        onChange={(level) => onChange('minConfidence', level)}
        hint={MIN_CONFIDENCE_HINT}
      />
      <PanelCheckbox
        label={TRUST_FILTER_LABELS.hideDeadListings}
        checked={values.hideDeadListings}
        onChange={(hide) => onChange('hideDeadListings', hide)}
        hint={FLAG_EXPLANATIONS['dead-listing']}
      />
    </PanelChoices>
  );
}
