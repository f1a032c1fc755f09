// How sure we are of a deal's expected profit (expected-profit.ts): how much evidence the figure rests on
// and whether its sources agree. Not whether the market around the deal is thin: one unit on the buy
// realm and one listing near the sell price is how most gear trades, and the sale chance already prices
// that in. The flags (trust.ts) stay as the reasons told beside the level.
import { expectedProfit, type ExpectedProfitPrices } from './expected-profit';
import { FLAG_BIT, dealFlagBits, flagsOfBits, goingRate, type DealTrust } from './trust';
import type { ConfidenceLevel, DealEvidence, DealFlag } from './deal-evidence';

/**
 * The sell realm watched for less than the longest auction (48 hours) has shown neither its pace of sales
 * nor which listings sit unsold: the figure rests on the region's numbers, at most medium.
 */
export const CONFIDENT_WINDOW_HOURS = 48;
/** Sales seen on the sell realm in 14 days that make a record of what it pays, not a chance sale. */
export const CLEAR_RECORD_SALES = 3;
/**
 * The sell realm's median sale and the region's sale average agree within this factor. Realms differ,
 * but a realm paying over twice (or under half) the region's price is one sale chance the region's
 * numbers cannot confirm.
 */
export const SOURCES_AGREE_RATIO = 2;

/** The flags that say the figure rests on a listing that is not what it seems: low. */
const MISLEADING = FLAG_BIT['dead-listing'] | FLAG_BIT.bait;

/** Whether the realm's median sale and the region's sale average agree (true when there is no region figure). */
export function sourcesAgree(deal: ExpectedProfitPrices, evidence: DealEvidence): boolean {
  const median = evidence.medianSale14d;
  if (evidence.salesSeen14d === 0 || median === null || median <= 0 || deal.avgSale <= 0) return true;
  const ratio = median / deal.avgSale;
  return ratio <= SOURCES_AGREE_RATIO && ratio >= 1 / SOURCES_AGREE_RATIO;
}

/**
 * Low: the deal's listing looks dead or like bait, or there is no price to judge a sale against (no sale
 * on the realm, no region average). High: a clear record of sales on the sell realm, watched for two days
 * at least, agreeing with the region, and data that is current. Medium otherwise: the figure rests on the
 * region's numbers, a short window, a realm that disagrees with the region, or data over 2 hours old.
 */
export function dealConfidence(
  flagBits: number,
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
): ConfidenceLevel {
  if ((flagBits & MISLEADING) !== 0 || goingRate(deal, evidence) === null) return 'low';
  const record =
    evidence.salesSeen14d >= CLEAR_RECORD_SALES && evidence.hoursObserved >= CONFIDENT_WINDOW_HOURS;
  const current = (flagBits & FLAG_BIT.stale) === 0;
  return record && current && sourcesAgree(deal, evidence) ? 'high' : 'medium';
}

/** The sale chance as shown: in hundredths ("62% in 48 h"). */
export const roundChance = (chance: number): number => Math.round(chance * 100) / 100;

/** DealTrust's fields with the flags as a shared list (trust.ts flagsOfBits). */
export type DealTrustFields = Omit<DealTrust, 'flags'> & { flags: readonly DealFlag[] };

/**
 * assessDeal into `out`, its flags a shared frozen list: an answer refills one row object for each of
 * tens of thousands of rows.
 */
export function assessDealInto<T extends DealTrustFields>(
  out: T,
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
  nowSeconds: number,
  late = false,
): T {
  const bits = dealFlagBits(deal, evidence, nowSeconds, late);
  const expected = expectedProfit(deal, evidence);
  out.realisticProfit = expected.expectedProfit;
  out.saleChance = roundChance(expected.saleChance);
  out.confidence = dealConfidence(bits, deal, evidence);
  out.flags = flagsOfBits(bits);
  return out;
}

/**
 * A deal's expected profit, its sale chance, the confidence in them and the flags that explain it. `late`:
 * the buy or sell realm missed its region's last update (stale).
 */
export function assessDeal(
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
  nowSeconds: number,
  late = false,
): DealTrust {
  const empty: DealTrustFields = { realisticProfit: 0, saleChance: 0, confidence: 'low', flags: [] };
  const trust = assessDealInto(empty, deal, evidence, nowSeconds, late);
  return { ...trust, flags: [...trust.flags] };
}
