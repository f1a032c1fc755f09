import { PRICE_RATIO_LABELS, priceRatioColor, type StatusColor } from '@goldroute/domain';

export const STATUS_TEXT: Record<StatusColor, string> = {
  green: 'text-emerald-300',
  yellow: 'text-gold-300',
  red: 'text-red-300',
};

/** Down arrow for cheap, flat for normal, up for expensive (SPEC §9 price ratio). */
export function TrendIcon({ color, className = 'size-4' }: { color: StatusColor; className?: string }) {
  const d =
    color === 'green'
      ? 'M3 5l5 5 3-3 6 6m0 0v-4m0 4h-4'
      : color === 'red'
        ? 'M3 15l5-5 3 3 6-6m0 0v4m0-4h-4'
        : 'M3 10h14m0 0l-3-3m3 3l-3 3';
  return (
    <svg viewBox="0 0 20 20" fill="none" aria-hidden="true" className={`${STATUS_TEXT[color]} ${className}`}>
      <path d={d} stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const LEGEND: readonly { color: StatusColor; range: string; label: string }[] = [
  { color: 'green', range: 'Below 5', label: PRICE_RATIO_LABELS.cheap },
  { color: 'yellow', range: '5 – 10', label: PRICE_RATIO_LABELS.normal },
  { color: 'red', range: 'Above 10', label: PRICE_RATIO_LABELS.expensive },
];

export { priceRatioColor };
