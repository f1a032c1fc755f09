import { describe, expect, it } from 'vitest';
import { makeTradeItem } from './test-fixtures';
import { dropshipGroupKey, groupDropship, isPet } from './trade-item';

describe('"id (a number, or a string starting with pet_ or pet for pets)"', () => {
  it.each([
    [19019, false],
    ['pet_1234', true],
    ['pet1234', true],
    ['1234', false],
    ['carpet', false],
  ])('isPet(%j) is %s', (id, expected) => {
    expect(isPet({ id })).toBe(expected);
  });
});

describe('"Dropship rows are grouped by item id, quality and item level"', () => {
  const rows = [
    makeTradeItem({ uniqueTradeKey: 'a', id: 1, quality: 'epic', itemLevel: 600, sellVsBuy: 100 }),
    makeTradeItem({ uniqueTradeKey: 'b', id: 1, quality: 'epic', itemLevel: 600, sellVsBuy: 300 }),
    makeTradeItem({ uniqueTradeKey: 'c', id: 1, quality: 'rare', itemLevel: 600, sellVsBuy: 50 }),
    makeTradeItem({ uniqueTradeKey: 'd', id: 1, quality: 'epic', itemLevel: 610, sellVsBuy: 70 }),
    makeTradeItem({ uniqueTradeKey: 'e', id: 2, quality: 'epic', itemLevel: 600, sellVsBuy: 10 }),
    makeTradeItem({ uniqueTradeKey: 'f', id: 1, quality: 'epic', itemLevel: 600, sellVsBuy: 200 }),
  ];
  const groups = groupDropship(rows);

  it('makes one group per key, in first-appearance order', () => {
    expect(groups.map((g) => g.key)).toEqual(['1|epic|600', '1|rare|600', '1|epic|610', '2|epic|600']);
  });

  it('"variants, sorted by sellVsBuy descending"; "bestProfit (the top variant)"; totalCount', () => {
    const [first] = groups;
    expect(first?.variants.map((v) => v.uniqueTradeKey)).toEqual(['b', 'f', 'a']);
    expect(first?.mainItem.uniqueTradeKey).toBe('b');
    expect(first?.bestProfit).toBe(300);
    expect(first?.totalCount).toBe(3);
    expect(groups.map((g) => g.totalCount)).toEqual([3, 1, 1, 1]);
  });

  it('builds the key from id, quality and item level', () => {
    expect(dropshipGroupKey({ id: 'pet_5', quality: 'rare', itemLevel: 25 })).toBe('pet_5|rare|25');
  });

  it('groups an unknown item level (null) as `unknown`, apart from every known level, 0 included', () => {
    expect(dropshipGroupKey({ id: 7, quality: 'epic', itemLevel: null })).toBe('7|epic|unknown');
    const grouped = groupDropship([
      makeTradeItem({ uniqueTradeKey: 'n1', id: 7, quality: 'epic', itemLevel: null, sellVsBuy: 5 }),
      makeTradeItem({ uniqueTradeKey: 'z', id: 7, quality: 'epic', itemLevel: 0, sellVsBuy: 9 }),
      makeTradeItem({ uniqueTradeKey: 'n2', id: 7, quality: 'epic', itemLevel: null, sellVsBuy: 8 }),
    ]);
    expect(grouped.map((g) => [g.key, g.variants.map((v) => v.uniqueTradeKey)])).toEqual([
      ['7|epic|unknown', ['n2', 'n1']],
      ['7|epic|0', ['z']],
    ]);
  });

  it('gives no groups for no rows', () => {
    expect(groupDropship([])).toEqual([]);
  });
});
