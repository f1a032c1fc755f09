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
  dealFlags,
  flagsOfBits,
  expectedSale,
  goingRate,
  meetsConfidence,
  goingRateProfit,
  expectedSales48h,
  type DealPrices,
} from './trust';
import { CONFIDENCE_LEVELS, DEAL_FLAGS, type DealEvidence, type DealFlag } from './deal-evidence';
import {
  CONFIDENCE_EXPLANATIONS,
  EVIDENCE_WINDOW_HOURS,
  FLAG_EXPLANATIONS,
  evidenceIncomplete,
  evidenceSoFarLine,
  explainTrust,
  trustLines,
} from './trust-text';
import { assessDeal } from './deal-confidence';

const NOW = 1_700_000_000;

// A deal with nothing wrong: 8 sales seen at a 2,200g median in the 48 hours observed so far (a pace
// of 8 in the next 2 days), depth on both sides, fresh data.
const DEAL: DealPrices = { buyBuyout: 1000, sellBuyout: 2000, avgSale: 1800 };
const EVIDENCE: DealEvidence = {
  salesSeen14d: 8,
  medianSale14d: 2200,
  sellListingsNearPrice: 3,
  sellQuantityNearPrice: 4,
  realmsOffering: 10,
  buyQuantity: 2,
  sellListingAgeSnapshots: 5,
  buyListingAgeSnapshots: 3,
  buyRealmUpdatedAt: NOW - 600,
  sellRealmUpdatedAt: NOW - 600,
  hoursObserved: 48,
  sellLowQuartile14d: null,
  regionMedianLowest: 2100,
  sellItemFloor14d: null,
  sellPostedHours: null,
};

const deal = (over: Partial<DealPrices> = {}): DealPrices => ({ ...DEAL, ...over });
const evidence = (over: Partial<DealEvidence> = {}): DealEvidence => ({ ...EVIDENCE, ...over });
const flagsOf = (d: Partial<DealPrices>, e: Partial<DealEvidence>) => dealFlags(deal(d), evidence(e), NOW);

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

describe('explanations', () => {
  it('has one plain line per level and flag', () => {
    for (const level of CONFIDENCE_LEVELS)
      expect(CONFIDENCE_EXPLANATIONS[level]).toMatch(/^\w+ confidence: /);
    for (const flag of DEAL_FLAGS) expect(FLAG_EXPLANATIONS[flag]).toMatch(/^[A-Z][a-z ]+: .+\.$/);
  });

  const explain = (d: Partial<DealPrices>, e: Partial<DealEvidence>) => {
    const prices = { ...deal(d), saleRate: 0.2 };
    const ev = evidence(e);
    return explainTrust({ ...prices, ...assessDeal(prices, ev, NOW) }, ev, NOW);
  };

  it('shows the listed price when it is the lower', () => {
    expect(explain({}, {})).toEqual([
      CONFIDENCE_EXPLANATIONS.high,
      'Expected profit 881g: a 98% chance it sells within 48 hours, at about 2,000g, less the 5% cut and the 1,000g buy price; unsold, it counts as a loss.',
      'If it sells: 900g, for the listed 2,000g, no more than the 2,200g median of 8 sales seen on the sell realm in 14 days, less the 5% cut and the 1,000g buy price.',
    ]);
  });

  it('names a dead listing with its ratio and age, worst flag first', () => {
    const e = {
      medianSale14d: 1500,
      sellListingAgeSnapshots: 75,
      realmsOffering: 2,
      salesSeen14d: 1,
      sellLowQuartile14d: 1600, // offered at 1,600g before: a floor the 7,500g stands far above
    };
    expect(explain({ sellBuyout: 7500 }, e)).toEqual([
      CONFIDENCE_EXPLANATIONS.low,
      'Expected profit -692g: a 45% chance it sells within 48 hours, at about 691g, less the 5% cut and the 1,000g buy price; unsold, it counts as a loss.',
      'If it sells: 425g, for the 1,500g median of 1 sale seen on the sell realm in 14 days, not the listed 7,500g, less the 5% cut and the 1,000g buy price.',
      'Dead listing: the sell price 7,500g is 5.0× the 1,500g median of 1 sale seen on the sell realm in 14 days, and has sat for 3 days.',
      'Slow seller: 1 sale seen on the sell realm in 14 days, about 1.0 expected in the next 2 days.',
      'Thin supply: only 2 realms in the region sell this item.',
    ]);
  });

  it('says what a dead listing without sales on its realm was judged against', () => {
    const noSales = { salesSeen14d: 0, medianSale14d: null, regionMedianLowest: 900 };
    const deadLine = (d: Partial<DealPrices>, e: Partial<DealEvidence>) =>
      explain(d, { ...noSales, ...e }).find((line) => line.startsWith('Dead listing'));
    expect(deadLine({ sellBuyout: 4800 }, { sellLowQuartile14d: 1200, sellListingAgeSnapshots: 30 })).toBe(
      'Dead listing: the sell price 4,800g is 4.0× the 1,200g the sell realm usually offers it at (no sales seen there), and has sat for 30 hours.',
    );
    expect(deadLine({ sellBuyout: 4200 }, { sellItemFloor14d: 1400, sellListingAgeSnapshots: 20 })).toBe(
      'Dead listing: the sell price 4,200g is 3.0× the 1,400g the sell realm usually offers this item at, all its variants counted (no sales seen there), and has sat for 20 hours.',
    );
    expect(deadLine({ sellBuyout: 9000 }, { sellListingAgeSnapshots: 13 })).toBe(
      'Dead listing: the sell price 9,000g is 10.0× the 900g this item is offered at across the region (no sales seen on the sell realm), and has sat for 13 hours.',
    );
    expect(deadLine({ sellBuyout: 1500 }, { sellListingAgeSnapshots: 72 })).toBe(
      'Dead listing: the sell price 1,500g has stood for 3 days, longer than any auction runs (relisted at the same price), and nobody on the sell realm was seen buying the item in 14 days.',
    );
  });

  it('names bait, missing sales and stale data with their numbers', () => {
    const e = {
      salesSeen14d: 0,
      medianSale14d: null,
      buyQuantity: 1,
      buyListingAgeSnapshots: 1,
      sellListingsNearPrice: 1,
      sellRealmUpdatedAt: NOW - 3 * 3600 - 5 * 60,
    };
    expect(explain({ buyBuyout: 150 }, e)).toEqual([
      CONFIDENCE_EXPLANATIONS.low,
      'Expected profit 10g: a 43% chance it sells within 48 hours, at about 1,693g, less the 5% cut and the 150g buy price; unsold, it counts as a loss. The buy listing is still there 2% of the time an hour later (a gone listing costs nothing).',
      'If it sells: 1,560g, for the 1,800g region sale average (no sales seen on the sell realm), not the listed 2,000g, less the 5% cut and the 150g buy price.',
      'Likely bait: a lone unit at 150g, 8% of the 1,800g region sale average (no sales seen on the sell realm), new in the last hour; it is usually bought before you get there.',
      'No sales seen: nobody was seen buying this item on the sell realm in 14 days.',
      'Thin supply: 1 unit to buy, and a single listing sets the sell price.',
      'Stale data: the sell realm last updated 3 h 5 min ago.',
    ]);
  });

  it('says when no sale price is known', () => {
    const lines = explain(
      { avgSale: 0 },
      { salesSeen14d: 0, medianSale14d: null, sellListingAgeSnapshots: 30 },
    );
    expect(lines[0]).toBe(CONFIDENCE_EXPLANATIONS.low);
    expect(lines[2]).toBe(
      'If it sells: 900g, for the listed 2,000g (no sale price known), less the 5% cut and the 1,000g buy price.',
    );
  });
});

describe('evidence so far (the 14-day window fills up hour by hour)', () => {
  it('says how many hours of snapshots there are until the window holds 336', () => {
    expect(EVIDENCE_WINDOW_HOURS).toBe(336);
    expect(evidenceSoFarLine(5)).toBe('Evidence so far: 5 hours of snapshots (14 days = 336).');
    expect(evidenceSoFarLine(1)).toBe('Evidence so far: 1 hour of snapshots (14 days = 336).');
    expect(evidenceSoFarLine(335)).toBe('Evidence so far: 335 hours of snapshots (14 days = 336).');
    expect(evidenceSoFarLine(336)).toBeNull();
    expect([0, 335, 336].map(evidenceIncomplete)).toEqual([true, true, false]);
  });

  it('puts that line and what the figure rests on first in the confidence tooltip, and leaves them out once complete', () => {
    const prices = { ...deal({}), saleRate: 0.2 };
    const ev = evidence({});
    const item = { ...prices, ...assessDeal(prices, ev, NOW) };
    const explained = explainTrust(item, ev, NOW);
    expect(trustLines({ ...item, evidence: { ...ev, hoursObserved: 5 } }, NOW)).toEqual([
      'Evidence so far: 5 hours of snapshots (14 days = 336).',
      "Until the sell realm has been watched for 2 days, the sale chance rests mostly on the region's sale rate and prices, and confidence is at most medium.",
      ...explained,
    ]);
    expect(trustLines({ ...item, evidence: { ...ev, hoursObserved: 100 } }, NOW).slice(0, 2)).toEqual([
      'Evidence so far: 100 hours of snapshots (14 days = 336).',
      'The sale chance counts the sales seen on the sell realm in these 100 hours; it firms up as the window fills.',
    ]);
    expect(trustLines({ ...item, evidence: { ...ev, hoursObserved: 336 } }, NOW)).toEqual(explained);
  });
});
