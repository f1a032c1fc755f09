import { describe, expect, it } from 'vitest';
import { AH_CUT, boughtRows, profitPercent, saleAvgVsBuy, sellAHCut, sellVsBuy, totals } from './profit';

describe('"Auction house cut: 5%, taken into account in profit"', () => {
  it('is 5%', () => {
    expect(AH_CUT).toBe(0.05);
  });

  it.each([
    [100, 95],
    [20000, 19000],
    [1234, 1172.3],
    [0.01, 0.0095],
    [0, 0],
  ])('sellAHCut(%f) = %f', (sell, expected) => {
    expect(sellAHCut(sell)).toBe(expected);
  });

  it.each([
    [10000, 20000, 9000],
    [100, 100, -5],
    [1000, 1234, 172.3],
    [95, 100, 0],
  ])('sellVsBuy(buy %f, sell %f) = %f', (buy, sell, expected) => {
    expect(sellVsBuy(buy, sell)).toBe(expected);
  });

  it.each([
    [20000, 10000, 9000],
    [1000, 1000, -50],
    [0, 100, -100],
  ])('saleAvgVsBuy(avgSale %f, buy %f) = %f (cut applied to the average sale too)', (avg, buy, expected) => {
    expect(saleAvgVsBuy(avg, buy)).toBe(expected);
  });

  it.each([
    [9000, 10000, 90],
    [1, 100, 1],
    [-5, 100, -5],
    [50, 0, Number.POSITIVE_INFINITY],
    [0, 0, 0],
    [-10, 0, 0],
  ])('profitPercent(%f, %f) = %f', (profit, buy, expected) => {
    expect(profitPercent(profit, buy)).toBe(expected);
  });
});

describe('totals: "computed over rows that are not unchecked"', () => {
  const rows = [
    { uniqueTradeKey: 'a', buyBuyout: 100, sellBuyout: 200, realisticProfit: 61.25 },
    { uniqueTradeKey: 'b', buyBuyout: 1000, sellBuyout: 1234, realisticProfit: -310.0001 },
    { uniqueTradeKey: 'c', buyBuyout: 50.5, sellBuyout: 60, realisticProfit: 4 },
  ];

  it.each([
    [
      [],
      {
        totalInvestment: 1150.5,
        estimatedSellPrice: 1494,
        profitAfterAhCut: 268.8,
        expectedProfit: -244.7501,
      },
    ],
    [
      ['b'],
      { totalInvestment: 150.5, estimatedSellPrice: 260, profitAfterAhCut: 96.5, expectedProfit: 65.25 },
    ],
    [
      ['a', 'c'],
      { totalInvestment: 1000, estimatedSellPrice: 1234, profitAfterAhCut: 172.3, expectedProfit: -310.0001 },
    ],
    [['a', 'b', 'c'], { totalInvestment: 0, estimatedSellPrice: 0, profitAfterAhCut: 0, expectedProfit: 0 }],
    [
      ['unknown'],
      {
        totalInvestment: 1150.5,
        estimatedSellPrice: 1494,
        profitAfterAhCut: 268.8,
        expectedProfit: -244.7501,
      },
    ],
  ])('with unchecked %j', (unchecked, expected) => {
    expect(totals(rows, unchecked)).toEqual(expected);
    expect(totals(rows, new Set(unchecked))).toEqual(expected);
  });

  it('is zero for no rows', () => {
    expect(totals([])).toEqual({
      totalInvestment: 0,
      estimatedSellPrice: 0,
      profitAfterAhCut: 0,
      expectedProfit: 0,
    });
  });
});

describe('boughtRows: one unit per sell realm of a dropship group', () => {
  const row = (key: string, sellRealm: number) => ({
    uniqueTradeKey: key,
    sellingConnectedRealmId: sellRealm,
  });
  const group = [row('a', 1), row('b', 1), row('c', 2), row('d', 1), row('e', 2)];

  it('keeps the best row for each sell realm', () => {
    expect(boughtRows(group, new Set()).map((r) => r.uniqueTradeKey)).toEqual(['a', 'c']);
  });

  it('takes the next row for a realm whose best is unchecked', () => {
    expect(boughtRows(group, new Set(['a', 'c'])).map((r) => r.uniqueTradeKey)).toEqual(['b', 'e']);
    expect(boughtRows(group, new Set(['a', 'b', 'd']))).toEqual([row('c', 2)]);
  });
});
