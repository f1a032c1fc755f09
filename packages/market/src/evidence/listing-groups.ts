// A snapshot's auctions grouped by variant, each group headed by its two lowest unit prices,
// with each variant's lowest unit price and the age of the listing holding it. The result lives in
// the working arrays of the caller's GroupingScratch until its next call: kept-snapshot.ts copies
// what a realm keeps into its own compact columns.
//
// Work per call is proportional to the auctions and the variants listed, not to the largest variant
// id: variants get call-local numbers through a stamped table (stale entries are told apart by their
// stamp, so the table is never cleared), and only the listed variants are sorted.

import { grown, roomFor } from '../grown';

/**
 * Ages (snapshots seen) are kept in 6 bits, saturating: an auction lasts at most 48 hours, so 49
 * hourly snapshots at most. (A listing's age past that, relisted at one price, is the group's
 * lowestAge, counted on its own.)
 */
export const AGE_MAX = 63;

/** The dump's auctions as the evidence reads them, in dump order. */
export interface DumpColumns {
  n: number;
  unitPrice: Float64Array;
  quantity: Float64Array;
  timeLeft: Uint8Array;
  /** Age of each auction (>= 1). */
  age: Uint16Array;
}

export interface ListingGroups {
  /** Variants listed: variants[0..m), ascending; their auctions are at start[k]..start[k+1). */
  m: number;
  variants: Int32Array;
  start: Int32Array;
  /**
   * The auctions in group order (by variant; in a group its lowest unit price first, the next lowest
   * second, the rest in no set order): unit price, position in the dump, quantity, and
   * age << 2 | time-left code.
   */
  price: Float64Array;
  dumpAt: Int32Array;
  quantity: Float64Array;
  ageLeft: Uint8Array;
  lowest: Float64Array;
  /** Snapshots in a row that showed the lowest listing; on a price tie, the oldest such listing. */
  lowestAge: Int32Array;
  /**
   * The lowest price that counts for the day's history (Infinity: none): the lowest of the listings
   * that have stood an hour, or of new ones not far below them (SNIPE_PRICE_RATIO). A new listing
   * far below the rest, or alone, is bait or a mistake gone within the hour: not the realm's price.
   */
  dayLowest: Float64Array;
}

/** A listing new this hour under half the price of the others is taken for bait or a mistake. */
export const SNIPE_PRICE_RATIO = 0.5;

/**
 * The grouping's working arrays and its result, grown and never shrunk: one per owner (each
 * SnapshotBuilder's ObserveScratch), so the realms of one builder reuse them and two owners never share.
 */
export class GroupingScratch {
  stamp = 0;
  stampOf = new Int32Array(0);
  localOf = new Int32Array(0);
  /** Per call-local variant: its variant, then its count; sized by the variants listed. */
  localVariant = new Int32Array(0);
  localCount = new Int32Array(0);
  readonly groups: ListingGroups = {
    m: 0,
    variants: new Int32Array(0),
    start: new Int32Array(1),
    price: new Float64Array(0),
    dumpAt: new Int32Array(0),
    quantity: new Float64Array(0),
    ageLeft: new Uint8Array(0),
    lowest: new Float64Array(0),
    lowestAge: new Int32Array(0),
    dayLowest: new Float64Array(0),
  };
}

/** Swaps the auctions at a and b. */
function swap(g: ListingGroups, a: number, b: number): void {
  swapIn(g.price, a, b);
  swapIn(g.dumpAt, a, b);
  swapIn(g.quantity, a, b);
  swapIn(g.ageLeft, a, b);
}

function swapIn(column: Float64Array | Int32Array | Uint8Array, a: number, b: number): void {
  const t = column[a] as number;
  column[a] = column[b] as number;
  column[b] = t;
}

/**
 * Puts the group's lowest unit price at `from` and the next lowest at `from + 1` (on equal prices the
 * first in dump order); the others stay where the two swaps leave them. Nothing reads a group in
 * price order past those two (the depth walks look at every auction), and a full sort per group was
 * two thirds of the evidence's ingest time.
 */
function lowestFirst(g: ListingGroups, from: number, to: number): void {
  const price = g.price;
  let low = from;
  for (let o = from + 1; o < to; o++) if ((price[o] as number) < (price[low] as number)) low = o;
  if (low !== from) swap(g, from, low);
  if (to - from < 3) return;
  let next = from + 1;
  for (let o = from + 2; o < to; o++) if ((price[o] as number) < (price[next] as number)) next = o;
  if (next !== from + 1) swap(g, from + 1, next);
}

/**
 * The day's lowest of the group at [from, to), its lowest first (see ListingGroups.dayLowest). With
 * `allSettled` (no ages to tell new listings by) it is simply the lowest.
 */
function dayLowestOf(
  price: Float64Array,
  ageLeft: Uint8Array,
  from: number,
  to: number,
  allSettled: boolean,
): number {
  if (allSettled) return price[from] as number;
  let settled = Infinity;
  for (let o = from; o < to; o++) {
    const p = price[o] as number;
    if (p < settled && (ageLeft[o] as number) >>> 2 >= 2) settled = p;
  }
  // Infinity when none has stood an hour: then every listing is new, and none counts.
  const floor = SNIPE_PRICE_RATIO * settled;
  let lowest = Infinity;
  for (let o = from; o < to; o++) {
    const p = price[o] as number;
    if (p >= floor && p < lowest) lowest = p;
  }
  return lowest;
}

/**
 * The dump's auctions (variant[i] >= 0, age[i] >= 1) by group, all of them (a realm's first snapshot;
 * the next ones are grouped from the kept snapshot: regroup.ts). `variant` may be longer than the
 * dump (a reused buffer). `allSettled`: the ages do not tell new listings (the realm's first snapshot,
 * or one after hours missed). The result is valid until the next call with the same scratch.
 */
export function groupListings(
  variant: Int32Array,
  dump: DumpColumns,
  maxVariant: number,
  allSettled = false,
  scratch = new GroupingScratch(),
): ListingGroups {
  const n = dump.n;
  if (scratch.stampOf.length <= maxVariant) {
    const cap = Math.max(maxVariant + 1, scratch.stampOf.length * 2);
    scratch.stampOf = grown(scratch.stampOf, cap);
    scratch.localOf = new Int32Array(cap);
  }
  if (++scratch.stamp === 0x7fffffff) {
    scratch.stampOf.fill(0);
    scratch.stamp = 1;
  }
  const { stamp, stampOf, localOf } = scratch;
  // Call-local numbers in order of first appearance, with their counts.
  const localVariant = (scratch.localVariant = roomFor(scratch.localVariant, Math.min(n, maxVariant + 1)));
  const localCount = (scratch.localCount = roomFor(scratch.localCount, Math.min(n, maxVariant + 1)));
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = variant[i] as number;
    if (stampOf[v] !== stamp) {
      stampOf[v] = stamp;
      localOf[v] = m;
      localVariant[m] = v;
      localCount[m++] = 1;
    } else {
      const l = localOf[v] as number;
      localCount[l] = (localCount[l] as number) + 1;
    }
  }
  const g = groupsFor(n, m, scratch);
  const { variants, start, price, dumpAt, quantity, ageLeft } = g;
  g.m = m;
  variants.set(localVariant.subarray(0, m));
  variants.subarray(0, m).sort();
  // Group starts in variant order; localOf[v] becomes the next free place of v's group.
  let at = 0;
  for (let k = 0; k < m; k++) {
    const v = variants[k] as number;
    const l = localOf[v] as number;
    start[k] = at;
    localOf[v] = at;
    at += localCount[l] as number;
  }
  start[m] = n;
  // One pass in dump order scattering each auction to its group (sequential reads; gathering through
  // an index read five columns at random).
  const { unitPrice, quantity: units, timeLeft, age } = dump;
  for (let i = 0; i < n; i++) {
    const v = variant[i] as number;
    const o = localOf[v] as number;
    localOf[v] = o + 1;
    price[o] = unitPrice[i] as number;
    dumpAt[o] = i;
    quantity[o] = units[i] as number;
    ageLeft[o] = (Math.min(AGE_MAX, age[i] as number) << 2) | ((timeLeft[i] as number) & 3);
  }
  finishGroups(g, allSettled);
  return g;
}

/** The scratch's groups with room for `n` auctions in `m` groups (their contents are stale). */
export function groupsFor(n: number, m: number, scratch: GroupingScratch): ListingGroups {
  const g = scratch.groups;
  g.variants = roomFor(g.variants, m);
  g.start = roomFor(g.start, m + 1);
  g.lowest = roomFor(g.lowest, m);
  g.lowestAge = roomFor(g.lowestAge, m);
  g.dayLowest = roomFor(g.dayLowest, m);
  g.price = roomFor(g.price, n);
  g.dumpAt = roomFor(g.dumpAt, n);
  g.quantity = roomFor(g.quantity, n);
  g.ageLeft = roomFor(g.ageLeft, n);
  return g;
}

/**
 * Once the auctions are in their groups (g.m, variants, start and the auction columns set): puts
 * each group's two lowest at its head and sets its lowest, lowestAge and dayLowest.
 */
export function finishGroups(g: ListingGroups, allSettled: boolean): void {
  const { m, start, lowest, lowestAge, dayLowest, price, ageLeft } = g;
  for (let k = 0; k < m; k++) {
    const from = start[k] as number;
    const to = start[k + 1] as number;
    if (to - from > 1) lowestFirst(g, from, to);
    // The lowest price heads the group; on a tie the oldest listing says how long it has stood.
    const low = price[from] as number;
    let a = (ageLeft[from] as number) >>> 2;
    for (let o = from + 1; o < to; o++) {
      const b = (ageLeft[o] as number) >>> 2;
      if (b > a && (price[o] as number) === low) a = b;
    }
    lowest[k] = low;
    lowestAge[k] = a;
    dayLowest[k] = a >= 2 ? low : dayLowestOf(price, ageLeft, from, to, allSettled);
  }
}
