import { createBonusData } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { realmStats } from './realm-stats';
import { dump, snapshotFrom } from '../test-support/build';
import { randomMarket } from '../test-support/random-market';
import { referenceMarket } from '../test-support/reference-market';
import { referenceRealmStats } from '../test-support/reference-realm-stats';
import type { ItemInfo } from '../types';

const item = (id: number): ItemInfo => ({
  id,
  name: `Item ${id}`,
  classId: 15,
  className: 'Miscellaneous',
  subclassId: 100,
  subclassName: 'Toy',
  quality: 3,
  level: 1,
  expansion: 9,
  crafted: false,
  mediaURL: '',
});

/** Rounds every number to 9 significant digits (sums run in different orders). */
function rounded<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_k, v: unknown) =>
    typeof v === 'number' ? Number(v.toPrecision(9)) : v,
  ) as T;
}

describe('realmStats: hand-computed figures', () => {
  // Item 1: realms A 100g, B 200g, C 400g -> region lowest 100, median 200.
  // Item 2: realms A 50g, B 50g           -> lowest 50, median 50 (both equal).
  // Item 3: realm C 10g only              -> ratio 1, equal.
  const m = {
    realms: [
      { id: 1, name: 'A', population: 'Low' },
      { id: 2, name: 'B', population: 'Medium' },
      { id: 3, name: 'C', population: 'Full' },
      { id: 4, name: 'D (no dump)', population: 'Low' },
    ],
    items: new Map([1, 2, 3].map((id) => [id, item(id)])),
    pets: new Map(),
    bonusData: createBonusData(),
    tsm: [],
    dumps: [
      dump(1, [
        [1, 100],
        [1, 150],
        [2, 50],
      ]),
      dump(2, [
        [1, 200],
        [2, 50],
      ]),
      dump(3, [
        [1, 400],
        [3, 10],
      ]),
    ],
  };
  const stats = realmStats(snapshotFrom(m));

  it('computes per-realm ratios and cheaper / expensive / equal shares', () => {
    expect(stats.realmStats).toEqual([
      {
        realmId: 1,
        realmName: 'A',
        realmPopulation: 'Low',
        totalAuctions: 3,
        avgPriceRatio: 1, // (100/100 + 50/50) / 2
        cheaperThanRegion: 1,
        expensiveThanRegion: 0,
        percentCheaper: 50,
        percentExpensive: 0,
        percentEqual: 50,
      },
      {
        realmId: 2,
        realmName: 'B',
        realmPopulation: 'Medium',
        totalAuctions: 2,
        avgPriceRatio: 1.5, // (200/100 + 50/50) / 2
        cheaperThanRegion: 0,
        expensiveThanRegion: 0,
        percentCheaper: 0,
        percentExpensive: 0,
        percentEqual: 100,
      },
      {
        realmId: 3,
        realmName: 'C',
        realmPopulation: 'Full',
        totalAuctions: 2,
        avgPriceRatio: 2.5, // (400/100 + 10/10) / 2
        cheaperThanRegion: 0,
        expensiveThanRegion: 1,
        percentCheaper: 0,
        percentExpensive: 50,
        percentEqual: 50,
      },
    ]);
  });

  it('sums and averages over the rows', () => {
    expect(stats.overallStats).toEqual({
      totalRealms: 3,
      totalAuctions: 7,
      avgPriceRatio: 5 / 3,
      percentCheaper: 50 / 3,
    });
  });

  it('restricts the rows but not the region figures', () => {
    const only = realmStats(snapshotFrom(m), [3, 99]);
    expect(only.realmStats.map((r) => [r.realmId, r.avgPriceRatio])).toEqual([[3, 2.5]]);
    expect(only.overallStats.totalRealms).toBe(1);
  });
});

describe('realmStats matches the brute-force reference', () => {
  it('in 200 seeded random markets', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const m = randomMarket(seed);
      const snap = snapshotFrom(m);
      const ref = referenceMarket(m.dumps, m.realms, m.items, m.pets, m.bonusData, m.tsm);
      const only = seed % 3 === 0 ? m.buying : undefined;
      expect(rounded(realmStats(snap, only)), `seed ${seed}`).toEqual(
        rounded(referenceRealmStats(ref, only)),
      );
    }
  });
});
