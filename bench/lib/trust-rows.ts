// The flipping rows as the trust benchmark keeps them: what its diagnostics need of each row's evidence,
// and how the report groups rows (by realm sales, by what the dead-listing rule judged them against).
import {
  DEAD_LISTING_FLOOR_RATIO,
  DEAD_LISTING_MIN_AGE_SNAPSHOTS,
  deadListingReference,
  DEAD_LISTING_REGION_RATIO,
  DEAD_LISTING_RELISTED_RATIO,
  DEAD_LISTING_SALES_RATIO,
  DEAD_LISTING_YOUNG_RATIO,
  LONGEST_AUCTION_SNAPSHOTS,
  SHORT_POSTING_MAX_HOURS,
} from '@goldroute/domain';
import type { DeadListingReference } from '@goldroute/domain';
import type { TradeItem } from '@goldroute/market';
import { goldToCopper } from '@goldroute/market';
import type { EvaluatedRow, Tally } from './trust-score';
import { emptyTally } from './trust-score';
import type { VariantKeys } from './variant-keys';

/** A row with what the diagnostics need of its evidence (undefined while the engine gives none). */
export interface BenchRow extends EvaluatedRow {
  salesSeen: number | undefined;
  /** The going rate the trust rules compare the sell price with (gold): realm median, else region average. */
  goingRateGold: number | undefined;
  /** What the dead-listing rule judges the sell price against (trust.ts); undefined without evidence. */
  deadBasis: DeadListingReference | undefined;
  sellListingAge: number | undefined;
  sellPostedHours: number | null | undefined;
}

/** A row kept for scoring: one of the top 100 of (a) or (b) at its hour. */
export interface KeptRow extends BenchRow {
  inA: boolean;
  inB: boolean;
  /** Auctions at the buy price on the buy realm at the evaluation hour. */
  buyIds: number[];
  buyGone: boolean | undefined;
  sellDead: boolean;
  buyBait: boolean;
}

export interface HourResult {
  hour: number;
  rows: number;
  shownB: number;
  a: Tally;
  b: Tally;
}

export function rowOf(keys: VariantKeys, hour: number, r: TradeItem): BenchRow {
  const trust = r as Partial<Pick<TradeItem, 'realisticProfit' | 'confidence' | 'flags' | 'evidence'>>;
  const ev = trust.evidence;
  const median = ev && ev.salesSeen14d > 0 ? ev.medianSale14d : null;
  return {
    hour,
    uniqueTradeKey: r.uniqueTradeKey,
    variant: keys.indexOf(r.uniqueItemKey),
    buyRealm: r.buyingConnectedRealmId,
    sellRealm: r.sellingConnectedRealmId,
    buy: goldToCopper(r.buyBuyout),
    sell: goldToCopper(r.sellBuyout),
    sellVsBuyGold: r.sellVsBuy,
    realisticProfitGold: trust.realisticProfit,
    confidence: trust.confidence,
    flags: trust.flags,
    salesSeen: ev?.salesSeen14d,
    goingRateGold: median !== null && median > 0 ? median : r.avgSale > 0 ? r.avgSale : undefined,
    deadBasis: ev ? deadListingReference(r.sellBuyout, ev) : undefined,
    sellListingAge: ev?.sellListingAgeSnapshots,
    sellPostedHours: ev?.sellPostedHours,
  };
}

/** Sales of the variant seen on the sell realm in 14 days, as the trust rules tell them apart. */
export function salesBucket(row: BenchRow): string {
  const n = row.salesSeen;
  return n === undefined
    ? 'unknown'
    : n >= 5
      ? 'realm sales >= 5'
      : n > 0
        ? 'realm sales 1-4'
        : 'no realm sales';
}

/** The dead-listing rule's reference (trust.ts deadListingReference), as the report names it. */
export const DEAD_BASIS_NAMES: Readonly<Record<DeadListingReference, string>> = {
  'realm-sales': 'realm sales',
  'item-floor': 'item floor',
  'realm-floor': 'realm floor',
  region: "realm's only price",
};
/** Why a planted dead listing went unflagged, by what the rule judged it against. */
export function missReason(row: BenchRow): string {
  if (row.deadBasis === undefined) return 'no evidence';
  const age = row.sellListingAge ?? 0;
  const relisted = age > LONGEST_AUCTION_SNAPSHOTS;
  if (relisted) return `under ${DEAD_LISTING_RELISTED_RATIO}x the median sale, relisted`;
  const posted = row.sellPostedHours ?? 0;
  if (posted > 0 && posted <= SHORT_POSTING_MAX_HOURS) return `posted for ${posted} hours (short of 48)`;
  if (row.deadBasis === 'region')
    return `the realm's only price, under ${DEAD_LISTING_REGION_RATIO}x the region's (or under ${DEAD_LISTING_MIN_AGE_SNAPSHOTS} hours)`;
  if (row.deadBasis === 'realm-sales') return `under ${DEAD_LISTING_SALES_RATIO}x the median sale`;
  const floor = row.deadBasis === 'item-floor' ? 'the item floor' : 'the variant floor';
  return age < DEAD_LISTING_MIN_AGE_SNAPSHOTS
    ? `under ${DEAD_LISTING_YOUNG_RATIO}x ${floor}, under ${DEAD_LISTING_MIN_AGE_SNAPSHOTS} hours old`
    : `under ${DEAD_LISTING_FLOOR_RATIO}x ${floor}`;
}

/** The tally of a slice, created empty on first use. */
export function tallyOf<K>(map: Map<K, Tally>, key: K): Tally {
  let t = map.get(key);
  if (!t) map.set(key, (t = emptyTally()));
  return t;
}
