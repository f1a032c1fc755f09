// Test oracle, the deals: flipping rows and dropship groups from the reference market
// (reference-market.ts), every buy and sell realm tried in nested loops.
import { assessDeal, type TradeEvidence } from '@goldroute/domain';
import { emptyEvidence } from '../deals';
import { afterAhCut } from '../money';
import type { DropshipGroup, RealmInfo, TradeItem } from '../types';
import { dropshipGroupKey, uniqueTradeKey } from '../variants';
import { medianOf, type RefMarket, type RefVariant } from './reference-market';

export interface RefFloors {
  minProfit: number;
  minAvgSale: number;
  minSaleRate: number;
  minProfitPercent: number;
}

function row(m: RefMarket, v: RefVariant, buyId: number, sellId: number): TradeItem {
  const buy = v.prices.get(buyId)?.min as number;
  const sell = v.prices.get(sellId)?.min as number;
  const br = m.realms.find((r) => r.id === buyId) as RealmInfo;
  const sr = m.realms.find((r) => r.id === sellId) as RealmInfo;
  const cut = Math.round(sell * 0.95 + 1e-9);
  // Snapshots built from dumps alone (no evidence option, no dump times): nothing seen but the
  // realms that list the variant.
  const evidence: TradeEvidence = {
    ...emptyEvidence(),
    realmsOffering: v.prices.size,
    regionMedianLowest: medianOf([...v.prices.values()].map((p) => p.min)) / 10000,
  };
  const prices = {
    buyBuyout: buy / 10000,
    sellBuyout: sell / 10000,
    avgSale: v.row.avgSale,
    saleRate: v.row.saleRate,
  };
  return {
    uniqueTradeKey: uniqueTradeKey(v.key, buyId, sellId),
    ...v.row,
    buyBuyout: buy / 10000,
    sellBuyout: sell / 10000,
    sellAHCut: cut / 10000,
    sellVsBuy: (cut - buy) / 10000,
    saleAvgVsBuy: (Math.round(v.avgSaleCopper * 0.95 + 1e-9) - buy) / 10000,
    buyingConnectedRealmId: buyId,
    buyingConnectedRealmName: br.name,
    buyingConnectedRealmPopulation: br.population,
    sellingConnectedRealmId: sellId,
    sellingConnectedRealmName: sr.name,
    sellingConnectedRealmPopulation: sr.population,
    ...assessDeal(prices, evidence, 0),
    evidence,
  };
}

function passes(v: RefVariant, buy: number, sell: number, f: RefFloors): boolean {
  const profitGold = (afterAhCut(sell) - buy) / 10000;
  return (
    v.saleRate >= f.minSaleRate &&
    v.avgSaleCopper / 10000 >= f.minAvgSale &&
    profitGold >= f.minProfit &&
    (profitGold / (buy / 10000)) * 100 >= f.minProfitPercent - 1e-9
  );
}

/** Best sell realm for a buy realm: highest price, then lowest realm id; never the buy realm. */
function bestSellFor(v: RefVariant, selling: readonly number[], buyId: number): number | undefined {
  let best: number | undefined;
  for (const id of [...selling].sort((a, b) => a - b)) {
    if (id === buyId) continue;
    const p = v.prices.get(id);
    if (!p) continue;
    const cur = best === undefined ? undefined : v.prices.get(best);
    if (!cur || p.min > cur.min) best = id;
  }
  return best;
}

export function referenceFlipping(
  m: RefMarket,
  buying: readonly number[],
  selling: readonly number[],
  f: RefFloors,
): TradeItem[] {
  const out: TradeItem[] = [];
  for (const v of m.variants) {
    let buyId: number | undefined;
    for (const id of [...buying].sort((a, b) => a - b)) {
      const p = v.prices.get(id);
      if (!p) continue;
      const cur = buyId === undefined ? undefined : v.prices.get(buyId);
      if (!cur || p.min < cur.min) buyId = id;
    }
    if (buyId === undefined) continue;
    const sellId = bestSellFor(v, selling, buyId);
    if (sellId === undefined) continue;
    const buy = v.prices.get(buyId)?.min as number;
    const sell = v.prices.get(sellId)?.min as number;
    if (passes(v, buy, sell, f)) out.push(row(m, v, buyId, sellId));
  }
  return out;
}

export function referenceDropship(
  m: RefMarket,
  buying: readonly number[],
  selling: readonly number[],
  f: RefFloors,
): DropshipGroup[] {
  const groups: DropshipGroup[] = [];
  const byKey = new Map<string, TradeItem[]>();
  for (const v of m.variants) {
    // Buy realms in the order of their price, then realm id (the engine's entry order).
    const buys = [...buying]
      .filter((id, i, all) => v.prices.has(id) && all.indexOf(id) === i)
      .sort((a, b) => (v.prices.get(a)?.min as number) - (v.prices.get(b)?.min as number) || a - b);
    for (const buyId of buys) {
      const sellId = bestSellFor(v, selling, buyId);
      if (sellId === undefined) continue;
      const buy = v.prices.get(buyId)?.min as number;
      const sell = v.prices.get(sellId)?.min as number;
      if (!passes(v, buy, sell, f)) continue;
      const item = row(m, v, buyId, sellId);
      const key = dropshipGroupKey(item.id, item.quality, item.itemLevel);
      let list = byKey.get(key);
      if (!list) {
        list = [];
        byKey.set(key, list);
        groups.push({ key, mainItem: item, variants: list, bestProfit: 0, totalCount: 0 });
      }
      list.push(item);
    }
  }
  for (const g of groups) {
    g.variants.sort((a, b) => b.realisticProfit - a.realisticProfit);
    g.mainItem = g.variants[0] as TradeItem;
    g.bestProfit = g.mainItem.sellVsBuy;
    g.totalCount = g.variants.length;
  }
  return groups;
}
