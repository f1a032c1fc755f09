import { describe, expect, it } from 'vitest';
import { SYSTEM_DEFAULT_FILTERS, type Filters } from './filters';
import {
  fitViewRealms,
  hasViewParams,
  sameView,
  viewFromParams,
  viewToParams,
  type ToolView,
} from './tool-view';

const byProfit = { key: 'sellVsBuy', direction: 'desc' } as const;
const view = (filters: Partial<Filters>, sort: ToolView['sort'] = byProfit): ToolView => ({
  filters: { ...SYSTEM_DEFAULT_FILTERS, ...filters },
  sort,
});

describe('a tool view in the page URL', () => {
  it('names only what differs from the system defaults, and the sort', () => {
    expect(viewToParams(view({})).toString()).toBe('sort=sellVsBuy.desc');
    const params = viewToParams(
      view(
        {
          categories: ['Weapon', 'Armor'],
          qualities: [4],
          buyingRealms: [3678, 1084],
          goldProfit: 25000,
          goldProfitSaleAvgEnabled: true,
          crafted: 'excluded',
          name: 'Ring, of "Fire"',
          minConfidence: 'medium',
          hideDeadListings: true,
        },
        { key: 'buyRealm', direction: 'asc' },
      ),
    );
    expect(Object.fromEntries(params)).toEqual({
      cat: 'Weapon,Armor',
      q: '4',
      buy: '3678,1084',
      profit: '25000',
      psaOn: '1',
      dead: '1',
      crafted: 'excluded',
      name: 'Ring, of "Fire"',
      conf: 'medium',
      sort: 'buyRealm.asc',
    });
  });

  it('reads back the same view from the link text, empty selections included', () => {
    const shared = view(
      { expansions: [], sellingRealms: [], sellRate: 0.05, maxGoldBuyout: 0, name: 'Бронзовый ключ' },
      { key: 'name', direction: 'asc' },
    );
    const link = `?${viewToParams(shared).toString()}`;
    const opened = viewFromParams(new URLSearchParams(link), byProfit);
    expect(opened).toEqual(shared);
    expect(sameView(opened!, shared)).toBe(true);
  });

  it("reads a missing filter as its system default, not as anyone's saved default", () => {
    const opened = viewFromParams(new URLSearchParams('profit=5000'), byProfit);
    expect(opened).toEqual(view({ goldProfit: 5000 }));
  });

  it('turns a mangled link away rather than guessing', () => {
    for (const bad of [
      'cat=Weapon,Nonsense',
      'q=4,99',
      'profit=abc',
      'profit=',
      'profit=10',
      'rate=0.9',
      'psaOn=yes',
      'crafted=sometimes',
      'conf=certain',
      'sort=price.up',
      'sort=nonsense.desc',
      'buy=12,x',
    ])
      expect(viewFromParams(new URLSearchParams(bad), byProfit), bad).toBeNull();
  });

  it("checks the TSM screen's lower Sale Avg bound", () => {
    expect(viewFromParams(new URLSearchParams('avg=80000'), byProfit, 'tool')?.filters.saleAvg).toBe(80000);
    expect(viewFromParams(new URLSearchParams('avg=80000'), byProfit, 'tsm')).toBeNull();
  });

  it('tells a URL carrying a view from one that carries none', () => {
    expect(hasViewParams(new URLSearchParams('sort=name.asc'))).toBe(true);
    expect(hasViewParams(new URLSearchParams('utm_source=discord'))).toBe(false);
  });
});

describe("a shared view's realms, on the opener's own realms", () => {
  it('keeps the realms the opener has chosen and leaves out the rest', () => {
    const fitted = fitViewRealms(
      view({ buyingRealms: [1, 2, 3], sellingRealms: [7] }).filters,
      [2, 3, 4],
      [7, 8],
    );
    expect(fitted.buyingRealms).toEqual([2, 3]);
    expect(fitted.sellingRealms).toEqual([7]);
  });

  it('selects all of their realms where the link names none of them', () => {
    const fitted = fitViewRealms(view({ buyingRealms: [1], sellingRealms: null }).filters, [2, 3], [7]);
    expect(fitted.buyingRealms).toBeNull();
    expect(fitted.sellingRealms).toBeNull();
  });

  it('keeps an emptied selection empty and leaves a view that fits as it is', () => {
    const filters = view({ buyingRealms: [], sellingRealms: [7] }).filters;
    expect(fitViewRealms(filters, [2], [7])).toBe(filters);
  });
});
