// Cross-realm deals on a snapshot: flipping ("undercut": per variant the cheapest buying realm
// and the best other selling realm) and dropship (per variant every buying realm that lists it,
// paired with its best selling realm, grouped by item id + quality + item level).
//
// Figures (copper inside, gold on the rows):
//   sellAHCut    = round(sell x 0.95)            the 5% auction-house cut is taken
//   sellVsBuy    = sellAHCut - buy
//   saleAvgVsBuy = round(avgSale x 0.95) - buy   a sale at the average price pays the same cut
// Ties: the cheapest buy realm with the lowest realm id; the highest sell price with the lowest realm id.
import { afterAhCut, COPPER_PER_GOLD, toGold } from './money';
import type { MarketSnapshot } from './snapshot';
import type { DropshipGroup, TradeItem } from './types';
import { uniqueTradeKey } from './variant-key';
import { dealEvidence, dealTrust } from './deal-trust';

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

class PairBuffer implements DealPairs {
  count = 0;
  variant = new Int32Array(4096);
  buyEntry = new Int32Array(4096);
  sellEntry = new Int32Array(4096);

  push(v: number, b: number, s: number): void {
    if (this.count === this.variant.length) {
      const n = this.count * 2;
      const a = new Int32Array(n);
      a.set(this.variant);
      this.variant = a;
      const bb = new Int32Array(n);
      bb.set(this.buyEntry);
      this.buyEntry = bb;
      const ss = new Int32Array(n);
      ss.set(this.sellEntry);
      this.sellEntry = ss;
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

interface DropshipScan {
  snapshot: MarketSnapshot;
  f: CopperFloors;
  buyMask: Uint8Array;
  sellMask: Uint8Array;
}

function dropshipScan(snapshot: MarketSnapshot, options: DealSearchOptions): DropshipScan {
  return {
    snapshot,
    f: copperFloors(options.floors),
    buyMask: realmMask(snapshot, options.buyingRealms),
    sellMask: realmMask(snapshot, options.sellingRealms),
  };
}

/**
 * The dropship rows of variant v: every buying entry with a passing profit against its best other
 * selling entry, pushed to `out` when given. Returns the best passing profit (copper), or
 * -Infinity when no row passes.
 */
function dropshipVariant(scan: DropshipScan, v: number, out: PairBuffer | null): number {
  const { snapshot, f, buyMask, sellMask } = scan;
  const { offsets, entryRealm: realm, entryPrice: price } = snapshot;
  if ((snapshot.saleRate[v] as number) < f.saleRate || (snapshot.avgSale[v] as number) < f.avgSale)
    return -Infinity;
  const start = offsets[v] as number;
  const end = offsets[v + 1] as number;
  if (end - start < 2) return -Infinity;
  const s1 = bestSell(realm, price, sellMask, start, end, -1);
  if (s1 < 0) return -Infinity;
  const s1Realm = realm[s1] as number;
  const s2 = bestSell(realm, price, sellMask, start, end, s1Realm);
  const bestCut = afterAhCut(price[s1] as number);
  const secondCut = s2 >= 0 ? afterAhCut(price[s2] as number) : 0;
  let best = -Infinity;
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
    if (profit >= f.profit && profit * 100 >= f.percent * buy) {
      if (profit > best) best = profit;
      out?.push(v, k, s);
    }
  }
  return best;
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
  const trust = dealTrust(snapshot, { buyBuyout, sellBuyout, avgSale: m.avgSale }, evidence);
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
    confidence: trust.confidence,
    flags: trust.flags,
    evidence,
  };
}

/** start, start + 1, ..., end - 1 (a loop: Int32Array.from with a mapping call per index took ~1 ms for a full answer). */
function indexRange(start: number, end: number): Int32Array {
  const out = new Int32Array(Math.max(0, end - start));
  for (let i = 0; i < out.length; i++) out[i] = start + i;
  return out;
}

/** Indices of the `limit` largest values (ties: lower index first), in index order. */
function topIndices(values: Float64Array, limit: number): Int32Array {
  const n = values.length;
  if (limit >= n) return indexRange(0, n);
  if (limit <= 0) return new Int32Array(0);
  const threshold = values.slice().sort()[n - limit] as number; // the limit-th largest
  let ties = limit;
  for (let i = 0; i < n; i++) if ((values[i] as number) > threshold) ties--;
  const out = new Int32Array(limit);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    if (v > threshold || (v === threshold && ties-- > 0)) out[k++] = i;
  }
  return out;
}

function pairProfits(snapshot: MarketSnapshot, pairs: DealPairs): Float64Array {
  const out = new Float64Array(pairs.count);
  for (let i = 0; i < pairs.count; i++) {
    out[i] =
      afterAhCut(snapshot.entryPrice[pairs.sellEntry[i] as number] as number) -
      (snapshot.entryPrice[pairs.buyEntry[i] as number] as number);
  }
  return out;
}

export interface SearchLimit {
  /**
   * Keep only this many rows (flipping) or groups (dropship): those with the highest profit
   * (best profit of a group), ties going to the earlier one; the order stays the snapshot order.
   */
  limit?: number;
}

/** The rows of a flipping search, as pair indices in output order. */
export interface FlippingPlan {
  pairs: DealPairs;
  rows: Int32Array;
}

/** The groups of a dropship search: per group its pair indices in row order, and its key. */
export interface DropshipPlan {
  pairs: DealPairs;
  groups: { key: string; rows: Int32Array }[];
}

export function flippingPlan(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
): FlippingPlan {
  const pairs = flippingPairs(snapshot, options);
  const rows =
    options.limit !== undefined && options.limit < pairs.count
      ? topIndices(pairProfits(snapshot, pairs), options.limit)
      : indexRange(0, pairs.count);
  return { pairs, rows };
}

export function dropshipPlan(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
): DropshipPlan {
  const scan = dropshipScan(snapshot, options);
  const { groupOf, variants } = snapshot;
  const V = snapshot.variantCount;
  const pairs = new PairBuffer();
  if (options.limit === undefined) {
    for (let v = 0; v < V; v++) dropshipVariant(scan, v, pairs);
  } else {
    // With a limit, rank the groups by best profit first and build rows for the kept ones only.
    const groupBest = new Float64Array(snapshot.groupCount).fill(-Infinity);
    for (let v = 0; v < V; v++) {
      const best = dropshipVariant(scan, v, null);
      const g = groupOf[v] as number;
      if (best > (groupBest[g] as number)) groupBest[g] = best;
    }
    const listed: number[] = [];
    for (let g = 0; g < groupBest.length; g++) if ((groupBest[g] as number) > -Infinity) listed.push(g);
    const keep = new Uint8Array(snapshot.groupCount);
    if (options.limit < listed.length) {
      const top = topIndices(
        Float64Array.from(listed, (g) => groupBest[g] as number),
        options.limit,
      );
      for (const i of top) keep[listed[i] as number] = 1;
    } else for (const g of listed) keep[g] = 1;
    for (let v = 0; v < V; v++) if (keep[groupOf[v] as number] === 1) dropshipVariant(scan, v, pairs);
  }
  const profit = pairProfits(snapshot, pairs);
  // Runs of pairs that share a group (every run is a group that is sent).
  const starts: number[] = [];
  for (let i = 0; i < pairs.count; i++) {
    if (i === 0 || groupOf[pairs.variant[i] as number] !== groupOf[pairs.variant[i - 1] as number])
      starts.push(i);
  }
  starts.push(pairs.count);
  const groups = new Array<{ key: string; rows: Int32Array }>(starts.length - 1);
  for (let g = 0; g + 1 < starts.length; g++) {
    const start = starts[g] as number;
    const end = starts[g + 1] as number;
    // Row order within the group: profit descending, then pair index (variant order, buy price).
    const rows = indexRange(start, end);
    if (rows.length > 1) {
      const sorted = Array.from(rows).sort((a, b) => (profit[b] as number) - (profit[a] as number) || a - b);
      rows.set(sorted);
    }
    groups[g] = { key: variants[pairs.variant[start] as number]?.groupKey ?? '', rows };
  }
  return { pairs, groups };
}

function rowOf(snapshot: MarketSnapshot, pairs: DealPairs, i: number): TradeItem {
  return tradeItemOf(
    snapshot,
    pairs.variant[i] as number,
    pairs.buyEntry[i] as number,
    pairs.sellEntry[i] as number,
  );
}

/**
 * Flipping ("undercut") search. Rows come in snapshot variant order (items by id, then pets by
 * species; within an id by quality, item level, key); the client sorts.
 */
export function flippingSearch(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
): TradeItem[] {
  const { pairs, rows } = flippingPlan(snapshot, options);
  const out = new Array<TradeItem>(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = rowOf(snapshot, pairs, rows[k] as number);
  return out;
}

/**
 * Dropship search: groups keyed `${id}|${quality}|${itemLevel}` in snapshot order; within a group
 * the rows are sorted by sellVsBuy descending (ties: variant order, then buy price ascending).
 */
export function dropshipSearch(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
): DropshipGroup[] {
  const { pairs, groups } = dropshipPlan(snapshot, options);
  return groups.map(({ key, rows }) => {
    const variants = new Array<TradeItem>(rows.length);
    for (let j = 0; j < rows.length; j++) variants[j] = rowOf(snapshot, pairs, rows[j] as number);
    const top = variants[0] as TradeItem;
    return { key, mainItem: top, variants, bestProfit: top.sellVsBuy, totalCount: variants.length };
  });
}
