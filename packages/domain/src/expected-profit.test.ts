import { describe, expect, it } from 'vitest';
import {
  buyFeatures,
  expectedProfit,
  logistic,
  SALE_MODEL,
  saleFeatures,
  type ExpectedProfitPrices,
  type SaleModel,
} from './expected-profit';
import { makeTradeEvidence } from './test-fixtures';
import type { DealEvidence } from './deal-evidence';

// A deal whose sell realm sold the variant 8 times in the 48 hours seen (a pace of 8 in the next two):
// sell at 2,000g where the realm's median sale is 2,200g, buy at 1,000g posted 3 hours ago.
const DEAL: ExpectedProfitPrices = { buyBuyout: 1000, sellBuyout: 2000, avgSale: 1800, saleRate: 0.2 };
const EVIDENCE: DealEvidence = makeTradeEvidence({
  salesSeen14d: 8,
  medianSale14d: 2200,
  hoursObserved: 48,
  sellListingsNearPrice: 3,
  realmsOffering: 10,
  buyQuantity: 1,
  sellListingAgeSnapshots: 5,
  buyListingAgeSnapshots: 3,
});
const evidence = (over: Partial<DealEvidence>) => ({ ...EVIDENCE, ...over });

describe('the models read what the dialog shows', () => {
  it('reads pace, supply, the region sale rate and how dear the sell price is', () => {
    const f = saleFeatures(DEAL, EVIDENCE);
    const dear = Math.log(2000 / 2200);
    expect(f.slice(0, 5).map((v) => Number(v.toFixed(6)))).toEqual(
      [1, Math.log(9), Math.log(10), 0.2, dear].map((v) => Number(v.toFixed(6))),
    );
    expect(f[8]).toBeCloseTo(Math.log(3));
    expect(f.slice(9, 12)).toEqual([0, 0, 1]);
    // Without a going rate (no realm sales, no region average) the price cannot be judged: 0.
    expect(saleFeatures({ ...DEAL, avgSale: 0 }, evidence({ salesSeen14d: 0, medianSale14d: null }))[4]).toBe(
      0,
    );
    // A price 100x the rate is read as 20x (e^3).
    expect(saleFeatures({ ...DEAL, sellBuyout: 220_000 }, EVIDENCE)[4]).toBe(3);
  });

  it('reads a buy listing first seen in the latest snapshot, and one older than any auction runs', () => {
    const cheap = Math.log(1000 / 2200);
    expect(buyFeatures(DEAL, EVIDENCE).map((v) => Number(v.toFixed(6)))).toEqual(
      [1, 0, 0, cheap, 0, 0].map((v) => Number(v.toFixed(6))),
    );
    expect(buyFeatures(DEAL, evidence({ buyListingAgeSnapshots: 1 }))[1]).toBe(1);
    expect(buyFeatures(DEAL, evidence({ buyListingAgeSnapshots: 49 }))[2]).toBe(1);
  });
});

describe('expected profit', () => {
  it('is the buy chance times the expected sale after the 5% cut, less the buy price', () => {
    // Weights that make each chance a plain number: sale 3 in 4 (ln 3), value half the sell price,
    // buy 9 in 10 (ln 9).
    const model: SaleModel = { saleChance: [Math.log(3)], saleValue: [0], buyChance: [Math.log(9)] };
    const e = expectedProfit(DEAL, EVIDENCE, model);
    expect(e.saleChance).toBeCloseTo(0.75, 10);
    expect(e.buyChance).toBeCloseTo(0.9, 10);
    // 0.9 x (2000 x 0.5 x 0.95 - 1000) = 0.9 x -50 = -45
    expect(e.expectedProfit).toBe(-45);
    // Given a sale: 1000 / 0.75 = 1333.33g.
    expect(e.expectedSalePrice).toBeCloseTo(1333.333, 3);
  });

  it('logistic is 1 / (1 + e^-(w.x))', () => {
    expect(logistic([1, 2], [1, 0.5])).toBeCloseTo(1 / (1 + Math.exp(-2)), 12);
  });
});

describe('the fitted model on the cases a trader knows', () => {
  const saleChance = (over: Partial<DealEvidence>, deal: Partial<ExpectedProfitPrices> = {}) =>
    expectedProfit({ ...DEAL, ...deal }, evidence(over)).saleChance;

  it('gives a realm that sells the item often a better sale chance than one never seen selling it', () => {
    expect(saleChance({})).toBeGreaterThan(0.6);
    expect(saleChance({ salesSeen14d: 0, medianSale14d: null })).toBeLessThan(saleChance({}) - 0.3);
  });

  it('expects a listing far above what the realm pays to bring far less than its price', () => {
    const dead = expectedProfit({ ...DEAL, sellBuyout: 20_000 }, evidence({ sellListingAgeSnapshots: 60 }));
    expect(dead.expectedSalePrice).toBeLessThan(10_000);
    expect(dead.expectedProfit).toBeLessThan(
      expectedProfit({ ...DEAL, sellBuyout: 20_000 }, EVIDENCE).expectedProfit,
    );
  });

  it('counts a buy listing first seen in the latest snapshot as likely gone', () => {
    const fresh = expectedProfit(DEAL, evidence({ buyListingAgeSnapshots: 1 }));
    const standing = expectedProfit(DEAL, EVIDENCE);
    expect(standing.buyChance).toBeGreaterThan(0.9);
    expect(fresh.buyChance).toBeLessThan(0.5);
  });

  it('has one weight per feature', () => {
    expect(SALE_MODEL.saleChance.length).toBe(saleFeatures(DEAL, EVIDENCE).length);
    expect(SALE_MODEL.saleValue.length).toBe(saleFeatures(DEAL, EVIDENCE).length);
    expect(SALE_MODEL.buyChance.length).toBe(buyFeatures(DEAL, EVIDENCE).length);
  });
});
