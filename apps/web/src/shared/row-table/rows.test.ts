import {
  CATEGORIES,
  SYSTEM_DEFAULT_FILTERS,
  boughtRows,
  totals,
  type DealFlag,
  type Filters,
  type TradeItem,
} from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { argsort } from './argsort';
import { buildRowTable, type SortKey } from './row-table';
import {
  domainRule,
  favouriteMask,
  losingKeys,
  nextSort,
  oneRowPerGroup,
  passMask,
  shownGroups,
  sortShown,
  tableTotals,
  type SortState,
} from './rows';
import { tradeItem } from '../../test/tool-harness';

let seed = 1;
const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

function randomItem() {
  const subclass = pick(['Sword', 'Toys', 'Mount', 'Companions', 'Cosmetic', 'Junk', 'Plate']);
  const pet = rand() < 0.1;
  const buy = Math.round(rand() * 20000);
  return tradeItem({
    id: pet ? `pet_${Math.floor(rand() * 100)}` : Math.floor(rand() * 1000),
    name: pick(['Alpha Blade', 'bravo helm', 'Charlie RING', 'Delta', 'alpha blade']),
    class: pick(['Weapon', 'Armor', 'Miscellaneous', 'Recipe', 'Pet']),
    subclass,
    quality: pick(['common', 'Epic', 'rare', 'weird', '']),
    patchNumber: Math.floor(rand() * 13),
    crafted: rand() < 0.3,
    saleRate: rand() * 0.1,
    avgSale: rand() * 30000,
    buyBuyout: rand() < 0.05 ? 0 : buy,
    sellBuyout: pick([0, 100, 2500, NaN, rand() * 40000]),
    itemLevel: pick([1, 80, 80, 415.5, 600, null]),
    craftedStats: pick([[], [], ['Haste', 'Mastery'], ['Versatility']]),
    sellVsBuy: rand() < 0.05 ? 0 : Math.round(rand() * 20000 - 5000),
    saleAvgVsBuy: rand() * 20000 - 10000,
    marketValue: rand() * 20000,
    historical: rand() * 20000,
    sockets: rand() < 0.2 ? [1] : [],
    buyingConnectedRealmId: Math.floor(rand() * 4),
    buyingConnectedRealmName: pick(['Area 52', 'aegwynn', 'Zul’jin', 'Stormrage']),
    sellingConnectedRealmId: Math.floor(rand() * 4),
    sellingConnectedRealmName: pick(['Area 52', 'aegwynn', 'Zul’jin', 'Stormrage']),
    uniqueItemKey: `k${Math.floor(rand() * 50)}`,
    confidence: pick(['high', 'medium', 'low'] as const),
    flags: pick<DealFlag[]>([[], ['dead-listing'], ['stale', 'dead-listing'], ['bait'], ['thin-supply']]),
    // Few distinct profits, so ties within a confidence level are exercised too.
    realisticProfit: pick([-2500.5, 0, 1200, 1200, 9000.25, Math.round(rand() * 30000 - 5000)]),
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
    minConfidence: pick(['low', 'low', 'medium', 'high'] as const),
    hideDeadListings: rand() < 0.5,
  };
}

describe('filter over the columns', () => {
  it('agrees with the domain itemPasses / tsmItemPasses on random items and filters', () => {
    const items = Array.from({ length: 400 }, randomItem);
    const table = buildRowTable(items);
    let passed = 0;
    for (let f = 0; f < 200; f++) {
      const filters = randomFilters();
      for (const rule of ['tool', 'tsm'] as const) {
        const mask = passMask(table, filters, rule);
        const expected = items.map((item) => (domainRule[rule](item, filters) ? 1 : 0));
        expect(Array.from(mask)).toEqual(expected);
        passed += expected.filter(Boolean).length;
      }
    }
    // The random filters let some items through and stop others: both branches are exercised.
    expect(passed).toBeGreaterThan(1000);
    expect(passed).toBeLessThan(200 * 2 * 400 * 0.5);
  });
});

describe('unknown item level (null) over the columns', () => {
  const levels = [600, null, 80, null, 1000];
  const items = levels.map((itemLevel, k) => tradeItem({ itemLevel, uniqueItemKey: `ilvl-${k}` }));
  const table = buildRowTable(items);
  const mask = (overrides: Partial<Filters>) =>
    Array.from(passMask(table, { ...SYSTEM_DEFAULT_FILTERS, ...overrides }, 'tool'));

  it('lets rows of unknown level through the filters like any other', () => {
    expect(mask({})).toEqual([1, 1, 1, 1, 1]);
  });

  it('sorts after every known level, ascending and descending alike', () => {
    const all = Uint32Array.from(items, (_, i) => i);
    const order = (direction: 'asc' | 'desc') =>
      Array.from(sortShown(table, all, { key: 'itemLevel', direction }, null));
    expect(order('asc')).toEqual([2, 0, 4, 1, 3]);
    expect(order('desc')).toEqual([4, 0, 2, 1, 3]);
  });
});

/** The reference order: stable, favourites first, then the column (text lower-cased), NaN last. */
function referenceOrder(items: TradeItem[], sort: SortState, favorites: ReadonlySet<string>): number[] {
  type Value = number | string | readonly [number, number];
  const value: Record<SortKey, (item: TradeItem) => Value> = {
    name: (i) => i.name.toLowerCase(),
    category: (i) =>
      (['Toys', 'Mount', 'Companions', 'Cosmetic'].includes(i.subclass) ? i.subclass : i.class).toLowerCase(),
    itemLevel: (i) => i.itemLevel ?? NaN,
    sellRate: (i) => i.saleRate,
    expansion: (i) => i.patchNumber,
    quality: (i) =>
      ({ common: 1, uncommon: 2, rare: 3, epic: 4, legendary: 5 })[i.quality.toLowerCase()] ?? 0,
    extraStats: (i) => i.sockets.length + i.tertiaryStats.length + i.craftedStats.length,
    saleAvg: (i) => i.avgSale,
    saleAvgVsBuy: (i) => i.saleAvgVsBuy,
    sellVsBuy: (i) => i.sellVsBuy,
    sellPrice: (i) => i.sellBuyout,
    sellRealm: (i) => i.sellingConnectedRealmName.toLowerCase(),
    buyPrice: (i) => i.buyBuyout,
    buyRealm: (i) => i.buyingConnectedRealmName.toLowerCase(),
    marketValue: (i) => i.marketValue,
    historical: (i) => i.historical,
    realisticProfit: (i) => i.realisticProfit,
    // Confidence level first (high above medium above low), then realistic profit.
    confidence: (i) => [{ high: 2, medium: 1, low: 0 }[i.confidence], i.realisticProfit],
  };
  const of = value[sort.key];
  const dir = sort.direction === 'asc' ? 1 : -1;
  const compare = (a: Value, b: Value): number => {
    if (typeof a === 'object' && typeof b === 'object') return compare(a[0], b[0]) || compare(a[1], b[1]);
    const aNaN = typeof a === 'number' && Number.isNaN(a);
    const bNaN = typeof b === 'number' && Number.isNaN(b);
    if (aNaN || bNaN) return Number(aNaN) - Number(bNaN);
    return (a < b ? -1 : a > b ? 1 : 0) * dir;
  };
  return items
    .map((_, i) => i)
    .sort((a, b) => {
      const fav =
        Number(favorites.has(items[b]!.uniqueItemKey)) - Number(favorites.has(items[a]!.uniqueItemKey));
      return fav || compare(of(items[a]!), of(items[b]!)) || a - b;
    });
}

describe('sort over the columns', () => {
  const keys: SortKey[] = ['name', 'category', 'itemLevel', 'sellRate', 'quality', 'extraStats', 'sellPrice'];
  const keysToo: SortKey[] = ['sellVsBuy', 'saleAvgVsBuy', 'buyPrice', 'sellRealm', 'buyRealm', 'expansion'];
  const trustKeys: SortKey[] = ['realisticProfit', 'confidence'];

  for (const size of [40, 3000]) {
    it(`matches a plain stable comparator sort (${size} rows, favourites first, NaN last)`, () => {
      const items = Array.from({ length: size }, randomItem);
      const table = buildRowTable(items);
      const all = Uint32Array.from(items, (_, i) => i);
      for (const favorites of [new Set<string>(), new Set(['k1', 'k7', 'k30'])]) {
        for (const key of [...keys, ...keysToo, ...trustKeys]) {
          for (const direction of ['asc', 'desc'] as const) {
            const sort = { key, direction };
            const order = sortShown(table, all, sort, favouriteMask(table, favorites));
            expect(Array.from(order), `${key} ${direction}`).toEqual(referenceOrder(items, sort, favorites));
          }
        }
      }
    });
  }

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

describe('radix argsort', () => {
  it('orders like a stable comparator sort on awkward keys, short and long lists', () => {
    const pool = [0, -0, 1, -1, 0.5, -0.5, 1e-300, -1e-300, 1e300, -1e300, Infinity, -Infinity, 12345.678];
    for (const n of [0, 1, 7, 511, 512, 5000]) {
      const keys = Float64Array.from({ length: n }, () =>
        rand() < 0.5 ? pick(pool) : (rand() - 0.5) * 10 ** Math.floor(rand() * 12),
      );
      const expected = Array.from(keys, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
      expect(Array.from(argsort(keys))).toEqual(expected);
    }
  });
});

describe('groups', () => {
  it('shows a group while any row passes, by its first passing row', () => {
    const items = [
      tradeItem({ sellVsBuy: 9000 }),
      tradeItem({ sellVsBuy: 500 }),
      tradeItem({ sellVsBuy: 100 }),
      tradeItem({ sellVsBuy: 8000 }),
      tradeItem({ sellVsBuy: 7000, name: 'Other' }),
    ];
    const table = buildRowTable(items);
    const grouping = { start: Uint32Array.from([0, 1, 3, 5]), count: 3 };
    const filters = { ...SYSTEM_DEFAULT_FILTERS, goldProfit: 1000 };
    const shown = shownGroups(passMask(table, filters, 'tool'), grouping);
    expect(Array.from(shown.groups)).toEqual([0, 2]);
    expect(Array.from(shown.rows)).toEqual([0, 3]);
    const byName = shownGroups(passMask(table, { ...filters, name: 'other' }, 'tool'), grouping);
    expect(Array.from(byName.rows)).toEqual([4]);
    expect(Array.from(shownGroups(passMask(table, filters, 'tool'), oneRowPerGroup(5)).rows)).toEqual([
      0, 3, 4,
    ]);
  });
});

describe('totals over the columns', () => {
  it('agree with the domain totals() on random rows, masks and unchecked keys', () => {
    const items = Array.from({ length: 300 }, randomItem);
    const table = buildRowTable(items);
    for (let round = 0; round < 50; round++) {
      const mask = Uint8Array.from(items, () => (rand() < 0.7 ? 1 : 0));
      const unchecked = new Set(items.filter(() => rand() < (round % 2) * 0.2).map((i) => i.uniqueTradeKey));
      const passing = items.filter((_, i) => mask[i] === 1);
      expect(tableTotals(table, mask, unchecked)).toEqual(totals(passing, unchecked));
    }
  });

  it("count what a user buys of dropship groups, as the domain's boughtRows does: one unit per sell realm", () => {
    const realms = ['Area 52', 'aegwynn', 'Zul’jin', 'Stormrage'];
    const items = Array.from({ length: 300 }, () => {
      const sell = Math.floor(rand() * 4);
      return { ...randomItem(), sellingConnectedRealmId: sell, sellingConnectedRealmName: realms[sell]! };
    });
    const start = [0];
    while (start.at(-1)! < items.length)
      start.push(Math.min(items.length, start.at(-1)! + 1 + Math.floor(rand() * 6)));
    const grouping = { start: Uint32Array.from(start), count: start.length - 1 };
    const table = buildRowTable(items);
    let fewer = 0;
    for (let round = 0; round < 30; round++) {
      const mask = Uint8Array.from(items, () => (rand() < 0.7 ? 1 : 0));
      const unchecked = new Set(items.filter(() => rand() < (round % 2) * 0.2).map((i) => i.uniqueTradeKey));
      const bought = Array.from({ length: grouping.count }, (_, g) =>
        boughtRows(
          items.slice(start[g], start[g + 1]).filter((_, k) => mask[start[g]! + k] === 1),
          unchecked,
        ),
      ).flat();
      expect(tableTotals(table, mask, unchecked, grouping)).toEqual(totals(bought));
      if (
        bought.length < items.filter((item, i) => mask[i] === 1 && !unchecked.has(item.uniqueTradeKey)).length
      )
        fewer++;
    }
    expect(fewer).toBeGreaterThan(20);
  });
});

describe('"Uncheck rows that lose money"', () => {
  it('names the shown, included rows whose expected profit is 0 or less', () => {
    const items = [900, 0, -45.5, -1, 12].map((realisticProfit, k) =>
      tradeItem({ uniqueTradeKey: `t${k}`, realisticProfit }),
    );
    const table = buildRowTable(items);
    const mask = Uint8Array.from([1, 1, 1, 0, 1]);
    expect(losingKeys(table, mask, new Set())).toEqual(['t1', 't2']);
    expect(losingKeys(table, mask, new Set(['t1']))).toEqual(['t2']);
  });
});
