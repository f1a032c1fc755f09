// Rows of decoded market columns (trade-columns.ts) as the SPEC JSON carries them: built one at a time,
// when a screen shows a row (a page of 100, a detail view, an export), never for a whole answer at load.
import type { DropshipGroup, TradeEvidence, TradeItem } from '../trade-item';
import { nullable } from './answer-format';
import { predictedTradeKey } from './predictions';
import type { CodeColumn, GroupColumns, TradeColumns } from './trade-columns';

export function tradeKeyAt(c: TradeColumns, i: number): string {
  return (
    c.tradeKeys.get(i) ??
    predictedTradeKey(
      c.variants.itemKey(c.variant[i]!),
      c.realms.id[c.buyRealm[i]!]!,
      c.realms.id[c.sellRealm[i]!]!,
    )
  );
}

export function itemKeyAt(c: TradeColumns, i: number): string {
  return c.variants.itemKey(c.variant[i]!);
}

const valueAt = <V>(column: CodeColumn<V>, i: number): V => column.values[column.codes[i]!]!;

/** Row i as the SPEC JSON carries it (same fields, same order; lists are the row's own copies). */
export function tradeItemAt(c: TradeColumns, i: number): TradeItem {
  const V = c.variants;
  const R = c.realms;
  const v = c.variant[i]!;
  const b = c.buyRealm[i]!;
  const s = c.sellRealm[i]!;
  const evidence: TradeEvidence = {
    salesSeen14d: c.salesSeen14d[i]!,
    medianSale14d: nullable(c.medianSale14d[i]!),
    sellListingsNearPrice: c.sellListingsNearPrice[i]!,
    sellQuantityNearPrice: c.sellQuantityNearPrice[i]!,
    realmsOffering: c.realmsOffering[i]!,
    buyQuantity: c.buyQuantity[i]!,
    sellListingAgeSnapshots: c.sellListingAgeSnapshots[i]!,
    buyListingAgeSnapshots: c.buyListingAgeSnapshots[i]!,
    buyRealmUpdatedAt: R.updatedAt[b]!,
    sellRealmUpdatedAt: R.updatedAt[s]!,
    hoursObserved: c.hoursObserved[i]!,
    sellLowQuartile14d: nullable(c.sellLowQuartile14d[i]!),
    regionMedianLowest: c.regionMedianLowest[i]!,
    sellItemFloor14d: nullable(c.sellItemFloor14d[i]!),
    sellPostedHours: c.sellPostedHours[i]! > 0 ? c.sellPostedHours[i]! : null,
  };
  return {
    uniqueTradeKey: tradeKeyAt(c, i),
    uniqueItemKey: V.itemKey(v),
    id: V.id[v]!,
    realPetId: nullable(V.realPetId[v]!),
    npcId: nullable(V.npcId[v]!),
    name: valueAt(V.name, v),
    class: valueAt(V.class, v),
    subclass: valueAt(V.subclass, v),
    bonus: [...valueAt(V.bonus, v)],
    mediaURL: valueAt(V.mediaURL, v),
    quality: valueAt(V.quality, v),
    itemLevel: nullable(V.itemLevel[v]!),
    patchNumber: V.patchNumber[v]!,
    crafted: V.crafted[v] === 1,
    sockets: [...valueAt(V.sockets, v)],
    tertiaryStats: [...valueAt(V.tertiaryStats, v)],
    craftedStats: [...valueAt(V.craftedStats, v)],
    saleRate: V.saleRate[v]!,
    avgSale: V.avgSale[v]!,
    marketValue: V.marketValue[v]!,
    historical: V.historical[v]!,
    buyBuyout: c.buyBuyout[i]!,
    sellBuyout: c.sellBuyout[i]!,
    sellAHCut: c.sellAHCut[i]!,
    sellVsBuy: c.sellVsBuy[i]!,
    saleAvgVsBuy: c.saleAvgVsBuy[i]!,
    buyingConnectedRealmId: R.id[b]!,
    buyingConnectedRealmName: R.name[b]!,
    buyingConnectedRealmPopulation: R.population[b]!,
    sellingConnectedRealmId: R.id[s]!,
    sellingConnectedRealmName: R.name[s]!,
    sellingConnectedRealmPopulation: R.population[s]!,
    realisticProfit: c.realisticProfit[i]!,
    saleChance: c.saleChance[i]!,
    confidence: valueAt(c.confidence, i),
    flags: [...valueAt(c.flags, i)],
    evidence,
  };
}

export function tradeItemsOf(c: TradeColumns): TradeItem[] {
  return Array.from({ length: c.length }, (_, i) => tradeItemAt(c, i));
}

/** The groups as the SPEC JSON carries them. */
export function dropshipGroupsOf(c: TradeColumns, groups: GroupColumns): DropshipGroup[] {
  return Array.from({ length: groups.count }, (_, g) => {
    const variants: TradeItem[] = [];
    for (let i = groups.start[g]!; i < groups.start[g + 1]!; i++) variants.push(tradeItemAt(c, i));
    return {
      key: groups.key[g]!,
      mainItem: tradeItemAt(c, groups.start[g]!),
      variants,
      bestProfit: groups.bestProfit[g]!,
      totalCount: groups.totalCount[g]!,
    };
  });
}
