import {
  FILTER_LABELS,
  LABELS,
  SYSTEM_DEFAULT_FILTERS,
  TOASTS,
  filtersToConfig,
  type Config,
} from '@goldroute/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FlippingTool } from './flipping-tool';
import {
  NOW_S,
  renderTool,
  sectionTitles,
  tradeItem,
  rowNames as names,
  expectSortClicks,
  expectSortedDescending,
} from '../../test/tool-harness';

const a = tradeItem({ name: 'Alpha Blade', buyBuyout: 300, sellBuyout: 2000, sellVsBuy: 1600 });
const b = tradeItem({ name: 'Bravo Helm', buyBuyout: 100, sellBuyout: 3000, sellVsBuy: 2750 });
const c = tradeItem({ name: 'Charlie Ring', buyBuyout: 200, sellBuyout: 1500, sellVsBuy: 1225 });
const items = [a, b, c];

const total = (label: string) => screen.getByTestId(`total-${label}`).textContent;

function show(list = items, user = {}) {
  return renderTool(<FlippingTool region="us" items={list} lastModified={NOW_S} />, { user });
}

// jsdom renders 100-row pages slowly on a busy 2-core machine.
describe('flipping results table', { timeout: 30_000 }, () => {
  it('has the 15 columns of SPEC §2 in order, the trust columns after Sell vs Buy, then the favourite star', () => {
    show();
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers.slice(1, 17)).toEqual([
      'Item Name',
      'Category',
      'ilvl',
      'Sell Rate',
      'Expansion',
      'Quality',
      'Extra Stats',
      'Sale Avg',
      'Sale Avg vs Buy',
      'Sell vs Buy',
      'Confidence',
      'Expected Profit',
      'Sell Price',
      'Sell Realm',
      'Buy Price',
      'Buy Realm',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Include all rows' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Include only favourites' })).toBeInTheDocument();
  });

  it('sorts by Sell vs Buy by default, by a header on click, and reverses on a second click', async () => {
    const user = userEvent.setup();
    show();
    expect(names()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
    await expectSortClicks(user, [['Buy Price', ['Alpha Blade', 'Charlie Ring', 'Bravo Helm']]]);
    expectSortedDescending(/Buy Price/);
    await expectSortClicks(user, [
      ['Buy Price', ['Bravo Helm', 'Charlie Ring', 'Alpha Blade']],
      ['Item Name', ['Alpha Blade', 'Bravo Helm', 'Charlie Ring']],
    ]);
  });

  it('lists favourites first whatever the sort', async () => {
    const user = userEvent.setup();
    show(items, { favorites: [c.uniqueItemKey] });
    expect(names()[0]).toBe('Charlie Ring');
    await user.click(screen.getByRole('button', { name: 'Item Name' }));
    await user.click(screen.getByRole('button', { name: 'Item Name' }));
    expect(names()).toEqual(['Charlie Ring', 'Bravo Helm', 'Alpha Blade']);
  });

  it('header checkbox: checked only when nothing is unchecked; toggles all unchecked / all included', async () => {
    const user = userEvent.setup();
    show();
    const all = screen.getByRole('checkbox', { name: 'Include all rows' });
    expect(all).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Include Alpha Blade' }));
    expect(all).not.toBeChecked();
    await user.click(all);
    for (const box of screen.getAllByRole('checkbox', { name: /^Include (Alpha|Bravo|Charlie)/ })) {
      expect(box).toBeChecked();
    }
    expect(all).toBeChecked();
    await user.click(all);
    for (const box of screen.getAllByRole('checkbox', { name: /^Include (Alpha|Bravo|Charlie)/ })) {
      expect(box).not.toBeChecked();
    }
    expect(total('Total Investment')).toBe('0g');
  });

  it('star button unchecks every non-favourite', async () => {
    const user = userEvent.setup();
    show(items, { favorites: [b.uniqueItemKey] });
    await user.click(screen.getByRole('button', { name: 'Include only favourites' }));
    expect(screen.getByRole('checkbox', { name: 'Include Bravo Helm' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include Alpha Blade' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include Charlie Ring' })).not.toBeChecked();
    expect(total('Total Investment')).toBe('100g');
  });

  it('totals cover the rows that are not unchecked', async () => {
    const user = userEvent.setup();
    show();
    expect(total('Total Investment')).toBe('600g');
    expect(total('Estimated Sell Price')).toBe('6,500g');
    expect(total('Profit After AH Cut')).toBe('5,575g');
    await user.click(screen.getByRole('checkbox', { name: 'Include Bravo Helm' }));
    expect(total('Total Investment')).toBe('500g');
    expect(total('Estimated Sell Price')).toBe('3,500g');
    expect(total('Profit After AH Cut')).toBe('2,825g');
  });

  it('goes back to page 1 when a filter changes', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 150 }, (_, i) => tradeItem({ name: `Bulk ${i}`, sellVsBuy: 5000 + i }));
    show(many);
    expect(screen.getByText(LABELS.pagination(150, 100, 2))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('row')).toHaveLength(51);
    await user.type(screen.getByRole('searchbox', { name: 'Search items by name' }), 'bulk 1');
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters from the panel: Apply Filters commits, the badge counts, "N active filter(s)"', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = screen.getByRole('dialog', { name: LABELS.advancedFilters });
    expect(within(panel).getByText(LABELS.activeFilters(0))).toBeInTheDocument();
    const input = within(panel).getByRole('textbox', { name: 'Gold Profit' });
    await user.clear(input);
    await user.type(input, '2000{Enter}');
    expect(within(panel).getByText(LABELS.activeFilters(1))).toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: 'Gold Profit on Sale Avg' })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('1');
    expect(names()).toEqual(['Bravo Helm']);
  });

  it('rows of a new page show their own items and include state (rows are reused across pages)', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 150 }, (_, i) =>
      tradeItem({ name: `Bulk ${String(i).padStart(3, '0')}`, sellVsBuy: 10_000 - i }),
    );
    show(many);
    expect(names().slice(0, 2)).toEqual(['Bulk 000', 'Bulk 001']);
    await user.click(screen.getByRole('checkbox', { name: 'Include Bulk 000' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(names()).toEqual(many.slice(100).map((item) => item.name));
    expect(screen.getByRole('checkbox', { name: 'Include Bulk 100' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include all rows' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByRole('checkbox', { name: 'Include Bulk 000' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include Bulk 001' })).toBeChecked();
  });

  it('the panel has Selection Filters, Value Ranges and Additional Filters; the crafted filter and the sale-avg toggle work', async () => {
    const user = userEvent.setup();
    const crafted = tradeItem({ name: 'Delta Crafted', crafted: true, sellVsBuy: 4000, saleAvgVsBuy: -50 });
    show([...items, crafted]);
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = screen.getByRole('dialog', { name: LABELS.advancedFilters });
    expect(sectionTitles(panel)).toEqual(['Selection Filters', 'Value Ranges', 'Additional Filters']);
    const saleAvgBox = within(panel).getByRole('textbox', { name: FILTER_LABELS.goldProfitSaleAvg });
    expect(saleAvgBox).toBeDisabled();
    await user.click(within(panel).getByRole('checkbox', { name: /Positive Sale Avg vs Buy only/ }));
    expect(saleAvgBox).toBeEnabled();
    await user.click(within(panel).getByRole('radio', { name: 'Only crafted' }));
    expect(within(panel).getByText(LABELS.activeFilters(2))).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('2');
    // The only crafted item loses money at its average sale price, so nothing passes both.
    expect(screen.getByText(LABELS.noData)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const again = screen.getByRole('dialog', { name: LABELS.advancedFilters });
    await user.click(within(again).getByRole('checkbox', { name: /Positive Sale Avg vs Buy only/ }));
    await user.click(within(again).getByRole('button', { name: LABELS.applyFilters }));
    expect(names()).toEqual(['Delta Crafted']);
  });

  it('closing the panel without Apply Filters keeps the committed filters', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = screen.getByRole('dialog', { name: LABELS.advancedFilters });
    await user.click(within(panel).getByRole('radio', { name: 'Only crafted' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('0');
    expect(names()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
  });

  it('applies the saved personal config on load', () => {
    show(items, {
      config: {
        categories: ['Armor'],
        qualities: [],
        expansions: [],
        sellRate: 0.001,
        saleAvg: 500,
        goldProfit: 1000,
        goldProfitSaleAvg: 1000,
        goldProfitPercent: 1,
        maxGoldBuyout: 9999999,
      },
    });
    expect(screen.getByText(LABELS.noData)).toBeInTheDocument();
  });

  it('opens with a saved active Gold Profit on Sale Avg applied', () => {
    const paysAtAverage = tradeItem({ name: 'Delta Gloves', saleAvgVsBuy: 20000 });
    show([...items, paysAtAverage], {
      config: {
        ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
        goldProfitSaleAvg: 10000,
        goldProfitSaleAvgEnabled: true,
      } as Config,
    });
    expect(names()).toEqual(['Delta Gloves']);
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('1');
  });

  it('shows "No data found" without rows', () => {
    show([]);
    expect(screen.getByText(LABELS.noData)).toBeInTheDocument();
  });

  it('the star sends ADD, replaces the local favourites and toasts; then DELETE', async () => {
    const user = userEvent.setup();
    const { api, authStore } = show();
    await user.click(screen.getByRole('button', { name: 'Add Alpha Blade to favorites' }));
    expect(await screen.findByText(TOASTS.favoriteAdded)).toBeInTheDocument();
    expect(api.callsTo('/shared/users/favorites')[0]!.body).toEqual({
      uniqueItemKey: a.uniqueItemKey,
      action: 'ADD',
    });
    expect(authStore.getState().userData?.favorites).toEqual([a.uniqueItemKey]);
    await waitFor(() => expect(names()[0]).toBe('Alpha Blade'));
    await user.click(screen.getByRole('button', { name: 'Remove Alpha Blade from favorites' }));
    expect(await screen.findByText(TOASTS.favoriteRemoved)).toBeInTheDocument();
    expect(api.callsTo('/shared/users/favorites')[1]!.body).toEqual({
      uniqueItemKey: a.uniqueItemKey,
      action: 'DELETE',
    });
  });

  it('selects and highlights a row by its trade key; truncates long names with the full name as title', async () => {
    const user = userEvent.setup();
    const long = tradeItem({
      name: 'Thunderfury, Blessed Blade of the Windseeker',
      sockets: [1, 2],
      itemLevel: 80.6,
      crafted: true,
    });
    show([long]);
    const link = screen.getByRole('link', { name: /^Thunderfury, Blessed Blade of …$/ });
    expect(link).toHaveAttribute('title', long.name);
    expect(link).toHaveAttribute('href', `https://www.wowhead.com/item=${long.id}&ilvl=81`);
    expect(screen.getByText('Sockets: 2')).toBeInTheDocument();
    expect(screen.getByText('81')).toBeInTheDocument();
    expect(screen.getByLabelText('Crafted')).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1]!;
    await user.click(within(row).getByText('Weapon'));
    expect(row).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an unknown item level as "?", crafted stats in Extra Stats, and leaves the row out of the lists', async () => {
    const user = userEvent.setup();
    const unknown = tradeItem({
      id: 212000,
      name: 'New Helm',
      class: 'Armor',
      subclass: 'Plate',
      itemLevel: null,
      bonus: [13000],
      tertiaryStats: ['Speed'],
      craftedStats: ['Haste', 'Mastery'],
      sockets: [1],
      crafted: true,
      sellVsBuy: 5000,
    });
    const known = tradeItem({ name: 'Old Blade', itemLevel: 600, buyBuyout: 300, sellVsBuy: 4000 });
    show([unknown, known]);
    const row = screen.getAllByRole('row')[1]!;
    const level = within(row).getByText('unknown');
    expect(level).toHaveAttribute(
      'title',
      "ilvl unknown: the bonus data does not know this item's bonus ids yet",
    );
    expect(within(row).getByText('Speed, Haste / Mastery, Sockets: 1')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'New Helm' })).toHaveAttribute(
      'href',
      'https://www.wowhead.com/item=212000&bonus=13000',
    );
    await user.click(screen.getByRole('button', { name: LABELS.getAuctionatorLists }));
    expect(screen.getByRole('textbox', { name: 'Auctionator shopping lists' })).toHaveValue(
      'GoldRoute Buy from Stormrage^"Old Blade";;599;601;0;0;0;0;0;301;4;;;',
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      '1 item(s) left out: item level unknown (bonus data is behind the game)',
    );
  });
});
