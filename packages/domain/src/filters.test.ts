import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './enums';
import type { Filters } from './filters';
import {
  FILTER_RANGES,
  SALE_AVG_MAX_CONFIG,
  SYSTEM_DEFAULT_FILTERS,
  categoryOf,
  countActiveFilters,
  filterRanges,
} from './filters';
import { makeFilters } from './test-fixtures';

describe('"Filter ranges" table (SPEC §5)', () => {
  it.each([
    ['sellRate', 0.001, 0.5, 0.001],
    ['saleAvg', 500, 100000, 500],
    ['goldProfitSaleAvg', 1000, 250000, 1000],
    ['goldProfit', 1000, 250000, 1000],
    ['goldProfitPercent', 1, 10000000, 1],
    ['maxGoldBuyout', 0, 9999999, 100],
    ['regionMarketValue', 0, 10000000, 100],
    ['regionHistorical', 0, 10000000, 100],
  ] as const)('%s: min %f, max %f, step %f', (key, min, max, step) => {
    expect(FILTER_RANGES[key]).toEqual({ min, max, step });
  });

  it.each([
    ['tool', 100000],
    ['config', 50000],
    ['tsm', 50000],
  ] as const)('"Sale Avg max 100000 (50000 on config and TSM screens)": %s -> %i', (screen, max) => {
    expect(SALE_AVG_MAX_CONFIG).toBe(50000);
    expect(filterRanges(screen).saleAvg).toEqual({ min: 500, max, step: 500 });
    expect(filterRanges(screen).goldProfit).toEqual(FILTER_RANGES.goldProfit);
  });
});

describe('"Default system filters" (SPEC §9)', () => {
  it('holds the spec values with everything selected', () => {
    expect(SYSTEM_DEFAULT_FILTERS).toMatchObject({
      sellRate: 0.001,
      saleAvg: 500,
      goldProfit: 1000,
      goldProfitSaleAvg: 1000,
      goldProfitPercent: 1,
      maxGoldBuyout: 9999999,
      crafted: 'include',
      goldProfitSaleAvgEnabled: false,
      name: '',
      buyingRealms: null,
      sellingRealms: null,
      minConfidence: 'low',
      hideDeadListings: false,
    });
    expect(SYSTEM_DEFAULT_FILTERS.categories).toEqual([...CATEGORIES]);
    expect(SYSTEM_DEFAULT_FILTERS.qualities).toEqual([999, 1, 2, 3, 4, 5]);
    expect(SYSTEM_DEFAULT_FILTERS.expansions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('is frozen so no screen mutates the shared defaults', () => {
    expect(Object.isFrozen(SYSTEM_DEFAULT_FILTERS)).toBe(true);
  });
});

describe('"The category of an item is its class. For Toys, Mount, Companions and Cosmetic it is the subclass."', () => {
  it.each([
    ['Weapon', 'Sword', 'Weapon'],
    ['Armor', 'Plate', 'Armor'],
    ['Miscellaneous', 'Toys', 'Toys'],
    ['Miscellaneous', 'Mount', 'Mount'],
    ['Miscellaneous', 'Companions', 'Companions'],
    ['Miscellaneous', 'Cosmetic', 'Cosmetic'],
    ['Armor', 'Cosmetic', 'Cosmetic'],
    ['Miscellaneous', 'Junk', 'Miscellaneous'],
    ['Miscellaneous', 'Holiday', 'Miscellaneous'],
    ['Pet', 'Companion Pets', 'Pet'],
  ])('class %s / subclass %s -> %s', (cls, subclass, category) => {
    expect(categoryOf({ class: cls, subclass })).toBe(category);
  });
});

describe('countActiveFilters: filters differing from the system defaults ("N active filter(s)")', () => {
  it.each<[string, Partial<Filters>, number]>([
    ['defaults', {}, 0],
    ['categories narrowed', { categories: ['Weapon'] }, 1],
    ['categories reordered only', { categories: [...CATEGORIES].reverse() }, 0],
    ['qualities narrowed', { qualities: [4] }, 1],
    ['expansions narrowed', { expansions: [11] }, 1],
    ['buying realms chosen', { buyingRealms: [11] }, 1],
    ['selling realms chosen', { sellingRealms: [] }, 1],
    ['sell rate raised', { sellRate: 0.005 }, 1],
    ['sale avg raised', { saleAvg: 1000 }, 1],
    ['gold profit raised', { goldProfit: 2000 }, 1],
    ['gold profit % raised', { goldProfitPercent: 10 }, 1],
    ['max buyout lowered', { maxGoldBuyout: 1000 }, 1],
    ['sale avg profit changed while its checkbox is off', { goldProfitSaleAvg: 5000 }, 0],
    ['sale avg profit checkbox on', { goldProfitSaleAvgEnabled: true }, 1],
    ['crafted excluded', { crafted: 'excluded' }, 1],
    ['crafted exclusive', { crafted: 'exclusive' }, 1],
    ['name search (has its own box)', { name: 'sword' }, 0],
    ['TSM market value floor', { regionMarketValue: 100 }, 1],
    ['minimum confidence medium', { minConfidence: 'medium' }, 1],
    ['minimum confidence high', { minConfidence: 'high' }, 1],
    ['dead listings hidden', { hideDeadListings: true }, 1],
    [
      'several at once',
      { categories: ['Weapon'], sellRate: 0.01, crafted: 'exclusive', goldProfitSaleAvgEnabled: true },
      4,
    ],
  ])('%s -> %i', (_label, overrides, count) => {
    expect(countActiveFilters(makeFilters(overrides))).toBe(count);
  });

  it('can count against saved defaults instead', () => {
    const saved = makeFilters({ sellRate: 0.01 });
    expect(countActiveFilters(makeFilters({ sellRate: 0.01 }), saved)).toBe(0);
    expect(countActiveFilters(makeFilters(), saved)).toBe(1);
  });
});
