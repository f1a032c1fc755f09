// The item floor: what a realm usually offers an item at, from the daily lowests of every
// variant of it over the 14 days, each converted into the money of the row's own variant. A listing
// that has been its variant's only price on the realm all along has no floor of its own, but the
// item's other variants there (other item levels, other bonuses) tell how dear the realm is for it:
// item prices differ from realm to realm far more than one variant's worth differs from another's.

import type { WindowDay } from './past-day';
import { PastDayReader } from './past-day-reader';
import { lowerBound } from '../sorted-search';
import { grown, roomFor } from '../grown';

/** Prices within 0.5% are one price: a float day lowest against the listing's own copper price. */
const SAME_PRICE_RATIO = 1.005;

/**
 * Per build, what the floor needs of the region: each evidence key's variant, and per variant its
 * item and its worth, a price level common to the region that only ratios between variants of one
 * item are taken of (variant-worth.ts; the realm being judged left out: entry-item-floors.ts).
 */
export interface ItemValues {
  /** Evidence key (raw variant) -> variant; negative: none. Keys at or past its end have none. */
  readonly variantOfKey: Int32Array;
  /** Per variant: its item, 0 .. items - 1 (the variants of one item are consecutive). */
  readonly itemOf: Int32Array;
  /** Per variant: its price level in the region, copper (0: unknown). */
  readonly worth: ArrayLike<number>;
  readonly items: number;
}

/**
 * The pass's working arrays, grown and never shrunk: one per build (fillEntryItemFloors makes it),
 * reused realm after realm. Every per-item and per-variant array is all zeros between passes.
 */
export class ItemFloorScratch {
  constructor(
    /** What the past days are read with (the build's owner's, shared with its listing passes). */
    readonly days = new PastDayReader(),
  ) {}

  /** Per item: 1 while a row of the pass is of it; the range of its day lowests in `sorted`. */
  wanted = new Uint8Array(0);
  itemFrom = new Int32Array(0);
  itemTo = new Int32Array(0);
  /** Per variant: its run's place in `touched` + 1 (0: none), then its day lowests counted and written. */
  runOf = new Int32Array(0);
  countOf = new Int32Array(0);
  /** The variants with day lowests in the pass, ascending (an item's are consecutive), and their runs. */
  touched = new Int32Array(0);
  runStart = new Int32Array(0);
  /** Day lowests in units of their variant's worth: by variant, each run ascending; and by item, ascending. */
  units = new Float64Array(0);
  sorted = new Float64Array(0);
}

/** `v` when it is a variant with a known worth, else -1. */
function valued(values: ItemValues, v: number): number {
  return v >= 0 && (values.worth[v] as number) > 0 ? v : -1;
}

/** The variant of an evidence key with a known worth, or -1. */
function valuedVariant(values: ItemValues, key: number): number {
  if (key < 0 || key >= values.variantOfKey.length) return -1;
  return valued(values, values.variantOfKey[key] as number);
}

/** The variant of a listed day cell whose item has rows in the pass, or -1. */
function wantedVariant(values: ItemValues, wanted: Uint8Array, key: number, low: number): number {
  if (low === Infinity) return -1;
  const v = valuedVariant(values, key);
  return v >= 0 && wanted[values.itemOf[v] as number] === 1 ? v : -1;
}

/**
 * out[j] = the item floor of row j of one realm (rowVariant[j] its variant, sellLow[j] its lowest
 * price there now, copper; 0 leaves the row out): the median, over the realm's days in `days` and
 * the variants of its item listed there, of the day's lowest price converted to row j's variant by
 * the ratio of the two variants' worth, leaving out the days its own variant was listed at its
 * price or above (the listing being judged, and its like). 0 when nothing is left. The pass reads
 * each day twice and sorts each item's day lowests once: a row then takes its median from them,
 * stepping over its own days left out (an item with a hundred variants on a realm has a hundred rows).
 */
export function fillItemFloors(
  days: readonly WindowDay[],
  rowVariant: Int32Array,
  sellLow: Float64Array,
  size: number,
  values: ItemValues,
  out: Float64Array,
  scratch = new ItemFloorScratch(),
): void {
  const V = values.itemOf.length;
  if (scratch.wanted.length < values.items) {
    scratch.wanted = new Uint8Array(Math.max(values.items, scratch.wanted.length * 2));
    scratch.itemFrom = new Int32Array(scratch.wanted.length);
    scratch.itemTo = new Int32Array(scratch.wanted.length);
  }
  if (scratch.runOf.length < V) {
    scratch.runOf = new Int32Array(Math.max(V, scratch.runOf.length * 2));
    scratch.countOf = new Int32Array(scratch.runOf.length);
  }
  const { wanted, itemFrom, itemTo, runOf, countOf } = scratch;
  let anyRow = false;
  for (let j = 0; j < size; j++) {
    const v = valued(values, rowVariant[j] as number);
    if (v < 0 || (sellLow[j] as number) <= 0) continue;
    wanted[values.itemOf[v] as number] = 1;
    anyRow = true;
  }
  if (!anyRow) return;
  // Count the day lowests per variant, then lay them out by ascending variant.
  let runs = 0;
  for (const day of days) {
    const { keys, lowest, size: n } = day.listedCells(scratch.days);
    for (let s = 0; s < n; s++) {
      const v = wantedVariant(values, wanted, keys[s] as number, lowest[s] as number);
      if (v < 0) continue;
      if (runOf[v] === 0) {
        if (scratch.touched.length <= runs) scratch.touched = grown(scratch.touched, Math.max(16, runs * 2));
        scratch.touched[runs++] = v;
        runOf[v] = 1;
      }
      countOf[v] = (countOf[v] as number) + 1;
    }
  }
  const touched = scratch.touched.subarray(0, runs).sort();
  scratch.runStart = roomFor(scratch.runStart, runs + 1);
  const runStart = scratch.runStart;
  let total = 0;
  for (let t = 0; t < runs; t++) {
    const v = touched[t] as number;
    runStart[t] = total;
    total += countOf[v] as number;
    countOf[v] = runStart[t] as number; // now where its next lowest goes
    runOf[v] = t + 1;
  }
  runStart[runs] = total;
  scratch.units = roomFor(scratch.units, total);
  scratch.sorted = roomFor(scratch.sorted, total);
  const { units, sorted } = scratch;
  for (const day of days) {
    const { keys, lowest, size: n } = day.listedCells(scratch.days);
    for (let s = 0; s < n; s++) {
      const v = wantedVariant(values, wanted, keys[s] as number, lowest[s] as number);
      if (v < 0) continue;
      const at = countOf[v] as number;
      units[at] = (lowest[s] as number) / (values.worth[v] as number);
      countOf[v] = at + 1;
    }
  }
  // Each variant's run ascending; each item's lowests (its variants' runs, consecutive) ascending.
  for (let t = 0; t < runs;) {
    const item = values.itemOf[touched[t] as number] as number;
    let u = t;
    for (; u < runs && values.itemOf[touched[u] as number] === item; u++) {
      units.subarray(runStart[u] as number, runStart[u + 1] as number).sort();
    }
    const from = runStart[t] as number;
    const to = runStart[u] as number;
    sorted.set(units.subarray(from, to), from);
    sorted.subarray(from, to).sort();
    itemFrom[item] = from;
    itemTo[item] = to;
    t = u;
  }
  for (let j = 0; j < size; j++) {
    const v = valued(values, rowVariant[j] as number);
    const sell = sellLow[j] as number;
    if (v < 0 || sell <= 0) continue;
    const item = values.itemOf[v] as number;
    const worth = values.worth[v] as number;
    const t = (runOf[v] as number) - 1;
    // Its own days at its price or above: the top of its run, from `cut` on.
    let cut = t < 0 ? 0 : (runStart[t + 1] as number);
    if (t >= 0) {
      const first = runStart[t] as number;
      while (cut > first && (units[cut - 1] as number) * worth * SAME_PRICE_RATIO >= sell) cut--;
    }
    const ownEnd = t < 0 ? 0 : (runStart[t + 1] as number);
    const floor = medianLeavingOut(
      sorted,
      itemFrom[item] as number,
      itemTo[item] as number,
      units,
      cut,
      ownEnd,
    );
    if (floor > 0) out[j] = floor * worth;
  }
  for (let t = 0; t < runs; t++) {
    const v = touched[t] as number;
    runOf[v] = 0;
    countOf[v] = 0;
  }
  for (let j = 0; j < size; j++) {
    const v = valued(values, rowVariant[j] as number);
    if (v < 0) continue;
    const item = values.itemOf[v] as number;
    wanted[item] = 0;
    itemFrom[item] = 0;
    itemTo[item] = 0;
  }
}

/**
 * The median of sorted[from .. to) without one occurrence of each of left[leftFrom .. leftTo)
 * (ascending, each among them); 0 when nothing is left. The value of rank r still in stands at
 * from + r, stepped past each left-out position at or before it; the upper middle rank (even counts)
 * carries on the lower one's walk, since it steps past at least the same positions.
 */
function medianLeavingOut(
  sorted: Float64Array,
  from: number,
  to: number,
  left: Float64Array,
  leftFrom: number,
  leftTo: number,
): number {
  const m = to - from - (leftTo - leftFrom);
  if (m <= 0) return 0;
  const ranks = m % 2 === 1 ? 1 : 2;
  let at = from + ((m - 1) >> 1);
  let next = from;
  let i = leftFrom;
  let sum = 0;
  for (let k = 0; k < ranks; k++, at++) {
    for (; i < leftTo; i++) {
      // The first place of the value, or the next after an equal one already stepped over.
      const p = Math.max(lowerBound(sorted, from, to, left[i] as number), next);
      if (p > at) break;
      at++;
      next = p + 1;
    }
    sum += sorted[at] as number;
  }
  return sum / ranks;
}
