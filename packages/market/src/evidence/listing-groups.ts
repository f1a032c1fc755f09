// A snapshot's auctions grouped by variant, and within a variant by unit price (ties in dump order),
// with each variant's lowest unit price and the age of the listing holding it. The result lives in
// working arrays shared by every call (one runs at a time): kept-snapshot.ts copies what a realm
// keeps into its own compact columns.
//
// Work per call is proportional to the auctions and the variants listed, not to the largest variant
// id: variants get call-local numbers through a stamped table (stale entries are told apart by their
// stamp, so the table is never cleared), and only the listed variants are sorted.

import { idKey } from './auction-ids';

/** Ages (snapshots seen) are kept in 14 bits, saturating: an auction lasts at most 48 hours. */
export const AGE_MAX = 0x3fff;

/** The dump's auctions as the evidence reads them, in dump order. */
export interface DumpColumns {
  n: number;
  id: Float64Array;
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
   * The auctions in group order (by variant, then unit price, then dump position): unit price,
   * id key (kept-snapshot.ts idKey), quantity, and age << 2 | time-left code.
   */
  price: Float64Array;
  id: Uint32Array;
  quantity: Float64Array;
  ageLeft: Uint16Array;
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

/** Group sizes up to this are sorted by insertion (cheaper than packing keys for a native sort). */
const INSERTION_MAX = 24;
/** A group's position fits in 21 bits next to a price below 2^32 in a double's 53. */
const LOCAL_BITS = 2 ** 21;
const PRICE_LIMIT = 2 ** 32;

let stamp = 0;
let stampOf = new Int32Array(0);
let localOf = new Int32Array(0);
/** Per call-local variant: its variant, then its count; sized by the variants listed. */
let localVariant = new Int32Array(0);
let localCount = new Int32Array(0);
let keys = new Float64Array(0);
let from0 = new Int32Array(0);
const held = {
  price: new Float64Array(0),
  id: new Uint32Array(0),
  quantity: new Float64Array(0),
  ageLeft: new Uint16Array(0),
};
const groups: ListingGroups = {
  m: 0,
  variants: new Int32Array(0),
  start: new Int32Array(1),
  price: new Float64Array(0),
  id: new Uint32Array(0),
  quantity: new Float64Array(0),
  ageLeft: new Uint16Array(0),
  lowest: new Float64Array(0),
  lowestAge: new Int32Array(0),
  dayLowest: new Float64Array(0),
};

function atLeast<T extends Int32Array | Uint32Array | Float64Array | Uint16Array>(arr: T, n: number): T {
  if (arr.length >= n) return arr;
  return new (arr.constructor as new (n: number) => T)(Math.max(n, arr.length * 2));
}

/**
 * Puts the group's auctions at [from, to) in the order given by src[t] (the position each one comes
 * from, relative to `from`), through the `held` copies.
 */
function permute(g: ListingGroups, from: number, len: number, src: Int32Array): void {
  held.price = atLeast(held.price, len);
  held.id = atLeast(held.id, len);
  held.quantity = atLeast(held.quantity, len);
  held.ageLeft = atLeast(held.ageLeft, len);
  const { price, id, quantity, ageLeft } = held;
  for (let t = 0; t < len; t++) {
    const o = from + (src[t] as number);
    price[t] = g.price[o] as number;
    id[t] = g.id[o] as number;
    quantity[t] = g.quantity[o] as number;
    ageLeft[t] = g.ageLeft[o] as number;
  }
  g.price.set(price.subarray(0, len), from);
  g.id.set(id.subarray(0, len), from);
  g.quantity.set(quantity.subarray(0, len), from);
  g.ageLeft.set(ageLeft.subarray(0, len), from);
}

/** Insertion sort of the auctions at [from, to) by unit price; equal prices keep their order. */
function insertionSort(g: ListingGroups, from: number, to: number): void {
  const { price, id, quantity, ageLeft } = g;
  for (let o = from + 1; o < to; o++) {
    const p = price[o] as number;
    if ((price[o - 1] as number) <= p) continue;
    const i = id[o] as number;
    const q = quantity[o] as number;
    const a = ageLeft[o] as number;
    let at = o;
    while (at > from && (price[at - 1] as number) > p) {
      price[at] = price[at - 1] as number;
      id[at] = id[at - 1] as number;
      quantity[at] = quantity[at - 1] as number;
      ageLeft[at] = ageLeft[at - 1] as number;
      at--;
    }
    price[at] = p;
    id[at] = i;
    quantity[at] = q;
    ageLeft[at] = a;
  }
}

/** Sorts the auctions at [from, to) by unit price; equal prices keep their (dump) order. */
function sortGroup(g: ListingGroups, from: number, to: number): void {
  const len = to - from;
  const price = g.price;
  if (len <= INSERTION_MAX) return insertionSort(g, from, to);
  // Larger groups: price and position packed into one exact double, sorted natively. Prices from
  // 2^32 up (~1% of auctions, but in many large groups) sort as 2^32 - 1 and are then put in order
  // among themselves at the group's end; prices that are not whole coppers (ingest gives none) or
  // huge groups (never seen) take the comparison sort.
  keys = atLeast(keys, len);
  from0 = atLeast(from0, len);
  let packable = len < LOCAL_BITS;
  let big = false;
  for (let t = 0; t < len && packable; t++) {
    const p = price[from + t] as number;
    if (p >= PRICE_LIMIT - 1) {
      keys[t] = (PRICE_LIMIT - 1) * LOCAL_BITS + t;
      big = true;
    } else if (p >= 0 && Math.floor(p) === p) keys[t] = p * LOCAL_BITS + t;
    else packable = false;
  }
  if (packable) {
    const k = keys.subarray(0, len).sort();
    for (let t = 0; t < len; t++) from0[t] = (k[t] as number) % LOCAL_BITS;
  } else {
    const sorted = Array.from({ length: len }, (_, t) => t).sort(
      (a, b) => (price[from + a] as number) - (price[from + b] as number) || a - b,
    );
    from0.set(sorted);
  }
  permute(g, from, len, from0);
  if (packable && big) {
    let tail = to;
    while (tail > from && (price[tail - 1] as number) >= PRICE_LIMIT - 1) tail--;
    insertionSort(g, tail, to);
  }
}

/**
 * The day's lowest of the group at [from, to), sorted by price (see ListingGroups.dayLowest). With
 * `allSettled` (no ages to tell new listings by) it is simply the lowest.
 */
function dayLowestOf(
  price: Float64Array,
  ageLeft: Uint16Array,
  from: number,
  to: number,
  allSettled: boolean,
): number {
  if (allSettled) return price[from] as number;
  let settled = Infinity;
  for (let o = from; o < to; o++) {
    if ((ageLeft[o] as number) >>> 2 >= 2) {
      settled = price[o] as number;
      break;
    }
  }
  for (let o = from; o < to; o++) {
    const p = price[o] as number;
    if (p >= SNIPE_PRICE_RATIO * settled) return p;
  }
  return Infinity;
}

/**
 * The dump's auctions (variant[i] >= 0, age[i] >= 1) by group. `variant` may be longer than the
 * dump (a reused buffer). `allSettled`: the ages do not tell new listings (the realm's first snapshot,
 * or one after hours missed). The result is valid until the next call.
 */
export function groupListings(
  variant: Int32Array,
  dump: DumpColumns,
  maxVariant: number,
  allSettled = false,
): ListingGroups {
  const n = dump.n;
  if (stampOf.length <= maxVariant) {
    const cap = Math.max(maxVariant + 1, stampOf.length * 2);
    const s = new Int32Array(cap);
    s.set(stampOf);
    stampOf = s;
    localOf = new Int32Array(cap);
  }
  if (++stamp === 0x7fffffff) {
    stampOf.fill(0);
    stamp = 1;
  }
  // Call-local numbers in order of first appearance, with their counts.
  localVariant = atLeast(localVariant, Math.min(n, maxVariant + 1));
  localCount = atLeast(localCount, Math.min(n, maxVariant + 1));
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
  const g = groups;
  g.m = m;
  g.variants = atLeast(g.variants, m);
  g.start = atLeast(g.start, m + 1);
  g.lowest = atLeast(g.lowest, m);
  g.lowestAge = atLeast(g.lowestAge, m);
  g.dayLowest = atLeast(g.dayLowest, m);
  g.price = atLeast(g.price, n);
  g.id = atLeast(g.id, n);
  g.quantity = atLeast(g.quantity, n);
  g.ageLeft = atLeast(g.ageLeft, n);
  const { variants, start, lowest, lowestAge, dayLowest, price, id, quantity, ageLeft } = g;
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
  // One pass in dump order scattering each auction to its group (sequential reads, and the groups
  // are then sorted in place: gathering through an index read five columns at random).
  const { id: ids, unitPrice, quantity: units, timeLeft, age } = dump;
  for (let i = 0; i < n; i++) {
    const v = variant[i] as number;
    const o = localOf[v] as number;
    localOf[v] = o + 1;
    price[o] = unitPrice[i] as number;
    id[o] = idKey(ids[i] as number);
    quantity[o] = units[i] as number;
    ageLeft[o] = (Math.min(AGE_MAX, age[i] as number) << 2) | ((timeLeft[i] as number) & 3);
  }
  for (let k = 0; k < m; k++) {
    const from = start[k] as number;
    const to = start[k + 1] as number;
    if (to - from > 1) sortGroup(g, from, to);
    // The lowest price heads the group; on a tie the oldest listing says how long it has stood.
    const low = price[from] as number;
    let a = (ageLeft[from] as number) >>> 2;
    for (let o = from + 1; o < to && (price[o] as number) === low; o++) {
      const b = (ageLeft[o] as number) >>> 2;
      if (b > a) a = b;
    }
    lowest[k] = low;
    lowestAge[k] = a;
    dayLowest[k] = a >= 2 ? low : dayLowestOf(price, ageLeft, from, to, allSettled);
  }
  return g;
}
