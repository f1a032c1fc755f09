import { describe, expect, it } from 'vitest';
import type { Filters } from './filters';
import { craftedPasses, itemPasses, trustPasses, tsmItemPasses } from './filters';
import { makeFilters, makeTradeItem } from './test-fixtures';
import type { TradeItem } from './trade-item';

describe('"Item filter rule" (SPEC §5)', () => {
  const base = makeTradeItem();

  it('the fixture passes the system defaults', () => {
    expect(itemPasses(base, makeFilters())).toBe(true);
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
      expect(itemPasses(makeTradeItem(item), makeFilters({ categories }))).toBe(expected);
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
      expect(itemPasses(makeTradeItem(item), makeFilters({ expansions }))).toBe(expected);
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
      expect(itemPasses(makeTradeItem({ quality }), makeFilters({ qualities }))).toBe(expected);
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
      expect(itemPasses(makeTradeItem(item), makeFilters(overrides))).toBe(expected);
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
      expect(itemPasses(base, makeFilters({ name }))).toBe(expected);
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
      expect(itemPasses(base, makeFilters({ buyingRealms, sellingRealms }))).toBe(expected);
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
      expect(itemPasses(makeTradeItem({ crafted: isCrafted }), makeFilters({ crafted }))).toBe(expected);
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
      const f = makeFilters({ goldProfitSaleAvgEnabled: enabled, goldProfitSaleAvg: value });
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
      expect(trustPasses(makeTradeItem(item), makeFilters(overrides))).toBe(expected);
      expect(itemPasses(makeTradeItem(item), makeFilters(overrides))).toBe(expected);
    });

    it('do not apply to the TSM generator, whose rows are items, not deals', () => {
      const dead = makeTradeItem({ confidence: 'low', flags: ['dead-listing'] });
      expect(tsmItemPasses(dead, makeFilters({ minConfidence: 'high', hideDeadListings: true }))).toBe(true);
    });
  });

  it('ignores the TSM-only region price filters', () => {
    expect(itemPasses(makeTradeItem({ marketValue: 0 }), makeFilters({ regionMarketValue: 10000000 }))).toBe(
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
    expect(tsmItemPasses(makeTradeItem(item), makeFilters(overrides))).toBe(expected);
  });
});
