// Test oracle: the engine's rules written the obvious way (JSON.parse, plain objects, nested
// loops, no typed arrays, no early exits). Property tests compare the engine against it.
import { assessDeal, craftedStatName, type TradeEvidence } from '@goldroute/domain';
import { afterAhCut, toGold } from '../money';
import { appClassification } from '../snapshot';
import type {
  BonusData,
  DropshipGroup,
  ItemInfo,
  PetInfo,
  RealmInfo,
  RealmStats,
  TradeItem,
  TsmRow,
} from '../types';
import {
  dropshipGroupKey,
  petItemKey,
  qualityLabel,
  resolveVariant,
  uniqueItemKey,
  uniqueTradeKey,
} from '../variants';

interface RefVariant {
  key: string;
  isPet: boolean;
  baseId: number;
  qualityId: number;
  itemLevel: number | null;
  row: Omit<
    TradeItem,
    | 'uniqueTradeKey'
    | 'buyBuyout'
    | 'sellBuyout'
    | 'sellAHCut'
    | 'sellVsBuy'
    | 'saleAvgVsBuy'
    | 'buyingConnectedRealmId'
    | 'buyingConnectedRealmName'
    | 'buyingConnectedRealmPopulation'
    | 'sellingConnectedRealmId'
    | 'sellingConnectedRealmName'
    | 'sellingConnectedRealmPopulation'
    | 'realisticProfit'
    | 'saleChance'
    | 'confidence'
    | 'flags'
    | 'evidence'
  >;
  avgSaleCopper: number;
  saleRate: number;
  /** realm id -> lowest unit price (copper) and quantity. */
  prices: Map<number, { min: number; qty: number }>;
}

export interface RefMarket {
  realms: RealmInfo[];
  /** Variants in the engine's order. */
  variants: RefVariant[];
  auctions: Map<number, number>;
}

interface AnyAuction {
  item?: {
    id?: unknown;
    bonus_lists?: unknown;
    modifiers?: unknown;
    pet_species_id?: unknown;
    pet_level?: unknown;
    pet_quality_id?: unknown;
  };
  buyout?: unknown;
  unit_price?: unknown;
  quantity?: unknown;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

export interface RefDump {
  realmId: number;
  json: string;
}

/** A row's TSM figures (zero without a TSM row), money in gold. */
function tsmFigures(
  row: TsmRow | undefined,
): Pick<TradeItem, 'saleRate' | 'avgSale' | 'marketValue' | 'historical'> {
  return {
    saleRate: row ? (row.saleRate ?? row.salePct ?? 0) : 0,
    avgSale: toGold(row ? Math.round(row.avgSalePrice) : 0),
    marketValue: toGold(row ? Math.round(row.marketValue) : 0),
    historical: toGold(row ? Math.round(row.historical) : 0),
  };
}

/** Reduces dumps (parsed with JSON.parse) to variants with per-realm lowest price and quantity. */
export function referenceMarket(
  dumps: readonly RefDump[],
  realms: readonly RealmInfo[],
  items: ReadonlyMap<number, ItemInfo>,
  pets: ReadonlyMap<number, PetInfo>,
  bonusData: BonusData,
  tsm: readonly TsmRow[],
): RefMarket {
  const sortedRealms = [...realms].sort((a, b) => a.id - b.id);
  const known = new Set(sortedRealms.map((r) => r.id));
  const byKey = new Map<string, RefVariant>();
  const auctions = new Map<number, number>();
  const latest = new Map<number, string>();
  for (const d of dumps) latest.set(d.realmId, d.json);
  for (const realm of sortedRealms) {
    const json = latest.get(realm.id);
    if (json === undefined || !known.has(realm.id)) continue;
    const doc = JSON.parse(json) as { auctions: AnyAuction[] };
    auctions.set(realm.id, doc.auctions.length);
    for (const a of doc.auctions) {
      const itemId = num(a.item?.id);
      if (itemId === undefined || itemId < 0) continue;
      const quantity = a.quantity === undefined ? 1 : num(a.quantity);
      if (quantity === undefined || !(quantity > 0)) continue;
      const buyout = num(a.buyout);
      const unit = num(a.unit_price);
      let price: number;
      if (buyout !== undefined && buyout >= 0) price = Math.max(1, Math.round(buyout / quantity));
      else if (unit !== undefined && unit >= 0) price = Math.max(1, Math.round(unit));
      else continue;
      const species = num(a.item?.pet_species_id) ?? 0;
      let v: RefVariant | undefined;
      if (species > 0) {
        const pet = pets.get(species);
        if (!pet) continue;
        const level = (num(a.item?.pet_level) ?? 0) > 0 ? (num(a.item?.pet_level) as number) : 1;
        const q = (num(a.item?.pet_quality_id) ?? 0) > 0 ? (num(a.item?.pet_quality_id) as number) : 1;
        const key = petItemKey(species, level, q);
        v = byKey.get(key);
        if (!v) {
          const id = `pet_${species}`;
          const row = tsm.find((t) => t.petSpeciesId === species);
          v = {
            key,
            isPet: true,
            baseId: species,
            qualityId: q,
            itemLevel: level,
            avgSaleCopper: row ? Math.round(row.avgSalePrice) : 0,
            saleRate: row ? (row.saleRate ?? row.salePct ?? 0) : 0,
            row: {
              uniqueItemKey: key,
              id,
              realPetId: species,
              npcId: pet.npcId,
              name: pet.name,
              class: 'Pet',
              subclass: pet.familyName ?? 'Battle Pet',
              bonus: [],
              mediaURL: pet.mediaURL,
              quality: qualityLabel(q),
              itemLevel: level,
              patchNumber: pet.expansion,
              crafted: false,
              sockets: [],
              tertiaryStats: [],
              craftedStats: [],
              ...tsmFigures(row),
            },
            prices: new Map(),
          };
          byKey.set(key, v);
        }
      } else {
        const item = items.get(itemId);
        if (!item) continue;
        const bonus = Array.isArray(a.item?.bonus_lists)
          ? (a.item.bonus_lists as unknown[]).filter((b): b is number => typeof b === 'number')
          : [];
        const modifiers: { type: number; value: number }[] = [];
        if (Array.isArray(a.item?.modifiers)) {
          for (const m of a.item.modifiers as { type?: unknown; value?: unknown }[]) {
            if (typeof m.type === 'number' && typeof m.value === 'number' && m.value >= 0)
              modifiers.push({ type: m.type, value: m.value });
          }
        }
        const r = resolveVariant(item, bonus, modifiers, bonusData);
        const key = uniqueItemKey(itemId, r);
        v = byKey.get(key);
        if (!v) {
          const row = tsm.find(
            (t) => t.itemId === itemId && !(typeof t.petSpeciesId === 'number' && t.petSpeciesId > 0),
          );
          const cls = appClassification(item.className, item.subclassName);
          v = {
            key,
            isPet: false,
            baseId: itemId,
            qualityId: r.quality,
            itemLevel: r.itemLevel,
            avgSaleCopper: row ? Math.round(row.avgSalePrice) : 0,
            saleRate: row ? (row.saleRate ?? row.salePct ?? 0) : 0,
            row: {
              uniqueItemKey: key,
              id: itemId,
              realPetId: null,
              npcId: null,
              name: item.name,
              class: cls.class,
              subclass: cls.subclass,
              bonus: [...bonus].sort((x, y) => x - y),
              mediaURL: item.mediaURL,
              quality: qualityLabel(r.quality),
              itemLevel: r.itemLevel,
              patchNumber: item.expansion,
              crafted: item.crafted,
              sockets: r.sockets,
              tertiaryStats: r.tertiaryStats,
              craftedStats: r.craftedStats.map((id) => craftedStatName(id) ?? `Stat ${id}`),
              ...tsmFigures(row),
            },
            prices: new Map(),
          };
          byKey.set(key, v);
        }
      }
      const cur = v.prices.get(realm.id);
      if (!cur) v.prices.set(realm.id, { min: price, qty: quantity });
      else {
        cur.min = Math.min(cur.min, price);
        cur.qty += quantity;
      }
    }
  }
  const variants = [...byKey.values()].sort((a, b) => {
    if (a.isPet !== b.isPet) return a.isPet ? 1 : -1;
    if (a.baseId !== b.baseId) return a.baseId - b.baseId;
    if (a.qualityId !== b.qualityId) return a.qualityId - b.qualityId;
    const la = a.itemLevel ?? Infinity;
    const lb = b.itemLevel ?? Infinity;
    if (la !== lb) return la < lb ? -1 : 1;
    return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
  return { realms: sortedRealms, variants, auctions };
}

export interface RefFloors {
  minProfit: number;
  minAvgSale: number;
  minSaleRate: number;
  minProfitPercent: number;
}

/** The median of some numbers (the mean of the middle two for an even count). */
function medianOf(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
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
    salesSeen14d: 0,
    medianSale14d: null,
    sellListingsNearPrice: 0,
    sellQuantityNearPrice: 0,
    realmsOffering: v.prices.size,
    buyQuantity: 0,
    sellListingAgeSnapshots: 0,
    buyListingAgeSnapshots: 0,
    buyRealmUpdatedAt: 0,
    sellRealmUpdatedAt: 0,
    hoursObserved: 0,
    sellLowQuartile14d: null,
    regionMedianLowest: medianOf([...v.prices.values()].map((p) => p.min)) / 10000,
    sellItemFloor14d: null,
    sellPostedHours: null,
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

export function referenceRealmStats(m: RefMarket, only?: readonly number[]): RealmStats {
  const rows = [];
  for (const realm of m.realms) {
    if (!m.auctions.has(realm.id)) continue;
    if (only && !only.includes(realm.id)) continue;
    let listed = 0;
    let ratio = 0;
    let cheaper = 0;
    let expensive = 0;
    let equal = 0;
    for (const v of m.variants) {
      const mine = v.prices.get(realm.id);
      if (!mine) continue;
      const all = [...v.prices.values()].map((p) => p.min).sort((a, b) => a - b);
      const min = all[0] as number;
      const mid = all.length / 2;
      const median =
        all.length % 2 === 1
          ? (all[Math.floor(mid)] as number)
          : ((all[mid - 1] as number) + (all[mid] as number)) / 2;
      listed++;
      ratio += mine.min / min;
      if (mine.min < median) cheaper++;
      else if (mine.min > median) expensive++;
      else equal++;
    }
    rows.push({
      realmId: realm.id,
      realmName: realm.name,
      realmPopulation: realm.population,
      totalAuctions: m.auctions.get(realm.id) ?? 0,
      avgPriceRatio: listed ? ratio / listed : 0,
      cheaperThanRegion: cheaper,
      expensiveThanRegion: expensive,
      percentCheaper: listed ? (100 * cheaper) / listed : 0,
      percentExpensive: listed ? (100 * expensive) / listed : 0,
      percentEqual: listed ? (100 * equal) / listed : 0,
    });
  }
  rows.sort((a, b) => b.percentCheaper - a.percentCheaper || a.realmId - b.realmId);
  const n = rows.length;
  return {
    overallStats: {
      totalRealms: n,
      totalAuctions: rows.reduce((s, r) => s + r.totalAuctions, 0),
      avgPriceRatio: n ? rows.reduce((s, r) => s + r.avgPriceRatio, 0) / n : 0,
      percentCheaper: n ? rows.reduce((s, r) => s + r.percentCheaper, 0) / n : 0,
    },
    realmStats: rows,
  };
}
