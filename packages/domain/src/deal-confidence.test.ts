import { describe, expect, it } from 'vitest';
import {
  CLEAR_RECORD_SALES,
  CONFIDENT_WINDOW_HOURS,
  SOURCES_AGREE_RATIO,
  assessDeal,
  dealConfidence,
  roundChance,
  sourcesAgree,
} from './deal-confidence';
import { expectedProfit, type ExpectedProfitPrices } from './expected-profit';
import { dealFlagBits } from './trust';
import type { DealEvidence } from './deal-evidence';

const NOW = 1_700_000_000;
// A single-listing gear trade: one unit to buy, one listing near the sell price, and a clear record of
// 6 sales on the sell realm over a full window, in line with the region's average.
const DEAL: ExpectedProfitPrices = { buyBuyout: 1000, sellBuyout: 2000, avgSale: 1900, saleRate: 0.3 };
const EVIDENCE: DealEvidence = {
  salesSeen14d: 6,
  medianSale14d: 2100,
  sellListingsNearPrice: 1,
  sellQuantityNearPrice: 1,
  realmsOffering: 12,
  buyQuantity: 1,
  sellListingAgeSnapshots: 5,
  buyListingAgeSnapshots: 8,
  buyRealmUpdatedAt: NOW - 600,
  sellRealmUpdatedAt: NOW - 600,
  hoursObserved: 336,
  sellLowQuartile14d: 1950,
  regionMedianLowest: 2050,
  sellItemFloor14d: null,
  sellPostedHours: 48,
};

function confidenceOf(d: Partial<ExpectedProfitPrices> = {}, e: Partial<DealEvidence> = {}) {
  const deal = { ...DEAL, ...d };
  const evidence = { ...EVIDENCE, ...e };
  return dealConfidence(dealFlagBits(deal, evidence, NOW), deal, evidence);
}

describe('deal confidence: how sure the expected profit is', () => {
  it('has documented thresholds', () => {
    expect({ CONFIDENT_WINDOW_HOURS, CLEAR_RECORD_SALES, SOURCES_AGREE_RATIO }).toEqual({
      CONFIDENT_WINDOW_HOURS: 48,
      CLEAR_RECORD_SALES: 3,
      SOURCES_AGREE_RATIO: 2,
    });
  });

  it('is high for a single-listing gear trade with a clear sales record on the sell realm, slow as it sells', () => {
    const evidence = { ...EVIDENCE };
    expect(assessDeal(DEAL, evidence, NOW).flags).toEqual(['thin-supply', 'slow-seller']);
    expect(confidenceOf()).toBe('high');
  });

  it.each<[string, Partial<ExpectedProfitPrices>, Partial<DealEvidence>, string]>([
    ['2 sales seen: a short record', {}, { salesSeen14d: 2 }, 'medium'],
    ['3 sales seen', {}, { salesSeen14d: 3 }, 'high'],
    ['no sales seen: the region average alone', {}, { salesSeen14d: 0, medianSale14d: null }, 'medium'],
    ['watched 47 hours', {}, { hoursObserved: 47 }, 'medium'],
    ['watched 48 hours', {}, { hoursObserved: 48 }, 'high'],
    ['the realm pays 2x the region average', { avgSale: 1050 }, {}, 'high'],
    ['the realm pays over 2x the region average', { avgSale: 1049 }, {}, 'medium'],
    [
      'the realm pays under half the region average',
      { avgSale: 4201 },
      { sellLowQuartile14d: 4000 },
      'medium',
    ],
    ['no region average to disagree', { avgSale: 0 }, {}, 'high'],
    ['data over 2 hours old', {}, { sellRealmUpdatedAt: NOW - 7201 }, 'medium'],
    [
      'a dead listing',
      { sellBuyout: 9000 },
      { sellLowQuartile14d: null, sellListingAgeSnapshots: 60 },
      'low',
    ],
    ['bait on the buy realm', { buyBuyout: 300 }, { buyListingAgeSnapshots: 1 }, 'low'],
    ['no sale price at all', { avgSale: 0 }, { salesSeen14d: 0, medianSale14d: null }, 'low'],
  ])('%s: %s', (_, d, e, expected) => {
    expect(confidenceOf(d, e)).toBe(expected);
  });

  it('compares the realm median with the region average only when both exist', () => {
    expect(sourcesAgree(DEAL, EVIDENCE)).toBe(true);
    expect(sourcesAgree({ ...DEAL, avgSale: 1000 }, EVIDENCE)).toBe(false);
    expect(
      sourcesAgree({ ...DEAL, avgSale: 1000 }, { ...EVIDENCE, salesSeen14d: 0, medianSale14d: null }),
    ).toBe(true);
  });
});

describe('assessDeal', () => {
  it('puts the expected profit, its sale chance in hundredths, the confidence and the flags together', () => {
    const e = expectedProfit(DEAL, EVIDENCE);
    const trust = assessDeal(DEAL, EVIDENCE, NOW);
    expect(trust).toEqual({
      realisticProfit: e.expectedProfit,
      saleChance: roundChance(e.saleChance),
      confidence: 'high',
      flags: ['thin-supply', 'slow-seller'],
    });
    expect(trust.realisticProfit).toBeGreaterThan(0);
    expect(trust.realisticProfit).toBeLessThan(2000 * 0.95 - 1000);
    expect(Math.round(trust.saleChance * 100)).toBe(trust.saleChance * 100);
    expect(roundChance(0.625)).toBe(0.63);
  });
});
