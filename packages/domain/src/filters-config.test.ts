import { describe, expect, it } from 'vitest';
import type { Config } from './filters';
import { SYSTEM_DEFAULT_FILTERS, configToFilters, filtersToConfig, validateConfig } from './filters';

describe('personal config (SPEC §3 Config)', () => {
  const config: Config = {
    categories: ['Weapon', 'Armor'],
    qualities: [3, 4],
    expansions: [10, 11],
    sellRate: 0.01,
    saleAvg: 2000,
    goldProfit: 5000,
    goldProfitSaleAvg: 3000,
    goldProfitSaleAvgEnabled: true,
    goldProfitPercent: 20,
    maxGoldBuyout: 500000,
    minConfidence: 'medium',
    hideDeadListings: true,
  };

  it('"Saved config is applied once to the filters on load": configToFilters overlays the saved values', () => {
    expect(configToFilters(config)).toEqual({ ...SYSTEM_DEFAULT_FILTERS, ...config });
  });

  it('keeps the base for a missing config', () => {
    expect(configToFilters(null)).toEqual(SYSTEM_DEFAULT_FILTERS);
    expect(configToFilters(undefined)).toEqual(SYSTEM_DEFAULT_FILTERS);
  });

  it('fills fields missing from a partial config from the base and drops unknown categories', () => {
    const result = configToFilters({ categories: ['Weapon', 'Gems'], sellRate: 0.02 });
    expect(result.categories).toEqual(['Weapon']);
    expect(result.sellRate).toBe(0.02);
    expect(result.saleAvg).toBe(500);
    expect(result.qualities).toEqual([999, 1, 2, 3, 4, 5]);
  });

  it('reads the Gold Profit on Sale Avg checkbox, and a config saved without it as off', () => {
    expect(configToFilters({ goldProfitSaleAvgEnabled: true }).goldProfitSaleAvgEnabled).toBe(true);
    expect(configToFilters({ goldProfitSaleAvg: 5000 }).goldProfitSaleAvgEnabled).toBe(false);
    expect(filtersToConfig({ ...SYSTEM_DEFAULT_FILTERS, goldProfitSaleAvgEnabled: true })).toMatchObject({
      goldProfitSaleAvgEnabled: true,
    });
  });

  it('reads the deal-trust defaults, a config saved without them (or with an unknown level) as Any and off', () => {
    expect(configToFilters({ minConfidence: 'high', hideDeadListings: true })).toMatchObject({
      minConfidence: 'high',
      hideDeadListings: true,
    });
    const older = configToFilters({ goldProfit: 5000 });
    expect([older.minConfidence, older.hideDeadListings]).toEqual(['low', false]);
    const unknown = { minConfidence: 'certain' } as unknown as Config;
    expect(configToFilters(unknown).minConfidence).toBe('low');
  });

  it('round-trips through filtersToConfig', () => {
    expect(filtersToConfig(configToFilters(config))).toEqual(config);
  });

  it('filtersToConfig carries only the Config fields', () => {
    expect(Object.keys(filtersToConfig(SYSTEM_DEFAULT_FILTERS)).sort()).toEqual(
      [
        'categories',
        'expansions',
        'goldProfit',
        'goldProfitPercent',
        'goldProfitSaleAvg',
        'goldProfitSaleAvgEnabled',
        'hideDeadListings',
        'maxGoldBuyout',
        'minConfidence',
        'qualities',
        'saleAvg',
        'sellRate',
      ].sort(),
    );
  });

  it.each<[string, Partial<Config>, string | null]>([
    ['the system defaults', {}, null],
    ['an unknown category', { categories: ['Gems'] }, 'Unknown category: Gems'],
    ['an unknown quality', { qualities: [0] }, 'Unknown quality: 0'],
    ['an unknown expansion', { expansions: [12] }, 'Unknown expansion: 12'],
    ['sellRate below 0.001', { sellRate: 0.0009 }, 'Sell Rate must be between 0.001 and 0.5'],
    ['sellRate at 0.5', { sellRate: 0.5 }, null],
    ['saleAvg over the config max', { saleAvg: 50001 }, 'Sale Avg must be between 500 and 50000'],
    ['saleAvg at the config max', { saleAvg: 50000 }, null],
    ['goldProfit 0', { goldProfit: 0 }, 'Gold Profit must be between 1000 and 250000'],
    [
      'goldProfitSaleAvg over max',
      { goldProfitSaleAvg: 250001 },
      'Gold Profit on Sale Avg must be between 1000 and 250000',
    ],
    [
      'goldProfitPercent over max',
      { goldProfitPercent: 10000001 },
      'Gold Profit % must be between 1 and 10000000',
    ],
    ['maxGoldBuyout negative', { maxGoldBuyout: -1 }, 'Max Gold Buyout must be between 0 and 9999999'],
    ['maxGoldBuyout NaN', { maxGoldBuyout: Number.NaN }, 'Max Gold Buyout must be between 0 and 9999999'],
  ])('validateConfig with %s', (_label, overrides, expected) => {
    expect(validateConfig({ ...filtersToConfig(SYSTEM_DEFAULT_FILTERS), ...overrides })).toBe(expected);
  });

  it('validateConfig on the tool ranges allows Sale Avg up to 100000', () => {
    const c = { ...filtersToConfig(SYSTEM_DEFAULT_FILTERS), saleAvg: 100000 };
    expect(validateConfig(c, 'tool')).toBeNull();
    expect(validateConfig(c)).toBe('Sale Avg must be between 500 and 50000');
  });
});
