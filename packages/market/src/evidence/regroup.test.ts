import { describe, expect, it } from 'vitest';
import { idKey } from './auction-ids';
import { keepSnapshot, type KeptSnapshot, nextAge, priceAt } from './kept-snapshot';
import { type DumpColumns, groupListings, type ListingGroups } from './listing-groups';
import { type Followed, regroupListings } from './regroup';

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

function columns(auctions: Auction[]): DumpColumns {
  const n = auctions.length;
  return {
    n,
    id: Float64Array.from(auctions, (a) => a.id),
    unitPrice: Float64Array.from(auctions, (a) => a.price),
    quantity: Float64Array.from(auctions, (a) => a.quantity),
    timeLeft: Uint8Array.from(auctions, (a) => a.timeLeft),
    age: new Uint16Array(n),
  };
}

/** What the groups say, independent of the order of the auctions behind each group's two lowest. */
function described(g: ListingGroups) {
  return Array.from({ length: g.m }, (_, k) => {
    const from = g.start[k] as number;
    const to = g.start[k + 1] as number;
    const auctions = [];
    for (let o = from; o < to; o++) {
      auctions.push(`${g.id[o]}:${g.price[o]}:${g.quantity[o]}:${g.ageLeft[o]}`);
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

/** Follow as RealmEvidence does it, with a Map: ages, and the kept auctions listed again. */
function followed(prev: KeptSnapshot, dump: DumpColumns, auctions: Auction[]): Followed {
  const at = new Map<number, number>();
  for (let j = 0; j < prev.count; j++) at.set(prev.id[j] as number, j);
  const seenAt = new Int32Array(prev.count).fill(-1);
  const fresh: number[] = [];
  auctions.forEach((a, i) => {
    const j = at.get(idKey(a.id)) ?? -1;
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
      const follow = followed(kept, dump, auctions);
      const variants = Int32Array.from(auctions, (a) => a.variant);
      const expected = described(groupListings(variants, dump, 177, false));
      const regrouped = regroupListings(kept, follow, dump, false);
      expect(described(regrouped)).toEqual(expected);
      expect(regrouped.start[regrouped.m]).toBe(auctions.length);
      kept = keepSnapshot(hour, true, regrouped, kept);
    }
  });
});
