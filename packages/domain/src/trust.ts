// Deal trust: the evidence our own hourly snapshots give about a deal, the going rate it is judged
// against, and the flags it raises (a dead listing, bait, a slow seller...). What acting on the deal is
// worth is expected-profit.ts's; how sure that figure is, deal-confidence.ts's. All amounts are gold.
import { sellVsBuy } from './profit';
import type { TradeItem } from './trade-item';
import {
  CONFIDENCE_LEVELS,
  DEAL_FLAGS,
  type ConfidenceLevel,
  type DealEvidence,
  type DealFlag,
} from './deal-evidence';

/** Sell-realm depth counts listings up to this multiple of the sell price: close enough to compete with it. */
export const NEAR_PRICE_FACTOR = 1.1;

/**
 * Dead listings are priced 3-10x the going rate; buyers rarely pay more than about 1.25x it, and
 * hopeful honest postings thin out fast past 2x. Against what the sell realm was seen paying (its
 * median sale, a close reading of its going rate), 2.6x leaves room for the median to sit a little
 * above the rate and for the rate to have moved since the listing was posted.
 */
export const DEAD_LISTING_SALES_RATIO = 2.6;
/**
 * Blizzard's longest auction runs 48 hours: a price seen for more snapshots than that was relisted at
 * the same price after running out unsold, which honest sellers rarely do at a price far above what
 * the realm pays: 1.8x its median sale is then enough, and with no sale seen at all it is dead.
 */
export const LONGEST_AUCTION_SNAPSHOTS = 48;
export const DEAD_LISTING_RELISTED_RATIO = 1.8;
/**
 * Against the realm's floor (what it usually offers the item at: evidence/item-floor.ts and the
 * variant's own lower quartile), which sits a little above the going rate where few sellers list.
 */
export const DEAD_LISTING_FLOOR_RATIO = 2.6;
/**
 * A listing under half a day old is given more room against the floor: a seller may have just posted
 * high, and an honest hopeful price is undercut or withdrawn within hours, where a dead one stays.
 */
export const DEAD_LISTING_YOUNG_RATIO = 3;
export const DEAD_LISTING_MIN_AGE_SNAPSHOTS = 12;
/**
 * A listing that is the realm's only price for the item (never offered cheaper there, never seen
 * sold) can be judged only against the region: this far above what the same variant is offered at
 * across the region, after half a day unsold. Below it, an honest listing on a dear realm is as likely.
 */
export const DEAD_LISTING_REGION_RATIO = 7;
/**
 * A seller who posts for 12 or 24 hours expects to sell; a listing meant to sit is posted for the
 * longest time, 48 hours, and relisted when it runs out. So a listing known to be posted for 24 hours
 * or less is not called dead until it comes back at the same price.
 */
export const SHORT_POSTING_MAX_HOURS = 24;
/** Prices within 0.5% are one price (per-unit prices of stacks round). */
const SAME_PRICE_RATIO = 1.005;

/** Fewer realms than this offering the variant means no market beyond the deal's own two listings. */
export const THIN_SUPPLY_MIN_REALMS = 3;

/** Bait is a lone unit posted far below the going rate, bought within the hour; 0.3x leaves a margin above it. */
export const BAIT_PRICE_RATIO = 0.3;
/** Seen in the latest snapshot only: a lone cheap listing that survives an hour is not being sniped. */
export const BAIT_MAX_AGE_SNAPSHOTS = 1;

/**
 * A deal pays only once the item sells on the sell realm. At the pace seen there over the evidence
 * window, fewer than 2 sales expected in the next 48 hours leaves a good chance (over 1 in 7) of none:
 * the gold stays tied up in an item nobody buys.
 */
export const SLOW_SELLER_MIN_SALES_48H = 2;
/** The pace is taken over at least this many hours, so a first sale in a short window is no proof of pace. */
export const SALES_PACE_MIN_HOURS = 48;

/**
 * Realms update hourly; older than 2 h means at least one update was missed and listings have moved. A
 * realm its region's last batch left behind (freshness.ts LATE_AFTER_SECONDS) is stale sooner: the deal
 * rules are told so (`late`).
 */
export const STALE_AFTER_SECONDS = 2 * 3600;

/** The prices of the deal itself, as on the trade item (avgSale is the region sale average). */
export type DealPrices = Pick<TradeItem, 'buyBuyout' | 'sellBuyout' | 'avgSale'>;

export interface DealTrust {
  /** The expected profit (expected-profit.ts): what acting on the deal is worth, gold. */
  realisticProfit: number;
  /** That the item sells on the sell realm within 48 hours, 0..1 in hundredths. */
  saleChance: number;
  /** How sure that figure is (deal-confidence.ts). */
  confidence: ConfidenceLevel;
  /** What the evidence says about the deal, in DEAL_FLAGS order: the reasons told with the confidence. */
  flags: DealFlag[];
}

export interface GoingRate {
  price: number;
  source: 'realm-sales' | 'region-average';
}

/** The sell realm's 14-day median sale when sales were seen there; else null. */
function realmMedianSale(salesSeen14d: number, medianSale14d: number | null): number | null {
  return salesSeen14d > 0 && medianSale14d !== null && medianSale14d > 0 ? medianSale14d : null;
}

/** The item floor when there is one (a floor of 0 is none). */
function itemFloor(evidence: DealEvidence): number | null {
  const floor = evidence.sellItemFloor14d;
  return floor !== null && floor > 0 ? floor : null;
}

/** TSM reports 0 for a variant with no region sales: that is no price, not a price of 0. */
function regionAverage(avgSale: number): number | null {
  return avgSale > 0 ? avgSale : null;
}

/** What the variant sells for: the sell realm's 14-day median sale, else the region sale average. */
export function goingRate(deal: DealPrices, evidence: DealEvidence): GoingRate | null {
  const median = realmMedianSale(evidence.salesSeen14d, evidence.medianSale14d);
  if (median !== null) return { price: median, source: 'realm-sales' };
  const average = regionAverage(deal.avgSale);
  return average === null ? null : { price: average, source: 'region-average' };
}

/** goingRate's price alone, on plain figures (the rules run for every row of an answer: no objects). */
function goingPrice(avgSale: number, salesSeen14d: number, medianSale14d: number | null): number | null {
  return realmMedianSale(salesSeen14d, medianSale14d) ?? regionAverage(avgSale);
}

/** The lower of the listed sell price and the going rate; the listed price when there is no going rate. */
export function expectedSale(deal: DealPrices, evidence: DealEvidence): number {
  return expectedSaleOf(deal.sellBuyout, deal.avgSale, evidence.salesSeen14d, evidence.medianSale14d);
}

function expectedSaleOf(
  sellBuyout: number,
  avgSale: number,
  salesSeen14d: number,
  medianSale14d: number | null,
): number {
  const rate = goingPrice(avgSale, salesSeen14d, medianSale14d);
  return rate === null ? sellBuyout : Math.min(sellBuyout, rate);
}

/**
 * Expected sale, less the 5% cut, less the buy price: what the deal makes if it sells at the going rate
 * (or the listed price, when lower). The deal dialog shows it beside the expected profit.
 */
export function goingRateProfit(deal: DealPrices, evidence: DealEvidence): number {
  return sellVsBuy(
    deal.buyBuyout,
    expectedSaleOf(deal.sellBuyout, deal.avgSale, evidence.salesSeen14d, evidence.medianSale14d),
  );
}

/** The figure a sell price is judged against for a dead listing, best first (see deadListingBasis). */
export const DEAD_LISTING_REFERENCES = ['realm-sales', 'item-floor', 'realm-floor', 'region'] as const;
export type DeadListingReference = (typeof DEAD_LISTING_REFERENCES)[number];

/** The variant's own floor on the realm when it lies below the sell price (a listing that has been the lowest all along is its own floor). */
function ownFloor(sellBuyout: number, evidence: DealEvidence): number | null {
  const floor = evidence.sellLowQuartile14d;
  return floor !== null && floor > 0 && floor * SAME_PRICE_RATIO < sellBuyout ? floor : null;
}

/**
 * The realm's median sale when it was seen selling the item; else the lower of the item floor and the
 * variant's own floor, whichever there are; else only the region is left: the listing is the realm's
 * only price.
 */
export function deadListingReference(sellBuyout: number, evidence: DealEvidence): DeadListingReference {
  if (realmMedianSale(evidence.salesSeen14d, evidence.medianSale14d) !== null) return 'realm-sales';
  const item = itemFloor(evidence);
  const own = ownFloor(sellBuyout, evidence);
  if (item !== null && (own === null || item <= own)) return 'item-floor';
  return own !== null ? 'realm-floor' : 'region';
}

/** The price of deadListingReference's figure (the region's median lowest for 'region'). */
function referencePrice(reference: DeadListingReference, sellBuyout: number, evidence: DealEvidence): number {
  if (reference === 'realm-sales') return evidence.medianSale14d as number;
  if (reference === 'item-floor') return evidence.sellItemFloor14d as number;
  if (reference === 'realm-floor') return ownFloor(sellBuyout, evidence) as number;
  return evidence.regionMedianLowest;
}

/**
 * What a dead listing was judged against: the reference and its price (null: relisted with nothing to
 * compare). Words only for the tooltip (describeBasis): the flag is decided for every row of an answer.
 */
export interface DeadListingBasis {
  reference: DeadListingReference;
  price: number | null;
}

/** Posted for 24 hours or less: a seller expecting to sell (null: the band cannot tell). */
export function postedToSell(evidence: DealEvidence): boolean {
  const hours = evidence.sellPostedHours;
  return hours !== null && hours > 0 && hours <= SHORT_POSTING_MAX_HOURS;
}

/**
 * Whether the sell price is one buyers on its realm do not pay, judged against the best figure the
 * realm gives, and why (null: not dead):
 * 1. relisted (the same price for longer than any auction runs): 1.8x the realm's median sale, or
 *    dead outright when nobody on the realm was seen buying the item in 14 days;
 * 2. else a listing posted for 24 hours or less is not dead: its seller expects it to sell or go;
 * 3. sales seen on the realm: 2.6x their 14-day median;
 * 4. else the realm's floor for the item (the lower of the item floor and the variant's own floor):
 *    2.6x it, 3x while the listing is under half a day old;
 * 5. else the listing is the realm's only price for it: 7x what the variant is offered at across the
 *    region, after half a day.
 * Bait bought within the hour is left out of the sales and floors the engine reports, so one snipe
 * does not make an honest listing look dear.
 */
export function deadListingBasis(deal: DealPrices, evidence: DealEvidence): DeadListingBasis | null {
  const sell = deal.sellBuyout;
  const age = evidence.sellListingAgeSnapshots;
  const reference = deadListingReference(sell, evidence);
  const price = referencePrice(reference, sell, evidence);
  if (age > LONGEST_AUCTION_SNAPSHOTS) {
    if (reference !== 'realm-sales') return { reference, price: null };
    return sell >= DEAD_LISTING_RELISTED_RATIO * price ? { reference, price } : null;
  }
  if (postedToSell(evidence)) return null;
  if (reference === 'realm-sales')
    return sell >= DEAD_LISTING_SALES_RATIO * price ? { reference, price } : null;
  const young = age < DEAD_LISTING_MIN_AGE_SNAPSHOTS;
  if (reference === 'region') {
    return !young && price > 0 && sell >= DEAD_LISTING_REGION_RATIO * price ? { reference, price } : null;
  }
  const ratio = young ? DEAD_LISTING_YOUNG_RATIO : DEAD_LISTING_FLOOR_RATIO;
  return sell >= ratio * price ? { reference, price } : null;
}

/** Sales the sell realm is expected to make in 48 hours at the pace seen (at least 48 hours counted). */
export function expectedSales48h(evidence: DealEvidence): number {
  const hours = Math.max(evidence.hoursObserved, SALES_PACE_MIN_HOURS);
  return (evidence.salesSeen14d * 48) / hours;
}

function isThinSupply(evidence: DealEvidence): boolean {
  // One unit to buy and a sell price no second listing confirms: both prices rest on a single auction.
  const singleOnBothSides = evidence.buyQuantity <= 1 && evidence.sellListingsNearPrice <= 1;
  return evidence.realmsOffering < THIN_SUPPLY_MIN_REALMS || singleOnBothSides;
}

function isBait(deal: DealPrices, evidence: DealEvidence): boolean {
  const rate = goingPrice(deal.avgSale, evidence.salesSeen14d, evidence.medianSale14d);
  return (
    rate !== null &&
    deal.buyBuyout < BAIT_PRICE_RATIO * rate &&
    evidence.buyQuantity <= 1 &&
    evidence.buyListingAgeSnapshots <= BAIT_MAX_AGE_SNAPSHOTS
  );
}

/** Seconds since the older of the deal's two realms last updated. */
export function oldestUpdateAge(evidence: DealEvidence, nowSeconds: number): number {
  return nowSeconds - Math.min(evidence.buyRealmUpdatedAt, evidence.sellRealmUpdatedAt);
}

/** Bit i of a flag set stands for DEAL_FLAGS[i]. */
export const FLAG_BIT = Object.fromEntries(DEAL_FLAGS.map((flag, i) => [flag, 1 << i])) as Record<
  DealFlag,
  number
>;

/**
 * The flags that apply, as a bit set (bit i: DEAL_FLAGS[i]). No allocation but for a dead listing's
 * basis: an answer runs it for each of tens of thousands of rows. `late`: the buy or sell realm missed
 * its region's last update (the deal is stale whatever the age of its data).
 */
export function dealFlagBits(
  deal: DealPrices,
  evidence: DealEvidence,
  nowSeconds: number,
  late = false,
): number {
  let bits = 0;
  if (late || oldestUpdateAge(evidence, nowSeconds) > STALE_AFTER_SECONDS) bits |= FLAG_BIT.stale;
  if (isThinSupply(evidence)) bits |= FLAG_BIT['thin-supply'];
  if (evidence.salesSeen14d > 0 && expectedSales48h(evidence) < SLOW_SELLER_MIN_SALES_48H)
    bits |= FLAG_BIT['slow-seller'];
  if (evidence.salesSeen14d === 0) bits |= FLAG_BIT['no-sales-seen'];
  if (isBait(deal, evidence)) bits |= FLAG_BIT.bait;
  if (deadListingBasis(deal, evidence) !== null) bits |= FLAG_BIT['dead-listing'];
  return bits;
}

/** Every flag set, by its bits: one shared, frozen list each. */
const FLAG_SETS: readonly (readonly DealFlag[])[] = Array.from(
  { length: 1 << DEAL_FLAGS.length },
  (_, bits) => Object.freeze(DEAL_FLAGS.filter((flag) => (bits & FLAG_BIT[flag]) !== 0)),
);

/** The flags of a bit set, in DEAL_FLAGS order: a shared list (copy it to change it). */
export function flagsOfBits(bits: number): readonly DealFlag[] {
  const flags = FLAG_SETS[bits];
  if (!flags) throw new RangeError(`not a flag set: ${bits}`);
  return flags;
}

/** The flags that apply, in DEAL_FLAGS order. */
export function dealFlags(
  deal: DealPrices,
  evidence: DealEvidence,
  nowSeconds: number,
  late = false,
): DealFlag[] {
  return [...flagsOfBits(dealFlagBits(deal, evidence, nowSeconds, late))];
}

/** Higher is better: low 0, medium 1, high 2 (sorting and the "Minimum confidence" filter). */
export function confidenceRank(level: ConfidenceLevel): number {
  return CONFIDENCE_LEVELS.length - 1 - CONFIDENCE_LEVELS.indexOf(level);
}

export function meetsConfidence(level: ConfidenceLevel, minimum: ConfidenceLevel): boolean {
  return confidenceRank(level) >= confidenceRank(minimum);
}
