// The words of deal trust: the confidence levels, the flags and the evidence a deal is judged on. Apart from
// trust.ts so the trade item can carry them without importing the rules that read them.

/** Best to worst. */
export const CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** Mildest to worst: the first caps confidence at medium, the others make it low. */
export const DEAL_FLAGS = [
  'stale',
  'thin-supply',
  'slow-seller',
  'no-sales-seen',
  'bait',
  'dead-listing',
] as const;
export type DealFlag = (typeof DEAL_FLAGS)[number];

/** What the engine knows about one deal from consecutive snapshots. Sell side = the selling realm. */
export interface DealEvidence {
  /** Sales of the variant seen on the sell realm in the last 14 days (auctions gone early, not expired). */
  salesSeen14d: number;
  /** Median price of those sales, gold; null when none were seen. */
  medianSale14d: number | null;
  /** Sell-realm listings priced at or below NEAR_PRICE_FACTOR (trust.ts) x the sell price (the lowest one included). */
  sellListingsNearPrice: number;
  /** Units in those listings (shown to the user; no rule uses it). */
  sellQuantityNearPrice: number;
  /** Connected realms of the region that list the variant at all. */
  realmsOffering: number;
  /** Units on the buy realm at the buy price. */
  buyQuantity: number;
  /**
   * Consecutive hourly snapshots of the sell realm that showed its lowest price (1 = new in the
   * latest), by one auction or by the same price relisted under a new one.
   */
  sellListingAgeSnapshots: number;
  /** The same for the buy realm's lowest price, the buy listing. */
  buyListingAgeSnapshots: number;
  /** Time of the newest snapshot of each realm, unix seconds. */
  buyRealmUpdatedAt: number;
  sellRealmUpdatedAt: number;
  /** Hourly snapshots of the sell realm in the evidence window (at most 14 x 24 = 336): the pace of its sales. */
  hoursObserved: number;
  /**
   * Lower quartile of the sell realm's daily lowest price of the item over the 14 days, gold: the
   * price it is usually offered at there; null when it was never listed.
   */
  sellLowQuartile14d: number | null;
  /**
   * Median over the realms offering the variant of their lowest price now, gold: what this very
   * variant (its item level, sockets, quality) is offered at across the region. The region sale
   * average is the item's, whatever its variant, and a high-level variant is worth several times it.
   */
  regionMedianLowest: number;
  /**
   * The item floor: median of the sell realm's daily lowest prices of the item over the 14 days, every
   * variant of it counted, each converted to this variant by how the two compare across the region,
   * leaving out this variant's days at the sell price or above; gold, null when there is none. A
   * listing that has been its variant's only price on the realm still has the item's other variants
   * there to be judged against, and realms differ far more in an item's price than its variants do.
   */
  sellItemFloor14d: number | null;
  /**
   * Hours the seller posted the sell listing for, read off Blizzard's time-left band and how long we
   * have seen it: 12 or 24 (a seller expecting a sale), 48 (the longest), null when the band cannot
   * tell yet (a listing under half a day old reads the same for 24 and 48 hours).
   */
  sellPostedHours: number | null;
}
