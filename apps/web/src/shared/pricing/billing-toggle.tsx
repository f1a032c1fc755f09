import type { PriceInterval } from '@goldroute/domain';

const LABELS_BY_INTERVAL: Record<PriceInterval, string> = { month: 'Monthly', year: 'Yearly' };

/** Monthly / yearly switch, shown only when yearly prices exist. */
export function BillingToggle({
  value,
  onChange,
  intervals,
}: {
  value: PriceInterval;
  onChange: (interval: PriceInterval) => void;
  intervals: readonly PriceInterval[];
}) {
  if (intervals.length < 2) return null;
  return (
    <div
      role="group"
      aria-label="Billing period"
      className="inline-flex rounded-full bg-white/5 p-1 ring-1 ring-white/10"
    >
      {intervals.map((interval) => (
        <button
          key={interval}
          type="button"
          aria-pressed={value === interval}
          onClick={() => onChange(interval)}
          className={`rounded-full px-5 py-2 text-sm font-semibold transition ${
            value === interval ? 'bg-gold-400 text-ink-950 shadow' : 'text-slate-300 hover:text-white'
          }`}
        >
          {LABELS_BY_INTERVAL[interval]}
        </button>
      ))}
    </div>
  );
}
