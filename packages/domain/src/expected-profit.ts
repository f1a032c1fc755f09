// Expected profit of a deal: what acting on the row is worth, from the evidence our own hourly snapshots
// give (trust.ts DealEvidence) and the region's TSM figures. All amounts are gold, like profit.ts.
//
// Three chances, each a logistic model over the same evidence a user sees in the deal dialog:
// - the sale chance: that the variant sells on the sell realm within 48 hours (the longest auction);
// - the sale value: what that sale brings, as a share of the listed sell price. A buyer pays the listed
//   price at most, and a price far above what the realm pays sells, if at all, once someone lists
//   lower; so this is the expected min(sale price, sell price) over the 48 hours, unsold counting 0;
// - the buy chance: that the buy listing is still there an hour after the snapshot. A listing first
//   seen in the latest snapshot is usually gone within the hour (a snipe, or bait), one older than the
//   longest auction has run out.
// Expected profit = buy chance x (sale value x 0.95 - buy price): an unsold item counts as lost, a buy
// listing that is gone costs nothing. Their weights are fitted on the simulator's ground truth (two
// seeds; a third is kept aside to judge them): `npm run bench:gold --workspace bench` fits and scores
// them (BENCHMARKS.md "Expected profit").
import { AH_CUT } from './profit';
import type { DealPrices } from './trust';
import type { DealEvidence } from './deal-evidence';
import { deadListingBasis, expectedSales48h, goingRate, LONGEST_AUCTION_SNAPSHOTS } from './trust';
import type { TradeItem } from './trade-item';

/** The row's own figures the models read besides the evidence. */
export type ExpectedProfitPrices = DealPrices & Pick<TradeItem, 'saleRate'>;

/** The models' weights, in the order of saleFeatures / buyFeatures. */
export interface SaleModel {
  saleChance: readonly number[];
  saleValue: readonly number[];
  buyChance: readonly number[];
}

/** Fitted by bench:gold on seeds 1 and 2 (seed 3 never used to choose anything). */
export const SALE_MODEL: SaleModel = {
  saleChance: [
    -2.2363, 2.3936, 0.4918, 4.3254, -0.5874, 0.0431, -0.0979, 0.077, 0.6228, 0.0155, -0.1557, -0.3774,
    -0.2548,
  ],
  saleValue: [
    -2.1619, 2.3911, 0.2039, 6.179, -0.923, 0.1743, -1.6003, -0.0233, 1.0863, -1.0357, -0.7054, -0.5965,
    -0.0295,
  ],
  buyChance: [3.7207, -2.7342, -5.4995, 0.0491, 1.9343, 0.8334],
};

/** The sell price against the going rate is read within e^-1 .. e^3 (0.37x .. 20x). */
const SELL_RATIO_LOG_RANGE = [-1, 3] as const;
/** The buy price against the going rate is read within e^-4 .. e^2 (0.02x .. 7.4x). */
const BUY_RATIO_LOG_RANGE = [-4, 2] as const;

const clamp = (x: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, x));

/** log(price / going rate), clamped; 0 without a going rate. */
function logRatio(price: number, deal: DealPrices, evidence: DealEvidence, range: readonly [number, number]) {
  const rate = goingRate(deal, evidence);
  return rate && price > 0 ? clamp(Math.log(price / rate.price), range) : 0;
}

/**
 * What the sale models read: the realm's pace of sales, how many realms offer the variant, the region's
 * sale rate, how dear the sell price is against the going rate (and how that plays with pace and
 * supply), competing listings near the price, and the dead-listing, relisted and sales-seen facts.
 */
export function saleFeatures(deal: ExpectedProfitPrices, evidence: DealEvidence): number[] {
  return Array.from(fillSaleFeatures(new Float64Array(SALE_FEATURES), deal, evidence));
}

const SALE_FEATURES = 13;
const BUY_FEATURES = 6;

/** saleFeatures into `out` (expectedProfit runs for every row of an answer: no list per row). */
function fillSaleFeatures(
  out: Float64Array,
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
): Float64Array {
  const pace = Math.log1p(expectedSales48h(evidence));
  const supply = Math.log(Math.max(1, evidence.realmsOffering));
  const dear = logRatio(deal.sellBuyout, deal, evidence, SELL_RATIO_LOG_RANGE);
  out[0] = 1;
  out[1] = pace;
  out[2] = supply;
  out[3] = deal.saleRate;
  out[4] = dear;
  out[5] = dear * dear;
  out[6] = dear * pace;
  out[7] = dear * supply;
  out[8] = Math.log(Math.max(1, evidence.sellListingsNearPrice));
  out[9] = deadListingBasis(deal, evidence) !== null ? 1 : 0;
  out[10] = evidence.sellListingAgeSnapshots > LONGEST_AUCTION_SNAPSHOTS ? 1 : 0;
  out[11] = evidence.salesSeen14d > 0 ? 1 : 0;
  out[12] = pace * supply;
  return out;
}

/** What the buy model reads: how long the buy listing has stood, how cheap it is, how many units. */
export function buyFeatures(deal: ExpectedProfitPrices, evidence: DealEvidence): number[] {
  return Array.from(fillBuyFeatures(new Float64Array(BUY_FEATURES), deal, evidence));
}

function fillBuyFeatures(
  out: Float64Array,
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
): Float64Array {
  const age = evidence.buyListingAgeSnapshots;
  const fresh = age <= 1 ? 1 : 0;
  const cheap = logRatio(deal.buyBuyout, deal, evidence, BUY_RATIO_LOG_RANGE);
  out[0] = 1;
  out[1] = fresh;
  out[2] = age >= LONGEST_AUCTION_SNAPSHOTS ? 1 : 0;
  out[3] = cheap;
  out[4] = fresh * cheap;
  out[5] = Math.log(Math.max(1, evidence.buyQuantity));
  return out;
}

/** The logistic function of a weighted sum. */
export function logistic(weights: readonly number[], features: ArrayLike<number>): number {
  let z = 0;
  for (let i = 0; i < weights.length; i++) z += (weights[i] as number) * (features[i] as number);
  return 1 / (1 + Math.exp(-z));
}

export interface ExpectedProfit {
  /** Gold: buy chance x (expected sale x 0.95 - buy price). */
  expectedProfit: number;
  /** That the variant sells on the sell realm within 48 hours, 0..1. */
  saleChance: number;
  /** Gold: what a sale is expected to bring (before the cut), given that it sells. */
  expectedSalePrice: number;
  /** That the buy listing is still there an hour after the snapshot, 0..1. */
  buyChance: number;
}

/** One pair of feature buffers, refilled by each call (JavaScript runs one call at a time). */
const SALE_SCRATCH = new Float64Array(SALE_FEATURES);
const BUY_SCRATCH = new Float64Array(BUY_FEATURES);

/** The sell side of a deal, the same for every buy listing against one sell listing. */
export interface SaleOutlook {
  /** That the variant sells on the sell realm within 48 hours, 0..1. */
  saleChance: number;
  /** Gold: what the sale brings on average (unsold counting 0), before the cut. */
  value: number;
}

export function saleOutlook(
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
  model: SaleModel = SALE_MODEL,
): SaleOutlook {
  const features = fillSaleFeatures(SALE_SCRATCH, deal, evidence);
  return {
    saleChance: logistic(model.saleChance, features),
    value: deal.sellBuyout * logistic(model.saleValue, features),
  };
}

/** That the buy listing is still there an hour after the snapshot, 0..1. */
export function buyChance(
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
  model: SaleModel = SALE_MODEL,
): number {
  return logistic(model.buyChance, fillBuyFeatures(BUY_SCRATCH, deal, evidence));
}

/** Gold, in whole copper: buy chance x (sale value x 0.95 - buy price). */
export function expectedProfitOf(outlook: SaleOutlook, chanceToBuy: number, buyBuyout: number): number {
  return Math.round(chanceToBuy * (outlook.value * (1 - AH_CUT) - buyBuyout) * 10000) / 10000;
}

export function expectedProfit(
  deal: ExpectedProfitPrices,
  evidence: DealEvidence,
  model: SaleModel = SALE_MODEL,
): ExpectedProfit {
  const outlook = saleOutlook(deal, evidence, model);
  const chanceToBuy = buyChance(deal, evidence, model);
  return {
    expectedProfit: expectedProfitOf(outlook, chanceToBuy, deal.buyBuyout),
    saleChance: outlook.saleChance,
    expectedSalePrice: Math.min(deal.sellBuyout, outlook.value / outlook.saleChance),
    buyChance: chanceToBuy,
  };
}
