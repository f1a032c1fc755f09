import { CATEGORIES, SYSTEM_DEFAULT_FILTERS, type Filters } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { domainRule, nextSort, prepareRows, rowFilter, sortRows, type PreparedRow } from './rows';
import { tradeItem } from './test-utils';

let seed = 1;
const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

function randomItem() {
  const subclass = pick(['Sword', 'Toys', 'Mount', 'Companions', 'Cosmetic', 'Junk', 'Plate']);
  const pet = rand() < 0.1;
  const buy = Math.round(rand() * 20000);
  return tradeItem({
    id: pet ? `pet_${Math.floor(rand() * 100)}` : Math.floor(rand() * 1000),
    name: pick(['Alpha Blade', 'bravo helm', 'Charlie RING', 'Delta']),
    class: pick(['Weapon', 'Armor', 'Miscellaneous', 'Recipe', 'Pet']),
    subclass,
    quality: pick(['common', 'Epic', 'rare', 'weird', '']),
    patchNumber: Math.floor(rand() * 13),
    crafted: rand() < 0.3,
    saleRate: rand() * 0.1,
    avgSale: rand() * 30000,
    buyBuyout: rand() < 0.05 ? 0 : buy,
    sellVsBuy: rand() * 20000 - 5000,
    saleAvgVsBuy: rand() * 20000 - 10000,
    marketValue: rand() * 20000,
    historical: rand() * 20000,
    buyingConnectedRealmId: Math.floor(rand() * 4),
    sellingConnectedRealmId: Math.floor(rand() * 4),
  });
}

function randomFilters(): Filters {
  const some = <T>(xs: readonly T[]) => xs.filter(() => rand() < 0.7);
  return {
    ...SYSTEM_DEFAULT_FILTERS,
    categories: some(CATEGORIES),
    qualities: some([999, 1, 2, 3, 4, 5]),
    expansions: some([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    buyingRealms: rand() < 0.5 ? null : some([0, 1, 2, 3]),
    sellingRealms: rand() < 0.5 ? null : some([0, 1, 2, 3]),
    sellRate: rand() * 0.05,
    saleAvg: rand() * 10000,
    goldProfit: rand() * 5000,
    goldProfitPercent: rand() * 100,
    maxGoldBuyout: rand() * 20000,
    goldProfitSaleAvgEnabled: rand() < 0.5,
    goldProfitSaleAvg: rand() * 5000,
    regionMarketValue: rand() * 10000,
    regionHistorical: rand() * 10000,
    crafted: pick(['include', 'excluded', 'exclusive'] as const),
    name: pick(['', 'al', 'HELM', ' ring ', 'zzz']),
  };
}

describe('compiled filter rule', () => {
  it('agrees with the domain itemPasses / tsmItemPasses on random items and filters', () => {
    const rows = prepareRows(Array.from({ length: 400 }, randomItem));
    for (let f = 0; f < 200; f++) {
      const filters = randomFilters();
      for (const rule of ['tool', 'tsm'] as const) {
        const compiled = rowFilter(filters, rule);
        for (const row of rows) expect(compiled(row)).toBe(domainRule[rule](row.item, filters));
      }
    }
  });
});

describe('sortRows', () => {
  const rows = prepareRows([
    tradeItem({ name: 'b', buyBuyout: 2, uniqueItemKey: 'x' }),
    tradeItem({ name: 'a', buyBuyout: 3 }),
    tradeItem({ name: 'c', buyBuyout: 1 }),
    tradeItem({ name: 'a', buyBuyout: 1 }),
  ]);
  const id = (r: PreparedRow) => r;
  const prices = (xs: PreparedRow[]) => xs.map((r) => r.item.buyBuyout);

  it('sorts numbers both ways and stays stable on ties', () => {
    expect(prices(sortRows(rows, id, { key: 'buyPrice', direction: 'asc' }, new Set()))).toEqual([
      1, 1, 2, 3,
    ]);
    expect(sortRows(rows, id, { key: 'buyPrice', direction: 'asc' }, new Set())[0]).toBe(rows[2]);
    expect(prices(sortRows(rows, id, { key: 'buyPrice', direction: 'desc' }, new Set()))).toEqual([
      3, 2, 1, 1,
    ]);
  });

  it('sorts text by rank, favourites first', () => {
    const names = (xs: PreparedRow[]) => xs.map((r) => r.item.name);
    expect(names(sortRows(rows, id, { key: 'name', direction: 'asc' }, new Set()))).toEqual([
      'a',
      'a',
      'b',
      'c',
    ]);
    expect(names(sortRows(rows, id, { key: 'name', direction: 'desc' }, new Set(['x'])))).toEqual([
      'b',
      'c',
      'a',
      'a',
    ]);
  });

  it('header clicks: a new column in its natural order, the same column reverses', () => {
    expect(nextSort({ key: 'sellVsBuy', direction: 'desc' }, 'name')).toEqual({
      key: 'name',
      direction: 'asc',
    });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'buyPrice')).toEqual({
      key: 'buyPrice',
      direction: 'desc',
    });
  });
});
