import { describe, expect, it } from 'vitest';
import { ABSENT_ID, idKey } from './auction-ids';
import { keepSnapshot, type KeptSnapshot, nextAge, priceAt } from './kept-snapshot';
import { type DumpColumns, groupListings, type ListingGroups } from './listing-groups';
import { follow, FOLLOW_LOOKAHEAD, type Followed, regroupListings } from './regroup';
import { auctionsOf } from './test-auctions';

interface Auction {
  id: number;
  variant: number;
  price: number;
  quantity: number;
  timeLeft: number;
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The dump's ids, in dump order (keepSnapshot takes them beside the groups). */
const idsOf = (auctions: Auction[]): Float64Array => Float64Array.from(auctions, (a) => a.id);

function columns(auctions: Auction[]): DumpColumns {
  const n = auctions.length;
  return {
    n,
    unitPrice: Float64Array.from(auctions, (a) => a.price),
    quantity: Float64Array.from(auctions, (a) => a.quantity),
    timeLeft: Uint8Array.from(auctions, (a) => a.timeLeft),
    age: new Uint16Array(n),
  };
}

/** What the groups say, independent of the order of the auctions behind each group's two lowest. */
function described(g: ListingGroups, ids: Float64Array) {
  return Array.from({ length: g.m }, (_, k) => {
    const from = g.start[k] as number;
    const to = g.start[k + 1] as number;
    const auctions = [];
    for (let o = from; o < to; o++) {
      auctions.push(
        `${idKey(ids[g.dumpAt[o] as number] as number)}:${g.price[o]}:${g.quantity[o]}:${g.ageLeft[o]}`,
      );
    }
    return {
      variant: g.variants[k],
      lowest: g.lowest[k],
      lowestAge: g.lowestAge[k],
      dayLowest: g.dayLowest[k],
      head: to - from > 1 ? [g.price[from], g.price[from + 1]] : [g.price[from]],
      auctions: auctions.sort(),
    };
  });
}

/**
 * Follow as RealmEvidence does it, with a Map: ages, and the kept auctions listed again (a repeated
 * kept id is the later one in the kept dump). Kept auctions without an id count as listed again.
 */
function followed(prev: KeptSnapshot, dump: DumpColumns, auctions: Auction[]): Followed {
  const at = new Map<number, number>();
  const seenAt = new Int32Array(prev.count).fill(-1);
  for (let p = 0; p < prev.count; p++) {
    const key = prev.dumpIds[p] as number;
    const j = prev.slotOfDump[p] as number;
    if (key === ABSENT_ID) seenAt[j] = -2;
    else at.set(key, j);
  }
  const fresh: number[] = [];
  auctions.forEach((a, i) => {
    const key = idKey(a.id);
    const j = key === ABSENT_ID ? -1 : (at.get(key) ?? -1);
    dump.age[i] = j >= 0 ? nextAge(prev, j) : 1;
    if (j >= 0 && seenAt[j] === -1 && priceAt(prev, j) === a.price) seenAt[j] = i;
    else {
      if (j >= 0 && seenAt[j] === -1) seenAt[j] = -2;
      fresh.push(i);
    }
  });
  return {
    seenAt,
    fresh: Int32Array.from(fresh),
    freshVariant: Int32Array.from(fresh, (i) => (auctions[i] as Auction).variant),
    freshCount: fresh.length,
  };
}

describe('regroupListings', () => {
  it('gives the groups groupListings gives, hour after hour, from the kept snapshot', () => {
    const random = rng(7);
    let nextId = 1;
    const listing = (): Auction => ({
      id: nextId++,
      variant: Math.floor(random() * 60) * 3,
      price: 100 + Math.floor(random() * 50) * 10,
      quantity: random() < 0.1 ? 1 + Math.floor(random() * 300) : 1,
      timeLeft: Math.floor(random() * 4),
    });
    let auctions = Array.from({ length: 1500 }, listing);
    let dump = columns(auctions);
    dump.age.fill(1);
    let kept = keepSnapshot(
      0,
      false,
      groupListings(
        Int32Array.from(auctions, (a) => a.variant),
        dump,
        177,
        true,
      ),
      idsOf(auctions),
      null,
    );
    for (let hour = 1; hour <= 4; hour++) {
      // A tenth gone, new ones in, and a dump in a new order.
      auctions = auctions.filter(() => random() > 0.1);
      for (let k = 0; k < 200; k++) auctions.push(listing());
      if (hour === 2) {
        // An id listed twice, and one at another price than kept: both taken as new.
        auctions.push({ ...(auctions[0] as Auction) });
        auctions[1] = { ...(auctions[1] as Auction), price: (auctions[1] as Auction).price + 5 };
      }
      auctions.sort(() => random() - 0.5);
      dump = columns(auctions);
      const reference = followed(kept, dump, auctions);
      const variants = Int32Array.from(auctions, (a) => a.variant);
      const ids = idsOf(auctions);
      const expected = described(groupListings(variants, dump, 177, false), ids);
      const regrouped = regroupListings(kept, reference, dump, false);
      expect(described(regrouped, ids)).toEqual(expected);
      expect(regrouped.start[regrouped.m]).toBe(auctions.length);
      kept = keepSnapshot(hour, true, regrouped, ids, kept);
    }
  });
});

/** The parts of follow's result that are set, as plain lists (ages: of the new auctions; regroup ages the rest). */
function followedParts(f: Followed, prevCount: number, age: Uint16Array) {
  const fresh = Array.from(f.fresh.subarray(0, f.freshCount));
  return {
    seenAt: Array.from(f.seenAt.subarray(0, prevCount)),
    fresh,
    freshVariant: Array.from(f.freshVariant.subarray(0, f.freshCount)),
    age: fresh.map((i) => age[i]),
  };
}

describe('follow', () => {
  const random = rng(11);
  let nextId = 2 ** 31 + 5; // past 2^31, as Blizzard's ids are
  const listing = (): Auction => ({
    id: nextId++,
    variant: Math.floor(random() * 40),
    price: 100 + Math.floor(random() * 50) * 10,
    quantity: 1,
    timeLeft: 3,
  });
  /** Kept snapshot of `auctions` (as RealmEvidence keeps a realm's first dump). */
  function kept(auctions: Auction[]): KeptSnapshot {
    const dump = columns(auctions);
    dump.age.fill(1);
    const variants = Int32Array.from(auctions, (a) => a.variant);
    return keepSnapshot(0, false, groupListings(variants, dump, 40, true), idsOf(auctions), null);
  }
  /** follow against the Map reference on the next dump `next`. */
  function check(prev: KeptSnapshot, next: Auction[]): void {
    const dump = columns(next);
    const expected = followedParts(followed(prev, dump, next), prev.count, dump.age);
    const age = new Uint16Array(next.length);
    const rows = next.map((a) => [a.id, a.variant, a.price, a.quantity, a.timeLeft] as const);
    const got = follow(prev, auctionsOf(rows), (raw) => raw, age);
    expect(followedParts(got, prev.count, age)).toEqual(expected);
  }

  it('finds the auctions still up in the kept order, the new ones after them', () => {
    const run = FOLLOW_LOOKAHEAD + 100;
    const before = Array.from({ length: run + 2000 }, listing);
    const prev = kept(before);
    // A run of gone auctions longer than the look-ahead (a posting hour running out), scattered
    // gaps, then the new auctions.
    const still = before.filter((_, i) => !(i >= 200 && i < 200 + run) && random() > 0.05);
    check(prev, [...still, ...Array.from({ length: 300 }, listing)]);
  });

  it('gives the same result on a dump in another order, with new ids among the old', () => {
    const before = Array.from({ length: 2000 }, listing);
    const prev = kept(before);
    const mixed = [...before.filter(() => random() > 0.1), ...Array.from({ length: 200 }, listing)];
    // New auctions under ids below the kept ones' largest (ids that are not counters).
    for (let k = 0; k < 50; k++) mixed.push({ ...listing(), id: 1000 + k });
    mixed.sort(() => random() - 0.5);
    check(prev, mixed);
  });

  it('keeps auctions without an id out of the sales, and takes a changed price or a repeated id as new', () => {
    const before = Array.from({ length: 500 }, listing);
    before[10] = { ...(before[10] as Auction), id: -1 };
    const prev = kept(before);
    const next = before.filter((_, i) => i !== 10 && i % 7 !== 3);
    next[20] = { ...(next[20] as Auction), price: (next[20] as Auction).price + 1 };
    next.push({ ...(next[30] as Auction) });
    const dump = columns(next);
    const age = new Uint16Array(next.length);
    const rows = next.map((a) => [a.id, a.variant, a.price, a.quantity, a.timeLeft] as const);
    const got = follow(prev, auctionsOf(rows), (raw) => raw, age);
    // The kept auction without an id is not gone (so never a sale), though the dump no longer lists it.
    const slot = prev.slotOfDump[10] as number;
    expect(got.seenAt[slot]).toBe(-2);
    expect(got.freshCount).toBe(2);
    expect(followedParts(got, prev.count, age)).toEqual(
      followedParts(followed(prev, dump, next), prev.count, dump.age),
    );
  });
});
