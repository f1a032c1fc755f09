// Profit arithmetic of SPEC §9 "Calculations". All amounts are gold.
import type { TradeItem } from './trade-item';

export const AH_CUT = 0.05;

// Gold amounts stand for whole copper; rounding to 1/10000 gold removes float noise (0.95 × 1234).
function toCopperPrecision(gold: number): number {
  return Math.round(gold * 10000) / 10000;
}

/** What the seller receives after the auction house keeps its 5%. */
export function sellAHCut(sellBuyout: number): number {
  return toCopperPrecision(sellBuyout * (1 - AH_CUT));
}

export function sellVsBuy(buyBuyout: number, sellBuyout: number): number {
  return toCopperPrecision(sellAHCut(sellBuyout) - buyBuyout);
}

/**
 * Profit if the item sells at its average sale price. The spec takes the 5% cut into account
 * for profit, and a sale at the average price pays the same cut, so it applies here too.
 */
export function saleAvgVsBuy(avgSale: number, buyBuyout: number): number {
  return toCopperPrecision(sellAHCut(avgSale) - buyBuyout);
}

/** Profit as a percentage of the buy price; a free buy with a gain is unbounded (display caps it). */
export function profitPercent(profit: number, buyBuyout: number): number {
  if (buyBuyout > 0) return (profit / buyBuyout) * 100;
  return profit > 0 ? Number.POSITIVE_INFINITY : 0;
}

export interface Totals {
  totalInvestment: number;
  estimatedSellPrice: number;
  profitAfterAhCut: number;
  /** The rows' expected profits (realisticProfit): what the three figures above are worth, summed. */
  expectedProfit: number;
}

type TotalsRow = Pick<TradeItem, 'uniqueTradeKey' | 'buyBuyout' | 'sellBuyout' | 'realisticProfit'>;

/** Totals bar: sums over rows whose trade key is not unchecked. */
export function totals(rows: readonly TotalsRow[], uncheckedTradeKeys: Iterable<string> = []): Totals {
  const unchecked = new Set(uncheckedTradeKeys);
  let totalInvestment = 0;
  let estimatedSellPrice = 0;
  let profitAfterAhCut = 0;
  let expectedProfit = 0;
  for (const row of rows) {
    if (unchecked.has(row.uniqueTradeKey)) continue;
    totalInvestment += row.buyBuyout;
    estimatedSellPrice += row.sellBuyout;
    profitAfterAhCut += sellVsBuy(row.buyBuyout, row.sellBuyout);
    expectedProfit += row.realisticProfit;
  }
  return {
    totalInvestment: toCopperPrecision(totalInvestment),
    estimatedSellPrice: toCopperPrecision(estimatedSellPrice),
    profitAfterAhCut: toCopperPrecision(profitAfterAhCut),
    expectedProfit: toCopperPrecision(expectedProfit),
  };
}

type BoughtRow = Pick<TradeItem, 'uniqueTradeKey' | 'sellingConnectedRealmId'>;

/**
 * What a user buys of one dropship group (an item's rows, best first): per sell realm, the first row
 * not unchecked. The sell price holds for one unit; a second copy on the same realm would have to
 * undercut the first, so the totals count one.
 */
export function boughtRows<T extends BoughtRow>(
  group: readonly T[],
  uncheckedTradeKeys: ReadonlySet<string>,
): T[] {
  const realms = new Set<number>();
  const out: T[] = [];
  for (const row of group) {
    if (uncheckedTradeKeys.has(row.uniqueTradeKey) || realms.has(row.sellingConnectedRealmId)) continue;
    realms.add(row.sellingConnectedRealmId);
    out.push(row);
  }
  return out;
}
