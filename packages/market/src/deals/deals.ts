// Cross-realm deals on a snapshot: flipping ("undercut": per variant the cheapest buying realm
// and the best other selling realm) and dropship (per variant every buying realm that lists it,
// paired with its best selling realm, grouped by item id + quality + item level).
//
// The searches on these pairs (which become rows, in which order, and the cut of a dropship answer) are
// deal-search.ts's.
//
// Figures (copper inside, gold on the rows):
//   sellAHCut    = round(sell x 0.95)            the 5% auction-house cut is taken
//   sellVsBuy    = sellAHCut - buy
//   saleAvgVsBuy = round(avgSale x 0.95) - buy   a sale at the average price pays the same cut
// Ties: the cheapest buy realm with the lowest realm id; the highest sell price with the lowest realm id.
import { afterAhCut, COPPER_PER_GOLD, toGold } from '../money';
import type { MarketSnapshot } from '../snapshot';
import type { TradeItem } from '../types';
import { uniqueTradeKey } from '../variants';
import { dealEvidence, dealTrust, pairLate } from './deal-trust';
import { grown } from '../grown';

/** Rows below these are dropped by the engine (SPEC §5 minimums; gold, rate, percent). */
export interface DealFloors {
  /** sellVsBuy at least this (gold). */
  minProfit: number;
  /** avgSale at least this (gold). */
  minAvgSale: number;
  minSaleRate: number;
  /** sellVsBuy / buyBuyout x 100 at least this. */
  minProfitPercent: number;
}

export const DEFAULT_FLOORS: Readonly<DealFloors> = {
  minProfit: 1000,
  minAvgSale: 500,
  minSaleRate: 0.001,
  minProfitPercent: 1,
};

export interface DealSearchOptions {
  /** Connected realm ids to buy on (ids not in the snapshot are ignored). */
  buyingRealms: readonly number[];
  /** Connected realm ids to sell on. */
  sellingRealms: readonly number[];
  floors?: Partial<DealFloors>;
}

/** Matching (variant, buy entry, sell entry) triples, before rows are built. */
export interface DealPairs {
  count: number;
  variant: Int32Array;
  buyEntry: Int32Array;
  sellEntry: Int32Array;
}

interface CopperFloors {
  profit: number;
  avgSale: number;
  saleRate: number;
  percent: number;
}

function copperFloors(floors: Partial<DealFloors> | undefined): CopperFloors {
  const f = { ...DEFAULT_FLOORS, ...floors };
  return {
    profit: f.minProfit * COPPER_PER_GOLD,
    avgSale: f.minAvgSale * COPPER_PER_GOLD,
    saleRate: f.minSaleRate,
    percent: f.minProfitPercent,
  };
}

function realmMask(snapshot: MarketSnapshot, ids: readonly number[]): Uint8Array {
  const mask = new Uint8Array(snapshot.realmCount);
  for (const id of ids) {
    const r = snapshot.realmIndexOf(id);
    if (r >= 0) mask[r] = 1;
  }
  return mask;
}

export class PairBuffer implements DealPairs {
  count = 0;
  variant = new Int32Array(4096);
  buyEntry = new Int32Array(4096);
  sellEntry = new Int32Array(4096);

  push(v: number, b: number, s: number): void {
    if (this.count === this.variant.length) {
      const n = this.count * 2;
      this.variant = grown(this.variant, n);
      this.buyEntry = grown(this.buyEntry, n);
      this.sellEntry = grown(this.sellEntry, n);
    }
    this.variant[this.count] = v;
    this.buyEntry[this.count] = b;
    this.sellEntry[this.count] = s;
    this.count++;
  }
}

/**
 * Best selling entry of a variant among realms in `mask`, excluding realm `exclude` (-1: none):
 * the highest price, lowest realm index on ties. Entries are sorted by (price, realm) ascending.
 */
function bestSell(
  realm: Uint16Array,
  price: Float64Array,
  mask: Uint8Array,
  start: number,
  end: number,
  exclude: number,
): number {
  let k = end - 1;
  while (k >= start && (mask[realm[k] as number] !== 1 || realm[k] === exclude)) k--;
  if (k < start) return -1;
  const p = price[k];
  let best = k;
  for (k--; k >= start && price[k] === p; k--) {
    if (mask[realm[k] as number] === 1 && realm[k] !== exclude) best = k;
  }
  return best;
}

/** Flipping pairs: per variant the cheapest buying entry and the best other selling entry. */
export function flippingPairs(snapshot: MarketSnapshot, options: DealSearchOptions): DealPairs {
  const f = copperFloors(options.floors);
  const buyMask = realmMask(snapshot, options.buyingRealms);
  const sellMask = realmMask(snapshot, options.sellingRealms);
  const { offsets, entryRealm: realm, entryPrice: price, saleRate, avgSale } = snapshot;
  const out = new PairBuffer();
  for (let v = 0, V = snapshot.variantCount; v < V; v++) {
    if ((saleRate[v] as number) < f.saleRate || (avgSale[v] as number) < f.avgSale) continue;
    const start = offsets[v] as number;
    const end = offsets[v + 1] as number;
    if (end - start < 2) continue;
    let b = start;
    while (b < end && buyMask[realm[b] as number] !== 1) b++;
    if (b === end) continue;
    const s = bestSell(realm, price, sellMask, start, end, realm[b] as number);
    if (s < 0) continue;
    const buy = price[b] as number;
    const profit = afterAhCut(price[s] as number) - buy;
    if (profit >= f.profit && profit * 100 >= f.percent * buy) out.push(v, b, s);
  }
  return out;
}

export interface DropshipScan {
  snapshot: MarketSnapshot;
  f: CopperFloors;
  buyMask: Uint8Array;
  sellMask: Uint8Array;
}

export function dropshipScan(snapshot: MarketSnapshot, options: DealSearchOptions): DropshipScan {
  return {
    snapshot,
    f: copperFloors(options.floors),
    buyMask: realmMask(snapshot, options.buyingRealms),
    sellMask: realmMask(snapshot, options.sellingRealms),
  };
}

/**
 * The dropship rows of variant v: every buying entry with a passing profit against its best other
 * selling entry, pushed to `out`.
 */
export function dropshipVariant(scan: DropshipScan, v: number, out: PairBuffer): void {
  const { snapshot, f, buyMask, sellMask } = scan;
  const { offsets, entryRealm: realm, entryPrice: price } = snapshot;
  if ((snapshot.saleRate[v] as number) < f.saleRate || (snapshot.avgSale[v] as number) < f.avgSale) return;
  const start = offsets[v] as number;
  const end = offsets[v + 1] as number;
  if (end - start < 2) return;
  const s1 = bestSell(realm, price, sellMask, start, end, -1);
  if (s1 < 0) return;
  const s1Realm = realm[s1] as number;
  const s2 = bestSell(realm, price, sellMask, start, end, s1Realm);
  const bestCut = afterAhCut(price[s1] as number);
  const secondCut = s2 >= 0 ? afterAhCut(price[s2] as number) : 0;
  for (let k = start; k < end; k++) {
    const buy = price[k] as number;
    // Prices ascend: once even the best sale cannot clear the floor, no later entry can.
    if (bestCut - buy < f.profit) break;
    const r = realm[k] as number;
    if (buyMask[r] !== 1) continue;
    let s = s1;
    let cut = bestCut;
    if (r === s1Realm) {
      if (s2 < 0) continue;
      s = s2;
      cut = secondCut;
    }
    const profit = cut - buy;
    if (profit >= f.profit && profit * 100 >= f.percent * buy) out.push(v, k, s);
  }
}

/** Dropship pairs: per variant every buying entry with a passing profit against its best other selling entry. */
export function dropshipPairs(snapshot: MarketSnapshot, options: DealSearchOptions): DealPairs {
  const scan = dropshipScan(snapshot, options);
  const out = new PairBuffer();
  for (let v = 0, V = snapshot.variantCount; v < V; v++) dropshipVariant(scan, v, out);
  return out;
}

/** Builds the SPEC §3 trade item of one pair. Array fields are shared with the snapshot (frozen). */
export function tradeItemOf(
  snapshot: MarketSnapshot,
  v: number,
  buyEntry: number,
  sellEntry: number,
): TradeItem {
  const m = snapshot.variants[v];
  const br = snapshot.realms[snapshot.entryRealm[buyEntry] as number];
  const sr = snapshot.realms[snapshot.entryRealm[sellEntry] as number];
  if (!m || !br || !sr) throw new RangeError('pair outside the snapshot');
  const buy = snapshot.entryPrice[buyEntry] as number;
  const sell = snapshot.entryPrice[sellEntry] as number;
  const cut = afterAhCut(sell);
  const buyBuyout = toGold(buy);
  const sellBuyout = toGold(sell);
  const evidence = dealEvidence(snapshot, v, buyEntry, sellEntry);
  const trust = dealTrust(
    snapshot,
    { buyBuyout, sellBuyout, avgSale: m.avgSale, saleRate: m.saleRate },
    evidence,
    pairLate(snapshot, buyEntry, sellEntry),
  );
  return {
    uniqueTradeKey: uniqueTradeKey(m.uniqueItemKey, br.id, sr.id),
    uniqueItemKey: m.uniqueItemKey,
    id: m.id,
    realPetId: m.realPetId,
    npcId: m.npcId,
    name: m.name,
    class: m.class,
    subclass: m.subclass,
    bonus: m.bonus as number[],
    mediaURL: m.mediaURL,
    quality: m.quality,
    itemLevel: m.itemLevel,
    patchNumber: m.patchNumber,
    crafted: m.crafted,
    sockets: m.sockets as number[],
    tertiaryStats: m.tertiaryStats as string[],
    craftedStats: m.craftedStats as string[],
    saleRate: m.saleRate,
    avgSale: m.avgSale,
    marketValue: m.marketValue,
    historical: m.historical,
    buyBuyout,
    sellBuyout,
    sellAHCut: toGold(cut),
    sellVsBuy: toGold(cut - buy),
    saleAvgVsBuy: toGold(afterAhCut(snapshot.avgSale[v] as number) - buy),
    buyingConnectedRealmId: br.id,
    buyingConnectedRealmName: br.name,
    buyingConnectedRealmPopulation: br.population,
    sellingConnectedRealmId: sr.id,
    sellingConnectedRealmName: sr.name,
    sellingConnectedRealmPopulation: sr.population,
    realisticProfit: trust.realisticProfit,
    saleChance: trust.saleChance,
    confidence: trust.confidence,
    flags: trust.flags,
    evidence,
  };
}
