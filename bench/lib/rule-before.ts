// The confidence rule deal rows carried before expected profit, kept to score list (b) against: any sign
// the deal will not pay as shown (thin supply, a slow seller, no sales seen, bait, a dead listing) made it
// low; otherwise each flag (only 'stale' is left) capped it at medium, and two made it low.
import type { ConfidenceLevel, DealFlag } from '@goldroute/domain';

const LOW_FLAGS: ReadonlySet<DealFlag> = new Set([
  'thin-supply',
  'slow-seller',
  'no-sales-seen',
  'bait',
  'dead-listing',
]);
const MEDIUM_FLAGS_MAKING_LOW = 2;

export function confidenceBefore(flags: readonly DealFlag[]): ConfidenceLevel {
  if (flags.some((flag) => LOW_FLAGS.has(flag))) return 'low';
  if (flags.length >= MEDIUM_FLAGS_MAKING_LOW) return 'low';
  return flags.length > 0 ? 'medium' : 'high';
}
