// The groups of a realm's snapshot that follows one it keeps (RealmEvidence.observe), built from that
// kept snapshot: most auctions of an hour were listed the hour before, already grouped by variant
// (kept-snapshot.ts), and an auction's item, price and quantity never change while it is listed.
// So the groups are the kept ones, less the auctions gone, with the few new auctions merged in:
// sequential copies instead of grouping every auction of the dump anew (listing-groups.ts
// groupListings, which the first snapshot of a realm still takes). The result is the same as
// groupListings would give, but for the order of the auctions behind each group's two lowest.

import { idKey } from './auction-ids';
import { type KeptSnapshot, nextAge, priceAt, quantityAt } from './kept-snapshot';
import { type DumpColumns, finishGroups, groupsFor, type ListingGroups } from './listing-groups';

/** A new auction's position in the fresh list fits in 21 bits next to its variant in a double's 53. */
const FRESH_BITS = 2 ** 21;

let keys = new Float64Array(0);

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
 * Groups of the dump (`dump.age` set for every auction) from the kept snapshot `prev` and what
 * follow found. `allSettled` as for groupListings. Valid until the next grouping.
 */
export function regroupListings(
  prev: KeptSnapshot,
  followed: Followed,
  dump: DumpColumns,
  allSettled: boolean,
): ListingGroups {
  const { seenAt, fresh, freshVariant, freshCount } = followed;
  if (freshCount >= FRESH_BITS) throw new RangeError(`${freshCount} new auctions in one dump`);
  // The new auctions by variant (then dump position): a few in a hundred, sorted natively.
  if (keys.length < freshCount) keys = new Float64Array(Math.max(freshCount, keys.length * 2));
  for (let k = 0; k < freshCount; k++) keys[k] = (freshVariant[k] as number) * FRESH_BITS + k;
  const sorted = keys.subarray(0, freshCount).sort();
  const pv = prev.variants;
  const ps = prev.start;
  const pm = pv.length;
  // At most every kept group and every new auction makes a group.
  const g = groupsFor(dump.n, pm + freshCount);
  const { variants, start, price, id, quantity, ageLeft } = g;
  const { id: ids, unitPrice, quantity: units, timeLeft, age } = dump;
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
        id[out] = prev.id[j] as number;
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
      id[out] = idKey(ids[i] as number);
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
