// Scoring rules of the trust benchmark (its targets: docs/deal-trust.md).
import { describe, expect, it } from 'vitest';
import type { EvaluatedRow } from './trust-score';
import {
  addToConfusion,
  addToTally,
  bestSale,
  emptyConfusion,
  emptyTally,
  goldRatio,
  precision,
  realisedProfit,
  realisedRatio,
  realisedRatioUnsoldKept,
  realisedSale,
  recall,
  summaryLine,
  topByRealisticProfit,
  topBySellVsBuy,
} from './trust-score';

const G = 10_000; // copper per gold

function row(key: string, fields: Partial<EvaluatedRow> = {}): EvaluatedRow {
  return {
    hour: 10,
    uniqueTradeKey: key,
    variant: 1,
    buyRealm: 1,
    sellRealm: 2,
    buy: 100 * G,
    sell: 1000 * G,
    sellVsBuyGold: 850,
    realisticProfitGold: 850,
    confidence: 'high',
    flags: [],
    ...fields,
  };
}

describe('top lists', () => {
  it('(a) sorts by Sell vs Buy, ties by trade key, and keeps N', () => {
    const rows = [
      row('c', { sellVsBuyGold: 5 }),
      row('b', { sellVsBuyGold: 9 }),
      row('a', { sellVsBuyGold: 5 }),
      row('d', { sellVsBuyGold: 1 }),
    ];
    expect(topBySellVsBuy(rows, 3).map((r) => r.uniqueTradeKey)).toEqual(['b', 'a', 'c']);
  });

  it('(b) hides low confidence and rows without trust, sorts by realistic profit then Sell vs Buy', () => {
    const rows = [
      row('low', { realisticProfitGold: 1e6, confidence: 'low' }),
      row('none', { realisticProfitGold: undefined, confidence: undefined }),
      row('m1', { realisticProfitGold: 50, sellVsBuyGold: 10, confidence: 'medium' }),
      row('m2', { realisticProfitGold: 50, sellVsBuyGold: 20, confidence: 'medium' }),
      row('h', { realisticProfitGold: 80 }),
      row('neg', { realisticProfitGold: -5 }),
    ];
    expect(topByRealisticProfit(rows, 3).map((r) => r.uniqueTradeKey)).toEqual(['h', 'm2', 'm1']);
    expect(topByRealisticProfit(rows, 10)).toHaveLength(4);
  });
});

describe('realised sale and profit', () => {
  const series = { hour: [11, 12, 40, 58, 59], price: [300 * G, 900 * G, 1200 * G, 2000 * G, 5000 * G] };

  it('takes the highest sale in the window (inclusive), null when none', () => {
    expect(bestSale(series, 11, 58)).toBe(2000 * G);
    expect(bestSale(series, 11, 39)).toBe(900 * G);
    expect(bestSale(series, 13, 39)).toBeNull();
    expect(bestSale(undefined, 0, 100)).toBeNull();
  });

  it('caps the realised sale at the listed sell price', () => {
    const r = row('x', { buy: 100 * G, sell: 1000 * G });
    expect(realisedSale(r, { buyGone: false, bestSale: 2000 * G })).toBe(1000 * G);
    expect(realisedSale(r, { buyGone: false, bestSale: 400 * G })).toBe(400 * G);
    expect(realisedSale(r, { buyGone: false, bestSale: null })).toBe(0);
  });

  it('realised profit = sale x 0.95 - buy; unsold loses the buy; a vanished buy listing realises 0', () => {
    const r = row('x', { buy: 100 * G, sell: 1000 * G });
    expect(realisedProfit(r, { buyGone: false, bestSale: 2000 * G })).toBe(850 * G);
    expect(realisedProfit(r, { buyGone: false, bestSale: 400 * G })).toBe(280 * G);
    expect(realisedProfit(r, { buyGone: false, bestSale: null })).toBe(-100 * G);
    expect(realisedProfit(r, { buyGone: true, bestSale: 2000 * G })).toBe(0);
    expect(realisedProfit(r, { buyGone: true, bestSale: null })).toBe(0);
    // The cut is rounded to whole copper as the engine rounds it (half up).
    expect(realisedProfit(row('y', { buy: 0, sell: 10 }), { buyGone: false, bestSale: 10 })).toBe(10);
    expect(realisedProfit(row('y', { buy: 0, sell: 11 }), { buyGone: false, bestSale: 11 })).toBe(10);
  });
});

describe('tallies', () => {
  it('pools stated and realised gold and counts the outcomes', () => {
    const t = emptyTally();
    const r = row('x', { buy: 100 * G, sell: 1000 * G });
    addToTally(t, r, 850, { buyGone: false, bestSale: 2000 * G }); // +850, full price
    addToTally(t, r, 850, { buyGone: false, bestSale: null }); // -100, no sale, loss
    addToTally(t, r, 850, { buyGone: true, bestSale: 2000 * G }); // 0
    addToTally(t, r, 850, { buyGone: false, bestSale: 50 * G }); // 47.5 - 100 = -52.5, loss
    expect(t).toEqual({
      rows: 4,
      statedGold: 3400,
      realisedGold: 850 - 100 + 0 - 52.5,
      buyGone: 1,
      noSale: 1,
      losses: 2,
      fullPrice: 1,
      unsoldBuyGold: 100,
    });
    expect(realisedRatioUnsoldKept(t)).toBeCloseTo(797.5 / 3400, 12);
    expect(realisedRatio(t)).toBeCloseTo(697.5 / 3400, 12);
    expect(realisedRatio(emptyTally())).toBeNaN();
  });

  it('gold b / a needs (a) to have realised something', () => {
    const a = { ...emptyTally(), realisedGold: 200 };
    const b = { ...emptyTally(), realisedGold: 300 };
    expect(goldRatio(a, b)).toBe(1.5);
    expect(goldRatio({ ...a, realisedGold: -10 }, b)).toBeNaN();
  });
});

describe('dead-listing flag', () => {
  it('recall = flagged among true, precision = true among flagged', () => {
    const c = emptyConfusion();
    for (const [truth, flagged] of [
      [true, true],
      [true, true],
      [true, true],
      [true, false],
      [false, true],
      [false, false],
      [false, false],
    ] as const)
      addToConfusion(c, truth, flagged);
    expect(c).toEqual({ tp: 3, fn: 1, fp: 1, tn: 2 });
    expect(recall(c)).toBe(0.75);
    expect(precision(c)).toBe(0.75);
    expect(recall(emptyConfusion())).toBeNaN();
    expect(precision(emptyConfusion())).toBeNaN();
  });
});

it('prints the last line in the issue format', () => {
  expect(
    summaryLine({
      ratioA: 0.314,
      ratioB: 0.856,
      goldBOverA: 1.5,
      deadRecall: 0.97,
      deadPrecision: Number.NaN,
    }),
  ).toBe('trust: realised a=0.31 b=0.86 gold-b/a=1.50 dead-recall=0.97 dead-precision=n/a');
});
