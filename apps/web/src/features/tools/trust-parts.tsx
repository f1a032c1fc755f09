// How far to trust a deal, as the flipping and dropship results show it: the confidence badge with its
// reasons, the sale chance under the expected profit, and the notice while the 14-day evidence window is
// still filling.
import {
  EVIDENCE_WINDOW_HOURS,
  evidenceIncomplete,
  saleChanceText,
  trustLines,
  type ConfidenceLevel,
  type TradeItem,
} from '@goldroute/domain';

export const CONFIDENCE_LABELS: Readonly<Record<ConfidenceLevel, string>> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** Green, amber, red: the word is always there too, so colour is never the only cue. */
const CONFIDENCE_CLASSES: Readonly<Record<ConfidenceLevel, string>> = {
  high: 'bg-emerald-400/10 text-emerald-300 ring-emerald-400/30',
  medium: 'bg-amber-400/10 text-amber-300 ring-amber-400/30',
  low: 'bg-red-400/10 text-red-300 ring-red-400/30',
};

const badgeClass = (level: ConfidenceLevel) =>
  `inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap ring-1 ring-inset ${CONFIDENCE_CLASSES[level]}`;

/** "High confidence" (the second word for screen readers only: the column or label says it already). */
export function ConfidenceBadge({ level }: { level: ConfidenceLevel }) {
  return (
    <span data-confidence={level} className={badgeClass(level)}>
      {CONFIDENCE_LABELS[level]}
      <span className="sr-only"> confidence</span>
    </span>
  );
}

/**
 * The badge in a result row or card: its reasons on hover (the title, one line each, so a page of 100
 * rows mounts no tooltip machinery), and a button so that keyboard users reach the same reasons: its
 * click bubbles to the row, which opens the deal's details.
 */
export function ConfidenceButton({ item, nowSeconds }: { item: TradeItem; nowSeconds: number }) {
  const label = CONFIDENCE_LABELS[item.confidence];
  return (
    <button
      type="button"
      data-confidence={item.confidence}
      title={trustLines(item, nowSeconds).join('\n')}
      aria-label={`${label} confidence: details of ${item.name}`}
      className={`${badgeClass(item.confidence)} cursor-help hover:brightness-125 focus-visible:outline-2 focus-visible:outline-gold-400`}
    >
      {label}
    </button>
  );
}

/** The most hours of evidence (evidence.hoursObserved) of the rows passing `mask`; null when none passes. */
export function maxHoursObserved(hours: ArrayLike<number>, mask: ArrayLike<number>): number | null {
  let most: number | null = null;
  for (let i = 0; i < mask.length; i++) if (mask[i] === 1) most = Math.max(most ?? 0, hours[i]!);
  return most;
}

export function evidenceNoticeText(hours: number): string {
  return `Evidence: ${hours} hour${hours === 1 ? '' : 's'} of snapshots so far`;
}

/**
 * While even the best-observed deal shown has less than 14 days behind it, say so above the table:
 * "no sales seen" then means "none yet", and confidence is lower than it will be.
 */
export function EvidenceNotice({ hours }: { hours: number | null }) {
  if (hours === null || !evidenceIncomplete(hours)) return null;
  return (
    <p
      data-testid="evidence-notice"
      className="self-start rounded-lg bg-amber-400/10 px-3 py-1.5 text-xs text-amber-200 ring-1 ring-amber-400/25 ring-inset"
    >
      {evidenceNoticeText(hours)}
      <span className="text-amber-200/70">
        {` (a full picture takes 14 days = ${EVIDENCE_WINDOW_HOURS} hours; confidence grows as it fills)`}
      </span>
    </p>
  );
}

/** "62% in 48 h" under (or beside, on a card) the expected profit: the chance it rests on. */
export function SaleChance({ chance, inline = false }: { chance: number; inline?: boolean }) {
  return (
    <span
      data-testid="sale-chance"
      title="The chance the item sells on the sell realm within 48 hours"
      className={`${inline ? '' : 'block '}text-[11px] font-normal text-slate-400`}
    >
      {saleChanceText(chance)}
    </span>
  );
}
