// What each variant is worth across the region, for the item floors (entry-item-floors.ts): the ratio
// of two variants' worth converts one's prices into the other's. A realm prices all variants of an
// item high or low together (its price level for the item), and realms differ far more in that level
// than variants do in worth: so each realm's lowest price of a variant is first divided by the realm's
// level for the item (the median, over the item's variants it lists, of price / region median), and
// the worth is the median of those over the realms. A variant offered on a few realms is then not
// worth what those few realms happen to charge.

import { lowerBound } from '../sorted-search';

/** Sorted, from `from`, `n` values: the median without the one at rank `skip` (-1: none left out); 0 when empty. */
export function medianWithout(sorted: ArrayLike<number>, from: number, n: number, skip: number): number {
  const m = skip >= 0 ? n - 1 : n;
  if (m <= 0) return 0;
  // No inner function: the build calls this for every entry, and a closure made per call cost ~1 s at full size.
  const upper = m >> 1;
  const hi = sorted[from + (skip >= 0 && upper >= skip ? upper + 1 : upper)] as number;
  if (m % 2 === 1) return hi;
  const lower = upper - 1;
  return ((sorted[from + (skip >= 0 && lower >= skip ? lower + 1 : lower)] as number) + hi) / 2;
}

/** variantWorth's working arrays: one per call, grown as it goes. `count` is all zeros between items. */
class WorthScratch {
  count = new Int32Array(0);
  level = new Float64Array(0);
  touched = new Int32Array(0);
  values = new Float64Array(0);
  sorted = new Float64Array(0);
}

/**
 * The worth of every variant from a snapshot's entries (offsets by variant, each variant's entries
 * sorted by price), `itemOf` numbering each variant's item, the variants of one item consecutive.
 * `without` (one per entry) gets the worth of the entry's variant without the entry's own realm (0
 * when no other realm lists it): the item floors judge a realm by the others. It is the snapshot's
 * item floor column, which the floors then overwrite realm by realm: no second column is made.
 */
export function variantWorth(
  offsets: Uint32Array,
  entryPrice: ArrayLike<number>,
  entryRealm: Uint16Array,
  itemOf: Int32Array,
  realms: number,
  without: Float32Array,
): Float64Array {
  const scratch = new WorthScratch();
  const V = offsets.length - 1;
  const plain = new Float64Array(V);
  for (let v = 0; v < V; v++) {
    const from = offsets[v] as number;
    const n = (offsets[v + 1] as number) - from;
    if (scratch.sorted.length < n) scratch.sorted = new Float64Array(Math.max(n, scratch.sorted.length * 2));
    const sorted = scratch.sorted.subarray(0, n);
    for (let i = 0; i < n; i++) sorted[i] = entryPrice[from + i] as number;
    sorted.sort();
    plain[v] = medianWithout(sorted, 0, n, -1);
  }
  if (scratch.count.length < realms) {
    scratch.count = new Int32Array(realms);
    scratch.level = new Float64Array(realms);
    scratch.touched = new Int32Array(realms);
  }
  // First each entry's price over its realm's level for the item, in `without`.
  const entryNorm = without;
  for (let a = 0; a < V;) {
    let b = a + 1;
    while (b < V && itemOf[b] === itemOf[a]) b++;
    realmLevels(offsets, entryPrice, entryRealm, plain, a, b, entryNorm, scratch);
    a = b;
  }
  const worth = new Float64Array(V);
  for (let v = 0; v < V; v++) {
    const from = offsets[v] as number;
    const n = (offsets[v + 1] as number) - from;
    if (scratch.sorted.length < n) scratch.sorted = new Float64Array(Math.max(n, scratch.sorted.length * 2));
    const sorted = scratch.sorted;
    for (let i = 0; i < n; i++) sorted[i] = entryNorm[from + i] as number;
    sorted.subarray(0, n).sort();
    worth[v] = medianWithout(sorted, 0, n, -1);
    for (let k = from; k < from + n; k++)
      without[k] = medianWithout(sorted, 0, n, lowerBound(sorted, 0, n, entryNorm[k] as number));
  }
  return worth;
}

/** entryNorm of the entries of variants a..b (one item): each price over its realm's level for the item. */
function realmLevels(
  offsets: Uint32Array,
  entryPrice: ArrayLike<number>,
  entryRealm: Uint16Array,
  plain: Float64Array,
  a: number,
  b: number,
  entryNorm: Float32Array,
  scratch: WorthScratch,
): void {
  const first = offsets[a] as number;
  const end = offsets[b] as number;
  if (b - a === 1) {
    // One variant: each realm's level is its own price over the median, so every entry is worth the median.
    entryNorm.fill(plain[a] as number, first, end);
    return;
  }
  const { count, level, touched } = scratch;
  if (scratch.values.length < end - first) scratch.values = new Float64Array((end - first) * 2);
  const values = scratch.values;
  let realmsTouched = 0;
  for (let k = first; k < end; k++) {
    const r = entryRealm[k] as number;
    if (count[r] === 0) touched[realmsTouched++] = r;
    count[r] = (count[r] as number) + 1;
  }
  // Counting sort by realm: count[r] becomes where the realm's values end.
  let at = 0;
  for (let t = 0; t < realmsTouched; t++) {
    const r = touched[t] as number;
    at += count[r] as number;
    count[r] = at;
  }
  for (let v = a; v < b; v++) {
    const w = plain[v] as number;
    for (let k = offsets[v] as number; k < (offsets[v + 1] as number); k++) {
      const r = entryRealm[k] as number;
      const slot = (count[r] as number) - 1;
      count[r] = slot;
      values[slot] = (entryPrice[k] as number) / w;
    }
  }
  // count[r] is now where the realm's values start.
  for (let t = 0; t < realmsTouched; t++) {
    const r = touched[t] as number;
    const from = count[r] as number;
    const to = t + 1 < realmsTouched ? (count[touched[t + 1] as number] as number) : end - first;
    const seg = values.subarray(from, to).sort();
    level[r] = medianWithout(seg, 0, to - from, -1);
  }
  for (let v = a; v < b; v++) {
    for (let k = offsets[v] as number; k < (offsets[v + 1] as number); k++) {
      const l = level[entryRealm[k] as number] as number;
      entryNorm[k] = l > 0 ? (entryPrice[k] as number) / l : (plain[v] as number);
    }
  }
  for (let t = 0; t < realmsTouched; t++) count[touched[t] as number] = 0;
}
