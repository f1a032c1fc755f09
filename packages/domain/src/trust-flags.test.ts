import { describe, expect, it } from 'vitest';
import { dealFlags, expectedSales48h, type DealPrices } from './trust';
import type { DealEvidence, DealFlag } from './deal-evidence';
import { DEAL, EVIDENCE, NOW, evidence, flagsOf } from './trust-fixtures';

describe('flags', () => {
  it('has none for a sound deal', () => {
    expect(dealFlags(DEAL, EVIDENCE, NOW)).toEqual([]);
  });

  describe('dead-listing', () => {
    const dead = { sellBuyout: 2600 };
    const noSales = { salesSeen14d: 0, medianSale14d: null };
    it.each<[string, Partial<DealPrices>, Partial<DealEvidence>, DealFlag[]]>([
      [
        'at 2.6x the realm median, new',
        dead,
        { medianSale14d: 1000, sellListingAgeSnapshots: 1 },
        ['dead-listing'],
      ],
      ['just under 2.6x the median', { sellBuyout: 2599.9999 }, { medianSale14d: 1000 }, []],
      [
        'at 2.6x the median but posted for 24 hours: its seller expects to sell',
        dead,
        { medianSale14d: 1000, sellListingAgeSnapshots: 14, sellPostedHours: 24 },
        [],
      ],
      [
        'at 2.6x the median, posted for 48 hours',
        dead,
        { medianSale14d: 1000, sellListingAgeSnapshots: 14, sellPostedHours: 48 },
        ['dead-listing'],
      ],
      [
        'at 1.8x the median after 48 snapshots: may still be its first auction',
        { sellBuyout: 1800 },
        { medianSale14d: 1000, sellListingAgeSnapshots: 48 },
        [],
      ],
      [
        'at 1.8x the median after 49 snapshots: relisted at the same price',
        { sellBuyout: 1800 },
        { medianSale14d: 1000, sellListingAgeSnapshots: 49 },
        ['dead-listing'],
      ],
      [
        'relisted, even when the auction now up was posted for 12 hours',
        { sellBuyout: 1800 },
        { medianSale14d: 1000, sellListingAgeSnapshots: 49, sellPostedHours: 12 },
        ['dead-listing'],
      ],
      [
        'no sales, at 2.6x the floor the realm was offered the variant at',
        dead,
        { ...noSales, sellLowQuartile14d: 1000, sellListingAgeSnapshots: 12 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        'no sales, under 2.6x that floor',
        dead,
        { ...noSales, sellLowQuartile14d: 1001, sellListingAgeSnapshots: 12 },
        ['no-sales-seen'],
      ],
      [
        'no sales, relisted: dead however close to the floor',
        { sellBuyout: 1200 },
        { ...noSales, sellLowQuartile14d: 1001, sellListingAgeSnapshots: 49 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        "the realm's only price, 6.9x the region's: a dear realm reaches that",
        { sellBuyout: 6900 },
        { ...noSales, regionMedianLowest: 1000, sellListingAgeSnapshots: 48 },
        ['no-sales-seen'],
      ],
      [
        "the realm's only price, 7x the region's, 11 snapshots",
        { sellBuyout: 7000 },
        { ...noSales, regionMedianLowest: 1000, sellListingAgeSnapshots: 11 },
        ['no-sales-seen'],
      ],
      [
        "the realm's only price, 7x the region's, 12 snapshots",
        { sellBuyout: 7000 },
        { ...noSales, regionMedianLowest: 1000, sellListingAgeSnapshots: 12 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        "the realm's only price, 7x the region's, 12 snapshots, posted for 12 hours",
        { sellBuyout: 7000 },
        { ...noSales, regionMedianLowest: 1000, sellListingAgeSnapshots: 12, sellPostedHours: 12 },
        ['no-sales-seen'],
      ],
      [
        "the realm's only price (its own floor), relisted, whatever the region pays",
        { sellBuyout: 1500 },
        { ...noSales, regionMedianLowest: 1000, sellListingAgeSnapshots: 49, sellLowQuartile14d: 1500 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        'no sales, at 2.6x the item floor after 12 snapshots',
        dead,
        { ...noSales, sellItemFloor14d: 1000, sellListingAgeSnapshots: 12 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        'no sales, just under 2.6x the item floor',
        { sellBuyout: 2599.99 },
        { ...noSales, sellItemFloor14d: 1000, sellListingAgeSnapshots: 30 },
        ['no-sales-seen'],
      ],
      [
        'no sales, 2.6x the item floor at 11 snapshots: a young listing is dead only at 3x',
        dead,
        { ...noSales, sellItemFloor14d: 1000, sellListingAgeSnapshots: 11 },
        ['no-sales-seen'],
      ],
      [
        'no sales, 3x the item floor, new',
        { sellBuyout: 3000 },
        { ...noSales, sellItemFloor14d: 1000, sellListingAgeSnapshots: 1 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        'no sales, relisted just above the item floor',
        { sellBuyout: 1100 },
        { ...noSales, sellItemFloor14d: 1000, sellListingAgeSnapshots: 49 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        'the lower of the item floor and the variant floor: 2.6x the variant floor, under 2.6x the item floor',
        dead,
        { ...noSales, sellItemFloor14d: 1100, sellLowQuartile14d: 1000, sellListingAgeSnapshots: 20 },
        ['no-sales-seen', 'dead-listing'],
      ],
      [
        'the lower of the two: under 2.6x the item floor, the variant floor higher still',
        dead,
        { ...noSales, sellItemFloor14d: 1001, sellLowQuartile14d: 1500, sellListingAgeSnapshots: 20 },
        ['no-sales-seen'],
      ],
      [
        "the item floor comes before the region: 9x the region's, under 2.6x the item floor",
        { sellBuyout: 900 },
        { ...noSales, sellItemFloor14d: 1000, regionMedianLowest: 100, sellListingAgeSnapshots: 20 },
        ['no-sales-seen'],
      ],
      ['realm sales come before the item floor', dead, { medianSale14d: 2000, sellItemFloor14d: 500 }, []],
      [
        'nothing to judge by: no sales, no floor, no region price',
        { sellBuyout: 8000 },
        { ...noSales, regionMedianLowest: 0, sellListingAgeSnapshots: 20 },
        ['no-sales-seen'],
      ],
    ])('%s', (_, d, e, expected) => {
      expect(flagsOf(d, e)).toEqual(expected);
    });

    it("ignores the region sale average: it is the item's, and a dear variant is worth several times it", () => {
      const e = { ...noSales, regionMedianLowest: 1000, sellListingAgeSnapshots: 20 };
      expect(flagsOf({ sellBuyout: 6900, avgSale: 100 }, e)).toEqual(['no-sales-seen']);
    });
  });

  it('no-sales-seen: none at 0 sales, not at 1', () => {
    expect(flagsOf({}, { salesSeen14d: 0, medianSale14d: null })).toEqual(['no-sales-seen']);
    expect(flagsOf({}, { salesSeen14d: 1 })).not.toContain('no-sales-seen');
  });

  it('dead-listing: the realm median decides when there are sales, whatever the floor', () => {
    const far = { medianSale14d: 1000, salesSeen14d: 5, sellListingAgeSnapshots: 20 };
    expect(flagsOf({ sellBuyout: 3000 }, { ...far, sellLowQuartile14d: 1600 })).toEqual(['dead-listing']);
    expect(flagsOf({ sellBuyout: 3000 }, { ...far, sellLowQuartile14d: null })).toEqual(['dead-listing']);
    expect(flagsOf({ sellBuyout: 2500 }, { ...far, sellLowQuartile14d: 900 })).toEqual([]);
  });

  it('slow-seller: under 2 sales expected in 48 hours at the pace seen (at least 48 hours counted)', () => {
    expect(flagsOf({}, { salesSeen14d: 2, hoursObserved: 48 })).toEqual([]);
    expect(flagsOf({}, { salesSeen14d: 1, hoursObserved: 48 })).toEqual(['slow-seller']);
    expect(flagsOf({}, { salesSeen14d: 13, hoursObserved: 336 })).toEqual(['slow-seller']); // 1.86 in 2 days
    expect(flagsOf({}, { salesSeen14d: 14, hoursObserved: 336 })).toEqual([]); // 2 in 2 days
    expect(flagsOf({}, { salesSeen14d: 1, hoursObserved: 5 })).toEqual(['slow-seller']); // 5 hours prove no pace
    expect(expectedSales48h(evidence({ salesSeen14d: 7, hoursObserved: 168 }))).toBe(2);
  });

  it.each<[Partial<DealEvidence>, DealFlag[]]>([
    [{ realmsOffering: 2 }, ['thin-supply']],
    [{ realmsOffering: 3 }, []],
    [{ buyQuantity: 1, sellListingsNearPrice: 1 }, ['thin-supply']],
    [{ buyQuantity: 2, sellListingsNearPrice: 1 }, []],
    [{ buyQuantity: 1, sellListingsNearPrice: 2 }, []],
  ])('thin-supply with %j: %j', (e, expected) => {
    expect(flagsOf({}, e)).toEqual(expected);
  });

  describe('bait: one unit under 0.3x the going rate, new in the latest snapshot', () => {
    const lone = { buyQuantity: 1, buyListingAgeSnapshots: 1, medianSale14d: 1000 };
    it.each<[string, Partial<DealPrices>, Partial<DealEvidence>, DealFlag[]]>([
      ['just under 0.3x', { buyBuyout: 299.9999 }, lone, ['bait']],
      ['at 0.3x', { buyBuyout: 300 }, lone, []],
      ['two units', { buyBuyout: 100 }, { ...lone, buyQuantity: 2 }, []],
      ['seen in two snapshots', { buyBuyout: 100 }, { ...lone, buyListingAgeSnapshots: 2 }, []],
      [
        'against the region average',
        { buyBuyout: 100, avgSale: 400 },
        { ...lone, salesSeen14d: 0, medianSale14d: null },
        ['no-sales-seen', 'bait'],
      ],
      [
        'no going rate',
        { buyBuyout: 1, avgSale: 0 },
        { ...lone, salesSeen14d: 0, medianSale14d: null },
        ['no-sales-seen'],
      ],
    ])('%s', (_, d, e, expected) => {
      expect(flagsOf(d, e)).toEqual(expected);
    });
  });

  it.each<[Partial<DealEvidence>, DealFlag[]]>([
    [{ buyRealmUpdatedAt: NOW - 7200 }, []],
    [{ buyRealmUpdatedAt: NOW - 7201 }, ['stale']],
    [{ sellRealmUpdatedAt: NOW - 7200 }, []],
    [{ sellRealmUpdatedAt: NOW - 7201 }, ['stale']],
    [{ buyRealmUpdatedAt: NOW + 60 }, []],
  ])('stale with %j: %j', (e, expected) => {
    expect(flagsOf({}, e)).toEqual(expected);
  });

  it('a realm its region left behind makes the deal stale however recent its data', () => {
    expect(dealFlags(DEAL, EVIDENCE, NOW, true)).toEqual(['stale']);
    expect(dealFlags(DEAL, EVIDENCE, NOW, false)).toEqual([]);
  });
});
