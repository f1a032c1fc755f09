import { describe, expect, it } from 'vitest';
import {
  BAIT_MAX_AGE_SNAPSHOTS,
  BAIT_PRICE_RATIO,
  DEAD_LISTING_FLOOR_RATIO,
  DEAD_LISTING_MIN_AGE_SNAPSHOTS,
  DEAD_LISTING_REGION_RATIO,
  DEAD_LISTING_SALES_RATIO,
  SHORT_POSTING_MAX_HOURS,
  DEAD_LISTING_RELISTED_RATIO,
  DEAD_LISTING_YOUNG_RATIO,
  LONGEST_AUCTION_SNAPSHOTS,
  NEAR_PRICE_FACTOR,
  STALE_AFTER_SECONDS,
  THIN_SUPPLY_MIN_REALMS,
  confidenceRank,
  dealFlagBits,
  flagsOfBits,
  expectedSale,
  goingRate,
  meetsConfidence,
  goingRateProfit,
  type DealPrices,
} from './trust';
import { CONFIDENCE_LEVELS, DEAL_FLAGS, type DealEvidence } from './deal-evidence';
import { DEAL, EVIDENCE, NOW, deal, evidence, flagsOf } from './trust-fixtures';

describe('thresholds', () => {
  it('are the documented values', () => {
    expect({
      NEAR_PRICE_FACTOR,
      DEAD_LISTING_SALES_RATIO,
      DEAD_LISTING_FLOOR_RATIO,
      DEAD_LISTING_MIN_AGE_SNAPSHOTS,
      DEAD_LISTING_RELISTED_RATIO,
      DEAD_LISTING_YOUNG_RATIO,
      DEAD_LISTING_REGION_RATIO,
      SHORT_POSTING_MAX_HOURS,
      LONGEST_AUCTION_SNAPSHOTS,
      THIN_SUPPLY_MIN_REALMS,
      BAIT_PRICE_RATIO,
      BAIT_MAX_AGE_SNAPSHOTS,
      STALE_AFTER_SECONDS,
    }).toEqual({
      NEAR_PRICE_FACTOR: 1.1,
      DEAD_LISTING_SALES_RATIO: 2.6,
      DEAD_LISTING_FLOOR_RATIO: 2.6,
      DEAD_LISTING_MIN_AGE_SNAPSHOTS: 12,
      DEAD_LISTING_RELISTED_RATIO: 1.8,
      DEAD_LISTING_YOUNG_RATIO: 3,
      DEAD_LISTING_REGION_RATIO: 7,
      SHORT_POSTING_MAX_HOURS: 24,
      LONGEST_AUCTION_SNAPSHOTS: 48,
      THIN_SUPPLY_MIN_REALMS: 3,
      BAIT_PRICE_RATIO: 0.3,
      BAIT_MAX_AGE_SNAPSHOTS: 1,
      STALE_AFTER_SECONDS: 7200,
    });
  });

  it('orders levels and flags from best to worst', () => {
    expect(CONFIDENCE_LEVELS).toEqual(['high', 'medium', 'low']);
    expect(DEAL_FLAGS).toEqual([
      'stale',
      'thin-supply',
      'slow-seller',
      'no-sales-seen',
      'bait',
      'dead-listing',
    ]);
  });
});

describe('going rate and expected sale', () => {
  it("uses the sell realm's 14-day median when sales were seen", () => {
    expect(goingRate(DEAL, EVIDENCE)).toEqual({ price: 2200, source: 'realm-sales' });
  });

  it.each([
    ['no sales seen', { salesSeen14d: 0, medianSale14d: null }],
    ['a median without sales', { salesSeen14d: 0, medianSale14d: 2200 }],
    ['sales without a median', { salesSeen14d: 3, medianSale14d: null }],
  ])('falls back to the region sale average with %s', (_, over) => {
    expect(goingRate(DEAL, evidence(over))).toEqual({ price: 1800, source: 'region-average' });
    expect(expectedSale(DEAL, evidence(over))).toBe(1800);
  });

  it('has no going rate without realm sales or a region average, and then expects the listed price', () => {
    const e = evidence({ salesSeen14d: 0, medianSale14d: null });
    expect(goingRate(deal({ avgSale: 0 }), e)).toBeNull();
    expect(expectedSale(deal({ avgSale: 0 }), e)).toBe(2000);
  });

  it.each([
    [2000, 2200, 2000],
    [2000, 1500, 1500],
    [2000, 2000, 2000],
  ])('expects the lower of listed %f and median %f: %f', (sellBuyout, medianSale14d, expected) => {
    expect(expectedSale(deal({ sellBuyout }), evidence({ medianSale14d }))).toBe(expected);
  });
});

describe('goingRateProfit: expected sale less the 5% cut less the buy price', () => {
  it.each<[string, Partial<DealPrices>, Partial<DealEvidence>, number]>([
    ['listed price below the median', {}, {}, 900],
    ['median below the listed price', {}, { medianSale14d: 1500 }, 425],
    ['region average fallback', {}, { salesSeen14d: 0, medianSale14d: null }, 710],
    [
      'region average above the listed price',
      { avgSale: 2500 },
      { salesSeen14d: 0, medianSale14d: null },
      900,
    ],
    ['no going rate at all', { avgSale: 0 }, { salesSeen14d: 0, medianSale14d: null }, 900],
    ['a loss', { buyBuyout: 2000 }, { medianSale14d: 1500 }, -575],
    ['copper precision', {}, { medianSale14d: 1234.5678 }, 172.8394],
  ])('%s', (_, d, e, expected) => {
    expect(goingRateProfit(deal(d), evidence(e))).toBe(expected);
  });
});

describe('flag bits and confidence levels', () => {
  it('codes each flag set as bits (what an answer writes per row) that give back the flags', () => {
    const cases: [Partial<DealPrices>, Partial<DealEvidence>][] = [
      [{}, {}],
      [{ sellBuyout: 9000 }, { medianSale14d: 1500 }],
      [{}, { salesSeen14d: 0, medianSale14d: null, buyRealmUpdatedAt: NOW - 3 * 3600 }],
      [{ buyBuyout: 100 }, { buyQuantity: 1, buyListingAgeSnapshots: 1, sellListingsNearPrice: 1 }],
    ];
    for (const [d, e] of cases) {
      const bits = dealFlagBits(deal(d), evidence(e), NOW);
      expect(flagsOfBits(bits)).toEqual(flagsOf(d, e));
    }
    expect(flagsOfBits(0b100001)).toEqual(['stale', 'dead-listing']);
    // The lists are shared: frozen, so no caller can change another row's flags.
    expect(Object.isFrozen(flagsOfBits(0b100001))).toBe(true);
    expect(() => flagsOfBits(1 << DEAL_FLAGS.length)).toThrow(RangeError);
  });

  it('ranks levels higher-is-better for the "Minimum confidence" filter', () => {
    expect(CONFIDENCE_LEVELS.map(confidenceRank)).toEqual([2, 1, 0]);
    const meets = CONFIDENCE_LEVELS.map((level) =>
      CONFIDENCE_LEVELS.map((min) => meetsConfidence(level, min)),
    );
    expect(meets).toEqual([
      [true, true, true],
      [false, true, true],
      [false, false, true],
    ]);
  });
});
