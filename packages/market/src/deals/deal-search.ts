// The searches the tools answer, on a snapshot's deal pairs (deals.ts): which pairs become rows, in
// which order, and the trade items of them. Flipping rows come in snapshot variant order (the client
// sorts). Dropship groups are an item's rows (id, quality, item level), best first by expected profit;
// with a limit, the groups kept are those whose best row has the highest expected profit, ranked over
// every group found (dead listings rank first by raw Sell vs Buy, so a cut by it would drop real deals).
import { afterAhCut } from '../money';
import { pairExpectations } from './deal-trust';
import type { DealPairs, DealSearchOptions } from './deals';
import {
  PairBuffer,
  dropshipScan,
  dropshipVariant,
  flippingPairs,
  tradeItemOf,
  type DropshipScan,
} from './deals';
import type { MarketSnapshot } from '../snapshot';
import type { DropshipGroup, TradeItem } from '../types';

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
    const x = values[i] as number;
    if (x > threshold || (x === threshold && ties-- > 0)) out[k++] = i;
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
   * Keep only this many rows (flipping: those with the highest Sell vs Buy) or groups (dropship: those
   * whose best row has the highest expected profit), ties going to the earlier one; the order stays the
   * snapshot order.
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
  /** Groups the search found before any limit (the answer holds `groups.length` of them). */
  found: number;
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
  let found: number;
  if (options.limit === undefined) {
    for (let v = 0; v < V; v++) dropshipVariant(scan, v, pairs);
    found = -1;
  } else {
    const keep = keptGroups(snapshot, scan, options.limit);
    for (let v = 0; v < V; v++) if (keep.groups[groupOf[v] as number] === 1) dropshipVariant(scan, v, pairs);
    found = keep.found;
  }
  // Runs of pairs that share a group (every run is a group that is sent): its variants are consecutive.
  const starts: number[] = [];
  for (let i = 0; i < pairs.count; i++) {
    if (i === 0 || groupOf[pairs.variant[i] as number] !== groupOf[pairs.variant[i - 1] as number])
      starts.push(i);
  }
  starts.push(pairs.count);
  const expectation = pairExpectations(snapshot, pairs);
  const groups = Array.from({ length: starts.length - 1 }, (_, g) => {
    // Row order within the group: expected profit descending, then pair index (variant order, buy price).
    const from = starts[g] as number;
    const rows = indexRange(from, starts[g + 1] as number);
    if (rows.length > 1) {
      const expected = Array.from(rows, (i) => expectation.of(i));
      const order = Array.from(rows.keys()).sort(
        (a, b) => (expected[b] as number) - (expected[a] as number) || a - b,
      );
      rows.set(order.map((k) => from + k));
    }
    return { key: variants[pairs.variant[rows[0] as number] as number]?.groupKey ?? '', rows };
  });
  return { pairs, groups, found: found < 0 ? groups.length : found };
}

/**
 * The `limit` groups whose best row has the highest expected profit (ties: the earlier group), as a mask
 * by group, and how many groups have a row at all: each variant's rows are worked out and dropped. A
 * variant none of whose rows could make anything (sale value x 0.95 at most its cheapest buy) ranks below
 * every group with a row that does: its rows are worked out only when fewer than `limit` groups make
 * something, which on a broad search (most variants trade at a loss by expected profit) they rarely are.
 */
function keptGroups(
  snapshot: MarketSnapshot,
  scan: DropshipScan,
  limit: number,
): { groups: Uint8Array; found: number } {
  const { groupOf, groupCount, variantCount: V } = snapshot;
  const best = new Float64Array(groupCount).fill(-Infinity);
  const listed = new Uint8Array(groupCount);
  const variantPairs = new PairBuffer();
  const expectation = pairExpectations(snapshot, variantPairs);
  const losing: number[] = [];
  const bestOf = (v: number): void => {
    const g = groupOf[v] as number;
    best[g] = Math.max(best[g] as number, expectation.best(0, variantPairs.count));
  };
  for (let v = 0; v < V; v++) {
    variantPairs.count = 0;
    dropshipVariant(scan, v, variantPairs);
    if (variantPairs.count === 0) continue;
    listed[groupOf[v] as number] = 1;
    if (expectation.bound(0, variantPairs.count) <= 0) losing.push(v);
    else bestOf(v);
  }
  let making = 0;
  for (let g = 0; g < groupCount; g++) if ((best[g] as number) > 0) making++;
  if (making < limit) {
    for (const v of losing) {
      variantPairs.count = 0;
      dropshipVariant(scan, v, variantPairs);
      bestOf(v);
    }
  }
  const ranked: number[] = [];
  for (let g = 0; g < groupCount; g++) if (listed[g] === 1) ranked.push(g);
  const groups = new Uint8Array(groupCount);
  for (const i of topIndices(
    Float64Array.from(ranked, (g) => best[g] as number),
    limit,
  ))
    groups[ranked[i] as number] = 1;
  return { groups, found: ranked.length };
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
 * the rows are sorted by expected profit descending (ties: variant order, then buy price ascending).
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
