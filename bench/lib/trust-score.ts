// Scoring deals against the simulator's ground truth (targets: docs/deal-trust.md). Pure functions: the
// benchmark collects the rows and the sales, these decide what each row realised and sum it up.
//
// - The realised sale of a row is the highest unit price at which its variant actually sold on its
//   sell realm within the window after the evaluation hour (the next 48 simulated hours), capped
//   at the sell price the row listed; no sale in the window realises a sale of 0.
// - Realised profit = realised sale x 0.95 - buy price, with the engine's rounding of the cut; a
//   row whose buy listing was gone an hour later realises 0 (it could not be bought: no loss).
// - Ratios pool every scored row: sum of realised profit / sum of stated profit.
import { afterAhCut, COPPER_PER_GOLD } from '@goldroute/market';

/** What the benchmark keeps of one flipping row at one evaluation hour. Money: copper unless named gold. */
export interface EvaluatedRow {
  hour: number;
  uniqueTradeKey: string;
  /** Dense variant index (VariantKeys). */
  variant: number;
  buyRealm: number;
  sellRealm: number;
  /** Unit prices the row listed, copper. */
  buy: number;
  sell: number;
  sellVsBuyGold: number;
  /** Undefined while the engine does not give them. */
  realisticProfitGold: number | undefined;
  confidence: string | undefined;
  flags: readonly string[] | undefined;
}

/** The N rows a user sorting by Sell vs Buy sees first (ties: trade key). */
export function topBySellVsBuy<T extends EvaluatedRow>(rows: readonly T[], n: number): T[] {
  return [...rows].sort((a, b) => b.sellVsBuyGold - a.sellVsBuyGold || compareKeys(a, b)).slice(0, n);
}

/**
 * The N rows a user sees first sorting by realistic profit with low confidence hidden (ties:
 * Sell vs Buy, then trade key). Rows without the trust fields are left out.
 */
export function topByRealisticProfit<T extends EvaluatedRow>(rows: readonly T[], n: number): T[] {
  return rows
    .filter(
      (r) => r.realisticProfitGold !== undefined && r.confidence !== undefined && r.confidence !== 'low',
    )
    .sort(
      (a, b) =>
        (b.realisticProfitGold as number) - (a.realisticProfitGold as number) ||
        b.sellVsBuyGold - a.sellVsBuyGold ||
        compareKeys(a, b),
    )
    .slice(0, n);
}

function compareKeys(a: EvaluatedRow, b: EvaluatedRow): number {
  return a.uniqueTradeKey < b.uniqueTradeKey ? -1 : a.uniqueTradeKey > b.uniqueTradeKey ? 1 : 0;
}

/** One variant's sales on one realm: hours and unit prices (copper), in any order. */
export interface SaleSeries {
  hour: number[];
  price: number[];
}

/** The highest unit price sold in hours fromHour..toHour (inclusive), or null when nothing sold. */
export function bestSale(series: SaleSeries | undefined, fromHour: number, toHour: number): number | null {
  if (!series) return null;
  let best: number | null = null;
  for (let i = 0; i < series.hour.length; i++) {
    const h = series.hour[i] as number;
    if (h < fromHour || h > toHour) continue;
    const p = series.price[i] as number;
    if (best === null || p > best) best = p;
  }
  return best;
}

export interface Outcome {
  /** The buy listing was gone an hour later: nothing bought, nothing realised. */
  buyGone: boolean;
  /** Highest sale of the variant on the sell realm in the window, copper; null: none. */
  bestSale: number | null;
}

/** Realised unit sale price, copper: the best sale in the window capped at the listed sell price. */
export function realisedSale(row: Pick<EvaluatedRow, 'sell'>, outcome: Outcome): number {
  if (outcome.buyGone) return 0;
  return Math.min(outcome.bestSale ?? 0, row.sell);
}

/** Realised profit per unit, copper: realised sale less the 5% cut, less the buy; 0 when it could not be bought. */
export function realisedProfit(row: Pick<EvaluatedRow, 'buy' | 'sell'>, outcome: Outcome): number {
  if (outcome.buyGone) return 0;
  return afterAhCut(realisedSale(row, outcome)) - row.buy;
}

/** Totals over a set of scored rows (gold). */
export interface Tally {
  rows: number;
  statedGold: number;
  realisedGold: number;
  /** Rows whose buy listing was gone an hour later. */
  buyGone: number;
  /** Rows bought whose variant did not sell on the sell realm in the window at all. */
  noSale: number;
  /** Rows bought that realised less than 0 (a loss). */
  losses: number;
  /** Rows bought whose best sale reached the listed sell price. */
  fullPrice: number;
  /** Buy prices of the rows bought that did not sell (gold): their share of the realised loss. */
  unsoldBuyGold: number;
}

export function emptyTally(): Tally {
  return {
    rows: 0,
    statedGold: 0,
    realisedGold: 0,
    buyGone: 0,
    noSale: 0,
    losses: 0,
    fullPrice: 0,
    unsoldBuyGold: 0,
  };
}

/** Adds one row: `statedGold` is what the row showed (Sell vs Buy, or realistic profit). */
export function addToTally(
  tally: Tally,
  row: Pick<EvaluatedRow, 'buy' | 'sell'>,
  statedGold: number,
  outcome: Outcome,
): void {
  const profit = realisedProfit(row, outcome);
  tally.rows++;
  tally.statedGold += statedGold;
  tally.realisedGold += profit / COPPER_PER_GOLD;
  if (outcome.buyGone) tally.buyGone++;
  else {
    if (outcome.bestSale === null) {
      tally.noSale++;
      tally.unsoldBuyGold += row.buy / COPPER_PER_GOLD;
    } else if (outcome.bestSale >= row.sell) tally.fullPrice++;
    if (profit < 0) tally.losses++;
  }
}

/** Realised / stated profit, pooled over the tally's rows (NaN when nothing was stated). */
export function realisedRatio(tally: Tally): number {
  return tally.statedGold === 0 ? Number.NaN : tally.realisedGold / tally.statedGold;
}

/**
 * A diagnostic, not the headline figure: realised / stated if a bought item that did not sell in the
 * window cost nothing (kept, to sell later) instead of its buy price.
 */
export function realisedRatioUnsoldKept(tally: Tally): number {
  return tally.statedGold === 0 ? Number.NaN : (tally.realisedGold + tally.unsoldBuyGold) / tally.statedGold;
}

/** Confusion counts of a binary flag against the truth. */
export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

export function emptyConfusion(): Confusion {
  return { tp: 0, fp: 0, fn: 0, tn: 0 };
}

export function addToConfusion(c: Confusion, truth: boolean, predicted: boolean): void {
  if (truth && predicted) c.tp++;
  else if (predicted) c.fp++;
  else if (truth) c.fn++;
  else c.tn++;
}

/** Share of the true cases flagged (NaN without true cases). */
export function recall(c: Confusion): number {
  return c.tp + c.fn === 0 ? Number.NaN : c.tp / (c.tp + c.fn);
}

/** Share of the flagged cases that are true (NaN when nothing was flagged). */
export function precision(c: Confusion): number {
  return c.tp + c.fp === 0 ? Number.NaN : c.tp / (c.tp + c.fp);
}

/** Two decimals, or "n/a" for NaN / infinities. */
export function fixed2(x: number): string {
  return Number.isFinite(x) ? x.toFixed(2) : 'n/a';
}

export interface TrustSummary {
  /** Realised / stated, (a) by Sell vs Buy and (b) by realistic profit without low confidence. */
  ratioA: number;
  ratioB: number;
  /** Realised gold of (b) over realised gold of (a). */
  goldBOverA: number;
  deadRecall: number;
  deadPrecision: number;
}

/** The benchmark's last line: the realised ratios and the dead-listing flag's recall and precision. */
export function summaryLine(s: TrustSummary): string {
  return (
    `trust: realised a=${fixed2(s.ratioA)} b=${fixed2(s.ratioB)} gold-b/a=${fixed2(s.goldBOverA)} ` +
    `dead-recall=${fixed2(s.deadRecall)} dead-precision=${fixed2(s.deadPrecision)}`
  );
}

/** Gold b / gold a; NaN unless (a) realised something positive. */
export function goldRatio(a: Tally, b: Tally): number {
  return a.realisedGold > 0 ? b.realisedGold / a.realisedGold : Number.NaN;
}
