// The item floor (issue 13): what a realm usually offers an item at, from the daily lowests of every
// variant of it over the 14 days, each converted into the money of the row's own variant. A listing
// that has been its variant's only price on the realm all along has no floor of its own, but the
// item's other variants there (other item levels, other bonuses) tell how dear the realm is for it:
// item prices differ from realm to realm far more than one variant's worth differs from another's.

import type { DayBucket } from './day-bucket';

/** Prices within 0.5% are one price: a float day lowest against the listing's own copper price. */
const SAME_PRICE_RATIO = 1.005;

/**
 * Per build, what the floor needs of the region: each evidence key's variant, and per variant its
 * item and its worth, a price level common to the region that only ratios between variants of one
 * item are taken of (the median of its lowest price over the realms listing it).
 */
export interface ItemValues {
  /** Evidence key (raw variant) -> variant; negative: none. Keys at or past its end have none. */
  readonly variantOfKey: Int32Array;
  /** Per variant: its item, 0 .. items - 1. */
  readonly itemOf: Int32Array;
  /** Per variant: its price level in the region, copper (0: unknown). */
  readonly worth: ArrayLike<number>;
  readonly items: number;
}

/** Working arrays, shared by every realm's pass (one runs at a time), grown, never shrunk. */
const scratch: Record<'localOf' | 'start' | 'variantAt', Int32Array> &
  Record<'units' | 'pick', Float64Array> = {
  /** Item -> local item + 1 for the items of the rows; all zeros between uses. */
  localOf: new Int32Array(0),
  start: new Int32Array(0),
  /** Per collected day lowest: in units of its variant's worth, and its variant. */
  units: new Float64Array(0),
  variantAt: new Int32Array(0),
  pick: new Float64Array(0),
};

function grownI32(arr: Int32Array, n: number): Int32Array {
  return arr.length >= n ? arr : new Int32Array(Math.max(n, arr.length * 2));
}

function grownF64(arr: Float64Array, n: number): Float64Array {
  return arr.length >= n ? arr : new Float64Array(Math.max(n, arr.length * 2));
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

/**
 * out[j] = the item floor of row j of one realm (rowVariant[j] its variant, sellLow[j] its lowest
 * price there now, copper; 0 leaves the row out): the median, over the realm's days in `days` and
 * the variants of its item listed there, of the day's lowest price converted to row j's variant by
 * the ratio of the two variants' worth, leaving out the days its own variant was listed at its
 * price or above (the listing being judged, and its like). 0 when nothing is left. The rows of one
 * item share one collection of day lowests: the pass reads each day twice, whatever the rows.
 */
export function fillItemFloors(
  days: readonly DayBucket[],
  rowVariant: Int32Array,
  sellLow: Float64Array,
  size: number,
  values: ItemValues,
  out: Float64Array,
): void {
  scratch.localOf = grownI32(scratch.localOf, values.items);
  const localOf = scratch.localOf;
  let locals = 0;
  for (let j = 0; j < size; j++) {
    const v = valued(values, rowVariant[j] as number);
    if (v < 0 || (sellLow[j] as number) <= 0) continue;
    const item = values.itemOf[v] as number;
    if (localOf[item] === 0) localOf[item] = ++locals;
  }
  if (locals === 0) return;
  scratch.start = grownI32(scratch.start, locals + 1);
  const start = scratch.start;
  start.fill(0, 0, locals + 1);
  // Counted, then laid out per local item (start[l] .. start[l + 1]).
  for (const day of days) {
    const { keys: dayKeys, lowest, size: n } = day.listedCells();
    for (let s = 0; s < n; s++) {
      const l = localItemOf(values, localOf, dayKeys[s] as number, lowest[s] as number);
      if (l > 0) start[l] = (start[l] as number) + 1;
    }
  }
  for (let l = 1; l <= locals; l++) start[l] = (start[l] as number) + (start[l - 1] as number);
  const total = start[locals] as number;
  scratch.units = grownF64(scratch.units, total);
  scratch.variantAt = grownI32(scratch.variantAt, total);
  scratch.pick = grownF64(scratch.pick, total);
  const { units, variantAt, pick } = scratch;
  // start[l - 1] advances as local item l's lowests are written; it ends where l's own start was.
  for (const day of days) {
    const { keys: dayKeys, lowest, size: n } = day.listedCells();
    for (let s = 0; s < n; s++) {
      const key = dayKeys[s] as number;
      const low = lowest[s] as number;
      const l = localItemOf(values, localOf, key, low);
      if (l === 0) continue;
      const v = values.variantOfKey[key] as number;
      const at = start[l - 1] as number;
      units[at] = low / (values.worth[v] as number);
      variantAt[at] = v;
      start[l - 1] = at + 1;
    }
  }
  for (let l = locals; l > 0; l--) start[l] = start[l - 1] as number;
  start[0] = 0;
  for (let j = 0; j < size; j++) {
    const v = valued(values, rowVariant[j] as number);
    const sell = sellLow[j] as number;
    if (v < 0 || sell <= 0) continue;
    const l = (localOf[values.itemOf[v] as number] as number) - 1;
    const worth = values.worth[v] as number;
    let n = 0;
    for (let at = start[l] as number, end = start[l + 1] as number; at < end; at++) {
      const u = units[at] as number;
      if (variantAt[at] === v && u * worth * SAME_PRICE_RATIO >= sell) continue;
      pick[n++] = u;
    }
    if (n > 0) out[j] = medianOf(pick, n) * worth;
  }
  for (let j = 0; j < size; j++) {
    const v = valued(values, rowVariant[j] as number);
    if (v >= 0) localOf[values.itemOf[v] as number] = 0;
  }
}

/** Local item + 1 of a listed day cell whose item has rows in this pass; 0 otherwise. */
function localItemOf(values: ItemValues, localOf: Int32Array, key: number, low: number): number {
  if (low === Infinity) return 0;
  const v = valuedVariant(values, key);
  return v < 0 ? 0 : (localOf[values.itemOf[v] as number] as number);
}

/** Median of a[0..n), n > 0 (reorders them). */
function medianOf(a: Float64Array, n: number): number {
  const sorted = a.subarray(0, n).sort();
  const mid = n >> 1;
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
