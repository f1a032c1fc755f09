// The snapshot a realm keeps from one hour to the next (RealmEvidence), in as few bytes per auction
// as the evidence allows: it is held for every auction of every realm, ~5 million in a full region.
//
// Per auction, 14 bytes:
// - in dump order, the id as Uint32 (auction-ids.ts idKey: the low 32 bits, ABSENT_ID for an auction
//   without an id) and the auction's place in group order. The next dump lists the auctions still up
//   in the same order with the new ones after them (Blizzard's and the simulator's dumps do), so
//   follow (regroup.ts) walks both dumps side by side instead of looking every id up in a table;
// - in group order (by variant, each group headed by its two lowest prices: ListingGroups), the unit
//   price as Uint32, exact: prices of 2^32 - 1 copper (429,496 gold) or more, ~1% of auctions, are
//   kept exactly in a side list (depths compare prices with the lowest, and a Float32 would round
//   every price past 2^24 copper, 1,677 gold: ~40% of auctions);
// - quantity as Uint8, likewise exact through a side list from 255 up (realm dumps list items, not
//   commodities, so nearly every quantity is 1);
// - age (snapshots seen, 6 bits, saturating at 63) and time-left code (2 bits) in one Uint8. An
//   auction lasts at most 48 hours, so the age never reaches its limit.
// Per variant: its id, the start of its group and the lowest listing's age (Uint16, saturating); the
// lowest price is the group's first.
//
// The columns are views over buffers the next snapshot of the realm reuses when they fit (without
// much waste): a fresh set per realm and hour left ~60 MB of garbage per hour in a full region. The
// side lists are typed arrays reused the same way: a Map per realm and hour was most of the JS heap
// the evidence allocated, and old-space garbage is what sets V8 off on full collections.

import { ABSENT_ID, idKey } from './auction-ids';
import { indexInSorted } from '../sorted-search';
import { type ListingGroups, AGE_MAX } from './listing-groups';
import { grown } from '../grown';

const PRICE_BIG = 0xffffffff;
const QUANTITY_BIG = 0xff;
const U16 = 0xffff;
const U32 = 0xffffffff;

/**
 * Exact values of a column's entries too large for it, by position: positions ascending (they are
 * added in order), found by binary search (about one auction in a hundred is looked up here).
 */
export class SideValues {
  private at = new Int32Array(16);
  private value = new Float64Array(16);
  count = 0;

  clear(): void {
    this.count = 0;
  }

  /** Adds the value of position `i`, past every position added so far. */
  add(i: number, v: number): void {
    if (this.count === this.at.length) {
      this.at = grown(this.at, this.count * 2);
      this.value = grown(this.value, this.count * 2);
    }
    this.at[this.count] = i;
    this.value[this.count++] = v;
  }

  /** The position and value of the k-th entry added (k < count). */
  positionAt(k: number): number {
    return this.at[k] as number;
  }

  valueAt(k: number): number {
    return this.value[k] as number;
  }

  /** The value added for position `i` (NaN when none was). */
  get(i: number): number {
    const k = indexInSorted(this.at, this.count, i);
    return k < 0 ? NaN : (this.value[k] as number);
  }
}

export interface KeptSnapshot {
  readonly hourMs: number;
  /**
   * Whether the ages tell which auctions are new this hour: the snapshot followed one taken an hour
   * before. In a realm's first snapshot, or after hours missed, age 1 means only "not seen before".
   */
  readonly agesKnown: boolean;
  /**
   * Snapshots in a row, each an hour after the one before, ending with this one (1: it followed
   * none): an auction younger than that was new when first seen, so its age is its age (posted-hours.ts).
   */
  readonly streak: number;
  /** Auctions kept. */
  readonly count: number;
  /** In dump order: each auction's id key (auction-ids.ts idKey) and its place in group order. */
  readonly dumpIds: Uint32Array;
  readonly slotOfDump: Int32Array;
  /** The largest id key of the dump (ABSENT_ID left out; -1 when there is none). */
  readonly maxIdKey: number;
  /** Auctions without an id (ABSENT_ID): never followed, so never taken for sold. */
  readonly absentIds: number;
  /** In group order. */
  readonly price: Uint32Array;
  readonly quantity: Uint8Array;
  /** age << 2 | time-left code. */
  readonly ageLeft: Uint8Array;
  /** Exact values of the prices and quantities too large for their column, by group position. */
  readonly bigPrice: SideValues;
  readonly bigQuantity: SideValues;
  /** Variants listed, ascending: variants[k]'s auctions are at start[k]..start[k+1). */
  readonly variants: Int32Array;
  readonly start: Int32Array;
  readonly lowestAge: Uint16Array;
  readonly auctionBuffer: ArrayBuffer;
  readonly groupBuffer: ArrayBuffer;
}

export function priceAt(s: KeptSnapshot, i: number): number {
  const p = s.price[i] as number;
  return p === PRICE_BIG ? s.bigPrice.get(i) : p;
}

/** Quantity as the evidence counts it: saturating at 2^32 - 1. */
export function quantityAt(s: KeptSnapshot, i: number): number {
  const q = s.quantity[i] as number;
  return q === QUANTITY_BIG ? s.bigQuantity.get(i) : q;
}

export function timeLeftAt(s: KeptSnapshot, i: number): number {
  return (s.ageLeft[i] as number) & 3;
}

export function ageAt(s: KeptSnapshot, i: number): number {
  return (s.ageLeft[i] as number) >>> 2;
}

/** The next age of an auction seen again (as Uint16 ages are kept in the dump-order pass). */
export function nextAge(s: KeptSnapshot, i: number): number {
  return Math.min(AGE_MAX, ((s.ageLeft[i] as number) >>> 2) + 1);
}

/**
 * The buffers a new snapshot is written to, given the previous snapshot's (`old`, no longer read):
 * kept-shelf.ts gives its own when snapshots live in files.
 */
export type KeptBuffers = (
  kind: 'auction' | 'group',
  old: ArrayBuffer | undefined,
  bytes: number,
) => ArrayBuffer;

/** `old` when it holds `bytes` without wasting more than an eighth, else a new buffer with room to grow. */
function bufferFor(old: ArrayBuffer | undefined, bytes: number): ArrayBuffer {
  if (old !== undefined && old.byteLength >= bytes && old.byteLength <= bytes + (bytes >> 3)) return old;
  return new ArrayBuffer(bytes + (bytes >> 4));
}

/** Buffers of the snapshot's own (bufferFor): snapshots kept in memory. */
export const ownBuffers: KeptBuffers = (_kind, old, bytes) => bufferFor(old, bytes);

/** Bytes per auction and per variant, and each capacity's Uint32-aligned rounding. */
const AUCTION_BYTES = 14;
const GROUP_BYTES = 10;
const cap4 = (n: number): number => (n + 3) & ~3;

/** Bytes of the two buffers a snapshot of `n` auctions in `m` groups needs. */
export function keptBufferBytes(n: number, m: number): { auction: number; group: number } {
  return { auction: cap4(n) * AUCTION_BYTES, group: cap4(m + 1) * GROUP_BYTES };
}

/** A snapshot's columns: views of `n` auctions and `m` groups over its two buffers. */
export type KeptColumns = Pick<
  KeptSnapshot,
  'dumpIds' | 'slotOfDump' | 'price' | 'ageLeft' | 'quantity' | 'variants' | 'start' | 'lowestAge'
>;

/** The columns in the order files and stored bytes hold them (kept-shelf.ts, kept-codec.ts). */
export const keptColumnOrder = (c: KeptColumns) =>
  [c.dumpIds, c.slotOfDump, c.price, c.variants, c.start, c.lowestAge, c.ageLeft, c.quantity] as const;

/** A column's bytes, as a view. */
export const columnBytes = (column: ArrayBufferView): Uint8Array =>
  new Uint8Array(column.buffer, column.byteOffset, column.byteLength);

/** What a snapshot is besides its columns and buffers: what a file keeps in memory (kept-shelf.ts). */
export type KeptHeader = Omit<KeptSnapshot, keyof KeptColumns | 'auctionBuffer' | 'groupBuffer'>;

export function keptHeader(s: KeptSnapshot): KeptHeader {
  const { hourMs, agesKnown, streak, count, maxIdKey, absentIds, bigPrice, bigQuantity } = s;
  return { hourMs, agesKnown, streak, count, maxIdKey, absentIds, bigPrice, bigQuantity };
}

/** The columns' places in the buffers follow from the buffers' sizes (a reused buffer keeps one layout). */
export function keptColumns(
  auctionBuffer: ArrayBuffer,
  groupBuffer: ArrayBuffer,
  n: number,
  m: number,
): KeptColumns {
  const ac = Math.floor(auctionBuffer.byteLength / AUCTION_BYTES) & ~3;
  const gc = (Math.floor(groupBuffer.byteLength / GROUP_BYTES) & ~3) - 1;
  return {
    dumpIds: new Uint32Array(auctionBuffer, 0, n),
    slotOfDump: new Int32Array(auctionBuffer, 4 * ac, n),
    price: new Uint32Array(auctionBuffer, 8 * ac, n),
    ageLeft: new Uint8Array(auctionBuffer, 12 * ac, n),
    quantity: new Uint8Array(auctionBuffer, 13 * ac, n),
    variants: new Int32Array(groupBuffer, 0, m),
    start: new Int32Array(groupBuffer, 4 * gc, m + 1),
    lowestAge: new Uint16Array(groupBuffer, 8 * (gc + 1), m),
  };
}

/**
 * The realm's new snapshot from its groups and the dump's ids (`ids`, in dump order: the dump
 * positions the groups' dumpAt refer to); `reuse` (the realm's previous one, no longer read) lends
 * its buffers (through `buffers`) and side lists.
 */
export function keepSnapshot(
  hourMs: number,
  agesKnown: boolean,
  groups: ListingGroups,
  ids: Float64Array,
  reuse: KeptSnapshot | null,
  buffers: KeptBuffers = ownBuffers,
): KeptSnapshot {
  const n = groups.start[groups.m] as number;
  const m = groups.m;
  const bytes = keptBufferBytes(n, m);
  const auctionBuffer = buffers('auction', reuse?.auctionBuffer, bytes.auction);
  const groupBuffer = buffers('group', reuse?.groupBuffer, bytes.group);
  const columns = keptColumns(auctionBuffer, groupBuffer, n, m);
  const { dumpIds, slotOfDump, price, ageLeft, quantity, variants, start, lowestAge } = columns;
  const bigPrice = reuse?.bigPrice ?? new SideValues();
  const bigQuantity = reuse?.bigQuantity ?? new SideValues();
  bigPrice.clear();
  bigQuantity.clear();
  let maxIdKey = -1;
  let absentIds = 0;
  for (let i = 0; i < n; i++) {
    const key = idKey(ids[i] as number);
    dumpIds[i] = key;
    if (key === ABSENT_ID) absentIds++;
    else if (key > maxIdKey) maxIdKey = key;
  }
  // Ages are at most AGE_MAX (6 bits), so every age << 2 | time left fits a byte.
  ageLeft.set(groups.ageLeft.subarray(0, n));
  const { price: prices, quantity: units, dumpAt } = groups;
  for (let o = 0; o < n; o++) {
    slotOfDump[dumpAt[o] as number] = o;
    const p = prices[o] as number;
    // Whole coppers below the marker fit (every price ingest gives is whole); the rest go aside.
    if (p >>> 0 === p && p !== PRICE_BIG) price[o] = p;
    else {
      price[o] = PRICE_BIG;
      bigPrice.add(o, p);
    }
    const q = units[o] as number;
    if (q < QUANTITY_BIG) quantity[o] = q;
    else {
      quantity[o] = QUANTITY_BIG;
      // As a Uint32Array stores it: saturated, then truncated.
      bigQuantity.add(o, Math.min(U32, q) >>> 0);
    }
  }
  variants.set(groups.variants.subarray(0, m));
  start.set(groups.start.subarray(0, m + 1));
  for (let k = 0; k < m; k++) lowestAge[k] = Math.min(U16, groups.lowestAge[k] as number);
  // `reuse` is the realm's previous snapshot, the one this follows when agesKnown.
  const streak = agesKnown && reuse !== null ? reuse.streak + 1 : 1;
  const header = { hourMs, agesKnown, streak, count: n, maxIdKey, absentIds, bigPrice, bigQuantity };
  return { ...header, ...columns, auctionBuffer, groupBuffer };
}

/** Lowest prices within this ratio of each other count as the same price (rounding of stacks). */
const SAME_PRICE = 1.005;

/**
 * A lowest listing that is relisted (a new auction id at the same price, as dead listings are when
 * they expire) keeps its age: the age is that of the lowest price, held by one auction or by several
 * in a row, as long as consecutive snapshots showed it.
 */
export function keepPriceStreaks(groups: ListingGroups, prev: KeptSnapshot): void {
  const { m, variants, lowest, lowestAge } = groups;
  const pv = prev.variants;
  const pn = pv.length;
  // Both variant lists ascend: one merge walk instead of a binary search per variant.
  let p = 0;
  for (let k = 0; k < m; k++) {
    const v = variants[k] as number;
    while (p < pn && (pv[p] as number) < v) p++;
    if (p === pn) break;
    if ((pv[p] as number) !== v) continue;
    // The previous lowest heads its group.
    const was = priceAt(prev, prev.start[p] as number);
    const now = lowest[k] as number;
    if (now <= was * SAME_PRICE && was <= now * SAME_PRICE) {
      lowestAge[k] = Math.max(lowestAge[k] as number, (prev.lowestAge[p] as number) + 1);
    }
  }
}
