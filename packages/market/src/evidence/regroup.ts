// Following a realm's auctions from the snapshot it keeps to the next (RealmEvidence.observe): which
// auctions are listed again (follow), and the new snapshot's groups built from the kept snapshot: most auctions of an hour were listed the hour before, already grouped by variant
// (kept-snapshot.ts), and an auction's item, price and quantity never change while it is listed.
// So the groups are the kept ones, less the auctions gone, with the few new auctions merged in:
// sequential copies instead of grouping every auction of the dump anew (listing-groups.ts
// groupListings, which the first snapshot of a realm still takes). The result is the same as
// groupListings would give, but for the order of the auctions behind each group's two lowest.

import type { RealmAuctions } from '../ingest';
import { grown, roomFor } from '../grown';
import { ABSENT_ID, AuctionIdTable, IdTableSlots, idKey } from './auction-ids';
import { type KeptSnapshot, nextAge, priceAt, quantityAt } from './kept-snapshot';
import {
  type DumpColumns,
  finishGroups,
  groupListings,
  GroupingScratch,
  groupsFor,
  type ListingGroups,
} from './listing-groups';

/** A new auction's position in the fresh list fits in 21 bits next to its variant in a double's 53. */
const FRESH_BITS = 2 ** 21;

/** What follow found: for each kept auction where it is in the dump, and the auctions new to it. */
export interface Followed {
  /** Per auction of the kept snapshot: its dump position when listed again, else -1. */
  seenAt: Int32Array;
  /** Dump positions of the auctions not carried over from the kept snapshot, fresh[0..freshCount). */
  fresh: Int32Array;
  /** Their variants, freshVariant[k] for fresh[k]. */
  freshVariant: Int32Array;
  freshCount: number;
}

/**
 * The working arrays of follow and the regrouping, grown and never shrunk: one per owner (each
 * SnapshotBuilder's ObserveScratch), reused by its realms one observe at a time. What follow returns
 * lives in them until the next follow with the same scratch.
 */
export class RegroupScratch {
  /** Variant of each auction of a first snapshot, in dump order. */
  variant = new Int32Array(0);
  /** Followed.seenAt, fresh and freshVariant. */
  seenAt = new Int32Array(0);
  fresh = new Int32Array(0);
  freshVariant = new Int32Array(0);
  /** The new auctions' sort keys (variant, then place in fresh). */
  keys = new Float64Array(0);
  readonly idSlots = new IdTableSlots();
  readonly grouping = new GroupingScratch();
}

/** Followed.seenAt of a kept auction not in the dump; one listed again but not carried over is SEEN. */
export const GONE = -1;
const SEEN = -2;

/** A realm's first snapshot (or the first after a restore): every auction grouped from the dump. */
export function groupAll(
  auctions: RealmAuctions,
  keyOf: (raw: number) => number,
  dump: DumpColumns,
  scratch = new RegroupScratch(),
): ListingGroups {
  const n = auctions.count;
  const raw = auctions.raw;
  if (scratch.variant.length < n) scratch.variant = new Int32Array(Math.max(n, scratch.variant.length * 2));
  const variant = scratch.variant;
  let maxVariant = -1;
  for (let i = 0; i < n; i++) {
    const v = keyOf(raw[i] as number);
    variant[i] = v;
    if (v > maxVariant) maxVariant = v;
  }
  return groupListings(variant, dump, maxVariant, true, scratch.grouping);
}

function growFresh(scratch: RegroupScratch): void {
  const cap = Math.max(1024, scratch.fresh.length * 2);
  scratch.fresh = grown(scratch.fresh, cap);
  scratch.freshVariant = grown(scratch.freshVariant, cap);
}

/**
 * How far past the cursor follow looks for an auction before it asks an id table. The auctions gone
 * since the kept dump leave gaps in its order: a posting hour's 48-hour auctions run out together, a
 * run of several hundred at full size. A scan of a few thousand ids costs a few microseconds; a table
 * over the kept dump about a millisecond.
 */
export const FOLLOW_LOOKAHEAD = 4096;
/** Once the table is made (the dump is out of the kept order), the scan that is tried first. */
const FOLLOW_LOOKAHEAD_WITH_TABLE = 16;

/**
 * Finds the dump's auctions in the kept snapshot by id: tells which kept auctions are listed again
 * and which dump auctions are new, and ages the new ones (age[i], dump order). An auction listed
 * again at another price than kept (which Blizzard does not allow) or under an id already met is
 * taken as new, keeping its age; its kept entry counts as listed (not sold).
 *
 * A dump lists the auctions still up in the order the kept dump listed them, the new ones after
 * (their ids are past every kept id, as auction ids count up): so a cursor walks the kept dump
 * alongside, and an id past the kept ones is new without a look-up. An id not found near the cursor
 * is looked up in a table over the kept dump (made on the first such id): any order gives the same
 * result, an unordered one at the old cost of a table look-up per auction.
 */
export function follow(
  prev: KeptSnapshot,
  auctions: RealmAuctions,
  keyOf: (raw: number) => number,
  age: Uint16Array,
  scratch = new RegroupScratch(),
): Followed {
  const n = auctions.count;
  const ids = auctions.id;
  const prices = auctions.unitPrice;
  const raw = auctions.raw;
  const pn = prev.count;
  if (scratch.seenAt.length < pn) scratch.seenAt = new Int32Array(Math.max(pn, scratch.seenAt.length * 2));
  const seenAt = scratch.seenAt;
  seenAt.fill(GONE, 0, pn);
  const { dumpIds, slotOfDump, maxIdKey } = prev;
  if (prev.absentIds > 0) markAbsent(prev, seenAt);
  let table: AuctionIdTable | null = null;
  let lookahead = FOLLOW_LOOKAHEAD;
  let cursor = 0;
  let freshCount = 0;
  for (let i = 0; i < n; i++) {
    const key = idKey(ids[i] as number);
    let j = -1;
    if (key <= maxIdKey) {
      const end = Math.min(pn, cursor + lookahead);
      let p = cursor;
      while (p < end && (dumpIds[p] as number) !== key) p++;
      if (p === end) {
        if (table === null) {
          table = new AuctionIdTable(dumpIds, pn, scratch.idSlots);
          lookahead = FOLLOW_LOOKAHEAD_WITH_TABLE;
        }
        p = table.get(key);
      }
      if (p >= 0) {
        cursor = p + 1;
        j = slotOfDump[p] as number;
      }
    }
    // Carried over: regroup ages it from the kept snapshot, in order (not here, at random).
    if (j >= 0 && seenAt[j] === GONE && priceAt(prev, j) === prices[i]) {
      seenAt[j] = i;
      continue;
    }
    if (j >= 0) {
      age[i] = nextAge(prev, j);
      if (seenAt[j] === GONE) seenAt[j] = SEEN;
    } else age[i] = 1;
    if (freshCount === scratch.fresh.length) growFresh(scratch);
    scratch.fresh[freshCount] = i;
    scratch.freshVariant[freshCount++] = keyOf(raw[i] as number);
  }
  return { seenAt, fresh: scratch.fresh, freshVariant: scratch.freshVariant, freshCount };
}

/** The kept auctions without an id are never followed: marked listed again, so never taken for sold. */
function markAbsent(prev: KeptSnapshot, seenAt: Int32Array): void {
  const { dumpIds, slotOfDump, count } = prev;
  for (let p = 0; p < count; p++) if (dumpIds[p] === ABSENT_ID) seenAt[slotOfDump[p] as number] = SEEN;
}

/**
 * Groups of the dump (`dump.age` set for its new auctions) from the kept snapshot `prev` and what
 * follow found. `allSettled` as for groupListings. Valid until the next grouping.
 */
export function regroupListings(
  prev: KeptSnapshot,
  followed: Followed,
  dump: DumpColumns,
  allSettled: boolean,
  scratch = new RegroupScratch(),
): ListingGroups {
  const { seenAt, fresh, freshVariant, freshCount } = followed;
  if (freshCount >= FRESH_BITS) throw new RangeError(`${freshCount} new auctions in one dump`);
  // The new auctions by variant (then dump position): a few in a hundred, sorted natively.
  const keys = (scratch.keys = roomFor(scratch.keys, freshCount));
  for (let k = 0; k < freshCount; k++) keys[k] = (freshVariant[k] as number) * FRESH_BITS + k;
  const sorted = keys.subarray(0, freshCount).sort();
  const pv = prev.variants;
  const ps = prev.start;
  const pm = pv.length;
  // At most every kept group and every new auction makes a group.
  const g = groupsFor(dump.n, pm + freshCount, scratch.grouping);
  const { variants, start, price, dumpAt, quantity, ageLeft } = g;
  const { unitPrice, quantity: units, timeLeft, age } = dump;
  let p = 0;
  let q = 0;
  let out = 0;
  let m = 0;
  while (p < pm || q < freshCount) {
    const vp = p < pm ? (pv[p] as number) : Infinity;
    const vq = q < freshCount ? Math.floor((sorted[q] as number) / FRESH_BITS) : Infinity;
    const v = vp < vq ? vp : vq;
    const from = out;
    if (vp === v) {
      const to = ps[p + 1] as number;
      for (let j = ps[p] as number; j < to; j++) {
        const i = seenAt[j] as number;
        if (i < 0) continue;
        dumpAt[out] = i;
        price[out] = priceAt(prev, j);
        quantity[out] = quantityAt(prev, j);
        ageLeft[out++] = (nextAge(prev, j) << 2) | ((timeLeft[i] as number) & 3);
      }
      p++;
    }
    for (; q < freshCount; q++) {
      const key = sorted[q] as number;
      if (Math.floor(key / FRESH_BITS) !== v) break;
      const i = fresh[key % FRESH_BITS] as number;
      dumpAt[out] = i;
      price[out] = unitPrice[i] as number;
      quantity[out] = units[i] as number;
      ageLeft[out++] = ((age[i] as number) << 2) | ((timeLeft[i] as number) & 3);
    }
    if (out === from) continue;
    variants[m] = v;
    start[m++] = from;
  }
  start[m] = out;
  g.m = m;
  finishGroups(g, allSettled);
  return g;
}
