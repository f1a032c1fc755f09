import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './enums';
import type { Config, Filters } from './filters';
import {
  FILTER_RANGES,
  SALE_AVG_MAX_CONFIG,
  SYSTEM_DEFAULT_FILTERS,
  categoryOf,
  configToFilters,
  countActiveFilters,
  craftedPasses,
  filterRanges,
  filtersToConfig,
  itemPasses,
  trustPasses,
  tsmItemPasses,
  validateConfig,
} from './filters';
import { makeTradeItem } from './test-fixtures';
import type { TradeItem } from './trade-item';

function filters(overrides: Partial<Filters> = {}): Filters {
  return { ...SYSTEM_DEFAULT_FILTERS, ...overrides };
}

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

describe('"Item filter rule" (SPEC §5)', () => {
  const base = makeTradeItem();

  it('the fixture passes the system defaults', () => {
    expect(itemPasses(base, filters())).toBe(true);
  });

  describe('"Its category matches"; "Miscellaneous matches only the remaining subclasses"', () => {
    it.each([
      [{ class: 'Weapon', subclass: 'Sword' }, ['Weapon'], true],
      [{ class: 'Weapon', subclass: 'Sword' }, ['Armor'], false],
      [{ class: 'Miscellaneous', subclass: 'Junk' }, ['Miscellaneous'], true],
      [{ class: 'Miscellaneous', subclass: 'Mount' }, ['Miscellaneous'], false],
      [{ class: 'Miscellaneous', subclass: 'Toys' }, ['Miscellaneous'], false],
      [{ class: 'Miscellaneous', subclass: 'Companions' }, ['Miscellaneous'], false],
      [{ class: 'Miscellaneous', subclass: 'Cosmetic' }, ['Miscellaneous'], false],
      [{ class: 'Miscellaneous', subclass: 'Mount' }, ['Mount'], true],
      [{ class: 'Miscellaneous', subclass: 'Toys' }, ['Toys'], true],
      [{ class: 'Miscellaneous', subclass: 'Junk' }, ['Mount', 'Toys'], false],
      [{ class: 'Weapon', subclass: 'Sword' }, [], false],
    ])('%j with categories %j -> %s', (item, categories, expected) => {
      expect(itemPasses(makeTradeItem(item), filters({ categories }))).toBe(expected);
    });
  });

  describe('"Its expansion matches (pets always pass)"', () => {
    it.each([
      [{ patchNumber: 11 }, [11], true],
      [{ patchNumber: 10 }, [11], false],
      [{ patchNumber: 10 }, [], false],
      [
        { id: 'pet_1234', realPetId: 1234, class: 'Pet', subclass: 'Companion Pets', patchNumber: 3 },
        [11],
        true,
      ],
      [
        { id: 'pet1234', realPetId: 1234, class: 'Pet', subclass: 'Companion Pets', patchNumber: 0 },
        [],
        true,
      ],
      [{ id: 'sword_1', patchNumber: 3 }, [11], false],
    ])('%j with expansions %j -> %s', (item, expansions, expected) => {
      expect(itemPasses(makeTradeItem(item), filters({ expansions }))).toBe(expected);
    });
  });

  describe('"Its quality matches" (label -> number, unknown labels are None 999)', () => {
    it.each([
      ['epic', [4], true],
      ['epic', [3, 5], false],
      ['Epic', [4], true],
      ['common', [1], true],
      ['none', [999], true],
      ['poor', [999], true],
      ['poor', [1, 2, 3, 4, 5], false],
      ['legendary', [], false],
    ])('quality %j with qualities %j -> %s', (quality, qualities, expected) => {
      expect(itemPasses(makeTradeItem({ quality }), filters({ qualities }))).toBe(expected);
    });
  });

  describe('thresholds ("at least" passes the boundary)', () => {
    it.each<[string, Partial<TradeItem>, Partial<Filters>, boolean]>([
      ['saleRate at the Sell Rate value', { saleRate: 0.005 }, { sellRate: 0.005 }, true],
      ['saleRate below the Sell Rate value', { saleRate: 0.0049 }, { sellRate: 0.005 }, false],
      ['avgSale at the Sale Avg value', { avgSale: 500 }, { saleAvg: 500 }, true],
      ['avgSale below the Sale Avg value', { avgSale: 499.99 }, { saleAvg: 500 }, false],
      ['sellVsBuy at the Gold Profit value', { sellVsBuy: 1000 }, { goldProfit: 1000 }, true],
      ['sellVsBuy below the Gold Profit value', { sellVsBuy: 999.99 }, { goldProfit: 1000 }, false],
      [
        'profit % exactly at Gold Profit %',
        { sellVsBuy: 5000, buyBuyout: 10000 },
        { goldProfitPercent: 50 },
        true,
      ],
      [
        'profit % just under Gold Profit %',
        { sellVsBuy: 4999, buyBuyout: 10000 },
        { goldProfitPercent: 50 },
        false,
      ],
      [
        'profit % above Gold Profit %',
        { sellVsBuy: 9000, buyBuyout: 10000 },
        { goldProfitPercent: 89 },
        true,
      ],
      ['buyBuyout at Max Gold Buyout', { buyBuyout: 10000 }, { maxGoldBuyout: 10000 }, true],
      ['buyBuyout over Max Gold Buyout', { buyBuyout: 10000.01 }, { maxGoldBuyout: 10000 }, false],
      ['Max Gold Buyout 0 allows only free items', { buyBuyout: 1 }, { maxGoldBuyout: 0 }, false],
    ])('%s -> %s', (_label, item, overrides, expected) => {
      expect(itemPasses(makeTradeItem(item), filters(overrides))).toBe(expected);
    });
  });

  describe('"The name contains the search text, case-insensitively"', () => {
    it.each([
      ['', true],
      ['thunder', true],
      ['THUNDERFURY', true],
      ['blessed blade', true],
      ['  windseeker  ', true],
      ['sulfuras', false],
    ])('search %j -> %s', (name, expected) => {
      expect(itemPasses(base, filters({ name }))).toBe(expected);
    });
  });

  describe('"Both realms are selected" (buying 11, selling 22)', () => {
    it.each([
      [null, null, true],
      [[11], [22], true],
      [[11, 12], [21, 22], true],
      [[12], [22], false],
      [[11], [21], false],
      [[], null, false],
      [null, [], false],
    ])('buying %j, selling %j -> %s', (buyingRealms, sellingRealms, expected) => {
      expect(itemPasses(base, filters({ buyingRealms, sellingRealms }))).toBe(expected);
    });
  });

  describe('"The crafted filter has three values"', () => {
    it.each([
      ['include', false, true],
      ['include', true, true],
      ['excluded', false, true],
      ['excluded', true, false],
      ['exclusive', false, false],
      ['exclusive', true, true],
    ] as const)('%s with crafted=%s -> %s', (crafted, isCrafted, expected) => {
      expect(craftedPasses(isCrafted, crafted)).toBe(expected);
      expect(itemPasses(makeTradeItem({ crafted: isCrafted }), filters({ crafted }))).toBe(expected);
    });
  });

  describe('"When the activation checkbox is on, saleAvgVsBuy is at least the Gold Profit on Sale Avg value"', () => {
    it.each([
      [false, -500, 50000, true],
      [false, 0, 250000, true],
      [true, 50000, 50000, true],
      [true, 49999, 50000, false],
      [true, -500, 1000, false],
      [true, 1000, 1000, true],
    ])('enabled=%s, saleAvgVsBuy %f, value %f -> %s', (enabled, saleAvgVsBuy, value, expected) => {
      const f = filters({ goldProfitSaleAvgEnabled: enabled, goldProfitSaleAvg: value });
      expect(itemPasses(makeTradeItem({ saleAvgVsBuy }), f)).toBe(expected);
    });
  });

  describe('deal trust: "Minimum confidence" (low = Any) and "Hide dead listings"', () => {
    it.each<[Partial<TradeItem>, Partial<Filters>, boolean]>([
      [{ confidence: 'low' }, { minConfidence: 'low' }, true],
      [{ confidence: 'low' }, { minConfidence: 'medium' }, false],
      [{ confidence: 'medium' }, { minConfidence: 'medium' }, true],
      [{ confidence: 'medium' }, { minConfidence: 'high' }, false],
      [{ confidence: 'high' }, { minConfidence: 'high' }, true],
      [{ confidence: 'low', flags: ['dead-listing'] }, { hideDeadListings: false }, true],
      [{ confidence: 'low', flags: ['dead-listing'] }, { hideDeadListings: true }, false],
      [{ confidence: 'low', flags: ['bait'] }, { hideDeadListings: true }, true],
    ])('%j with %j -> %s', (item, overrides, expected) => {
      expect(trustPasses(makeTradeItem(item), filters(overrides))).toBe(expected);
      expect(itemPasses(makeTradeItem(item), filters(overrides))).toBe(expected);
    });

    it('do not apply to the TSM generator, whose rows are items, not deals', () => {
      const dead = makeTradeItem({ confidence: 'low', flags: ['dead-listing'] });
      expect(tsmItemPasses(dead, filters({ minConfidence: 'high', hideDeadListings: true }))).toBe(true);
    });
  });

  it('ignores the TSM-only region price filters', () => {
    expect(itemPasses(makeTradeItem({ marketValue: 0 }), filters({ regionMarketValue: 10000000 }))).toBe(
      true,
    );
  });
});

describe('TSM generator rule: classification plus "region market value and region historical filters"', () => {
  it.each<[Partial<TradeItem>, Partial<Filters>, boolean]>([
    [{}, {}, true],
    [{ marketValue: 15000 }, { regionMarketValue: 15000 }, true],
    [{ marketValue: 14999 }, { regionMarketValue: 15000 }, false],
    [{ historical: 14000 }, { regionHistorical: 14000 }, true],
    [{ historical: 13999 }, { regionHistorical: 14000 }, false],
    [{ sellVsBuy: -5000 }, {}, true], // no buy/sell pair on this screen
    [{ saleRate: 0.0001 }, {}, false],
    [{ class: 'Armor' }, { categories: ['Weapon'] }, false],
    [{ name: 'Other' }, { name: 'thunder' }, false],
  ])('%j with %j -> %s', (item, overrides, expected) => {
    expect(tsmItemPasses(makeTradeItem(item), filters(overrides))).toBe(expected);
  });
});

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
    expect(countActiveFilters(filters(overrides))).toBe(count);
  });

  it('can count against saved defaults instead', () => {
    const saved = filters({ sellRate: 0.01 });
    expect(countActiveFilters(filters({ sellRate: 0.01 }), saved)).toBe(0);
    expect(countActiveFilters(filters(), saved)).toBe(1);
  });
});
