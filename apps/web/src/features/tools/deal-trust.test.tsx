import { LABELS, SYSTEM_DEFAULT_FILTERS, filtersToConfig, type Config } from '@goldroute/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FlippingTool } from './flipping-tool';
import {
  NOW_S,
  renderTool,
  tradeEvidence,
  tradeItem,
  rowNames as names,
  expectSortClicks,
  expectSortedDescending,
} from '../../test/tool-harness';
import { TsmTool } from './tsm-tool';

function show(items: Parameters<typeof tradeItem>[0][]) {
  const list = items.map((overrides) => tradeItem(overrides));
  renderTool(<FlippingTool region="us" items={list} lastModified={NOW_S} />);
  return list;
}

const openPanel = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: /^Filters/ }));
  return screen.getByRole('dialog', { name: LABELS.advancedFilters });
};

// jsdom renders the 17-column rows slowly on a busy 2-core machine.
describe('deal trust in the flipping results', { timeout: 30_000 }, () => {
  it('adds Confidence and Expected Profit with its sale chance right after Sell vs Buy', () => {
    show([{ name: 'Alpha Blade', sellVsBuy: 9000, realisticProfit: 7250.9, saleChance: 0.62 }]);
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers.slice(10, 14)).toEqual(['Sell vs Buy', 'Confidence', 'Expected Profit', 'Sell Price']);
    const row = screen.getAllByRole('row')[1]!;
    expect(row.querySelector('[data-col="realisticProfit"]')).toHaveTextContent(/^7,250g62% in 48 h$/);
    expect(within(row).getByTestId('sale-chance')).toHaveTextContent(/^62% in 48 h$/);
    // Each cell sits under its header: the cells after Sell vs Buy are the badge, then expected profit.
    const cells = within(row).getAllByRole('cell');
    expect(cells[11]).toHaveAttribute('data-col', 'confidence');
    expect(cells[12]).toHaveAttribute('data-col', 'realisticProfit');
    expect(cells[10]).toHaveAttribute('data-col', 'sellVsBuy');
    expect(
      within(row).getByRole('button', { name: 'High confidence: details of Alpha Blade' }),
    ).toHaveTextContent(/^High$/);
  });

  it("the badge says High / Medium / Low and gives the reasons with the deal's own numbers on hover", () => {
    show([
      {
        name: 'Dead Sword',
        buyBuyout: 1000,
        sellBuyout: 7500,
        sellVsBuy: 6125,
        realisticProfit: -310.5,
        saleChance: 0.62,
        confidence: 'low',
        flags: ['dead-listing'],
        evidence: tradeEvidence({
          salesSeen14d: 6,
          medianSale14d: 1500,
          sellListingAgeSnapshots: 20,
          hoursObserved: 5,
        }),
      },
      { name: 'Thin Helm', confidence: 'medium', flags: ['thin-supply'], sellVsBuy: 5000 },
    ]);
    const low = screen.getByRole('button', { name: 'Low confidence: details of Dead Sword' });
    expect(low).toHaveTextContent(/^Low$/);
    expect(low.dataset.confidence).toBe('low');
    expect(low.title.split('\n')).toEqual([
      'Evidence so far: 5 hours of snapshots (14 days = 336).',
      "Until the sell realm has been watched for 2 days, the sale chance rests mostly on the region's sale rate and prices, and confidence is at most medium.",
      'Low confidence: a price in this deal looks fake, or there is no sale price to go by; expect less than shown.',
      expect.stringMatching(
        /^Expected profit -310g: a 62% chance it sells within 48 hours, at about [\d,]+g, less the 5% cut and the 1,000g buy price; unsold, it counts as a loss\./,
      ),
      'If it sells: 425g, for the 1,500g median of 6 sales seen on the sell realm in 14 days, not the listed 7,500g, less the 5% cut and the 1,000g buy price.',
      'Dead listing: the sell price 7,500g is 5.0× the 1,500g median of 6 sales seen on the sell realm in 14 days, and has sat for 20 hours, posted for the longest time, 48 hours.',
    ]);
    const medium = screen.getByRole('button', { name: 'Medium confidence: details of Thin Helm' });
    expect(medium).toHaveTextContent(/^Medium$/);
    // A full 14-day window: no "evidence so far" line.
    expect(medium.title.split('\n')[0]).toBe(
      "Medium confidence: the figure rests partly on the region's numbers, a short record on the sell realm, or data over 2 hours old.",
    );
  });

  it('opens sorted by Expected Profit, largest first; a click reverses it, and Sell vs Buy is one click away', async () => {
    const user = userEvent.setup();
    show([
      { name: 'Alpha Blade', sellVsBuy: 9000, realisticProfit: 1200 },
      { name: 'Bravo Helm', sellVsBuy: 8000, realisticProfit: 7000 },
      { name: 'Charlie Ring', sellVsBuy: 7000, realisticProfit: -300 },
    ]);
    expect(names()).toEqual(['Bravo Helm', 'Alpha Blade', 'Charlie Ring']);
    expectSortedDescending(/Expected Profit/);
    await expectSortClicks(user, [
      ['Expected Profit', ['Charlie Ring', 'Alpha Blade', 'Bravo Helm']],
      ['Sell vs Buy', ['Alpha Blade', 'Bravo Helm', 'Charlie Ring']],
    ]);
  });

  it('sorts by Confidence: high before medium before low, then by realistic profit', async () => {
    const user = userEvent.setup();
    show([
      { name: 'Alpha Blade', confidence: 'high', realisticProfit: 100 },
      { name: 'Bravo Helm', confidence: 'low', flags: ['bait'], realisticProfit: 50000 },
      { name: 'Charlie Ring', confidence: 'medium', flags: ['stale'], realisticProfit: 3000 },
      { name: 'Delta Gloves', confidence: 'high', realisticProfit: 900 },
    ]);
    await expectSortClicks(user, [
      ['Confidence', ['Delta Gloves', 'Alpha Blade', 'Charlie Ring', 'Bravo Helm']],
      ['Confidence', ['Bravo Helm', 'Charlie Ring', 'Alpha Blade', 'Delta Gloves']],
    ]);
  });

  it('says how many hours of evidence there are above the table until the 14 days are complete', async () => {
    const user = userEvent.setup();
    show([
      { name: 'Alpha Blade', evidence: tradeEvidence({ hoursObserved: 5 }) },
      { name: 'Bravo Helm', evidence: tradeEvidence({ hoursObserved: 12 }) },
    ]);
    expect(screen.getByTestId('evidence-notice')).toHaveTextContent(
      /^Evidence: 12 hours of snapshots so far/,
    );
    // The notice follows the rows shown: only Alpha Blade left, 5 hours.
    await user.type(screen.getByRole('searchbox', { name: 'Search items by name' }), 'alpha');
    expect(screen.getByTestId('evidence-notice')).toHaveTextContent(/^Evidence: 5 hours of snapshots so far/);
  });

  it('shows no evidence notice once the shown rows have 336 hours', () => {
    show([{ name: 'Alpha Blade' }, { name: 'Bravo Helm', evidence: tradeEvidence({ hoursObserved: 336 }) }]);
    expect(screen.queryByTestId('evidence-notice')).not.toBeInTheDocument();
  });

  it('filters by "Minimum confidence" and "Hide dead listings" from Additional Filters, counted as active', async () => {
    const user = userEvent.setup();
    show([
      { name: 'Alpha Blade', confidence: 'high', sellVsBuy: 9000 },
      { name: 'Bravo Helm', confidence: 'medium', flags: ['stale'], sellVsBuy: 8000 },
      { name: 'Charlie Ring', confidence: 'low', flags: ['dead-listing'], sellVsBuy: 7000 },
      { name: 'Delta Gloves', confidence: 'low', flags: ['bait'], sellVsBuy: 6000 },
    ]);
    let panel = await openPanel(user);
    const level = within(panel).getByRole('combobox', { name: 'Minimum confidence' });
    // It says what it does where it is: a view filter, not an export option.
    expect(
      within(panel).getByText(
        'Hides the rows rated below this level from the table, the totals and the exports. Confidence says how sure the expected profit is.',
      ),
    ).toBeInTheDocument();
    expect(level).toHaveValue('low');
    expect(
      within(level)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any', 'Medium', 'High']);
    const dead = within(panel).getByRole('checkbox', { name: 'Hide dead listings' });
    expect(dead).not.toBeChecked();
    await user.click(dead);
    expect(within(panel).getByText(LABELS.activeFilters(1))).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
    expect(names()).toEqual(['Alpha Blade', 'Bravo Helm', 'Delta Gloves']);

    panel = await openPanel(user);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Minimum confidence' }), 'Medium');
    expect(within(panel).getByText(LABELS.activeFilters(2))).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('2');
    expect(names()).toEqual(['Alpha Blade', 'Bravo Helm']);

    panel = await openPanel(user);
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Minimum confidence' }), 'High');
    await user.click(within(panel).getByRole('button', { name: LABELS.applyFilters }));
    expect(names()).toEqual(['Alpha Blade']);
  });

  it('opens with the saved personal "Minimum confidence" and "Hide dead listings" applied', () => {
    const items = [
      tradeItem({ name: 'Alpha Blade', confidence: 'high', sellVsBuy: 9000 }),
      tradeItem({
        name: 'Bravo Helm',
        confidence: 'medium',
        flags: ['stale', 'dead-listing'],
        sellVsBuy: 8000,
      }),
      tradeItem({ name: 'Charlie Ring', confidence: 'medium', flags: ['stale'], sellVsBuy: 7000 }),
      tradeItem({ name: 'Delta Gloves', confidence: 'low', flags: ['bait'], sellVsBuy: 6000 }),
    ];
    const config = {
      ...filtersToConfig(SYSTEM_DEFAULT_FILTERS),
      minConfidence: 'medium',
      hideDeadListings: true,
    };
    renderTool(<FlippingTool region="us" items={items} lastModified={NOW_S} />, {
      user: { config: config as Config },
    });
    expect(names()).toEqual(['Alpha Blade', 'Charlie Ring']);
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('2');
  });

  it('"High-confidence rows only" is an option of the Auctionator export, with its count, and leaves the table alone', async () => {
    const user = userEvent.setup();
    show([
      { name: 'Alpha Blade', buyBuyout: 300, sellVsBuy: 9000, confidence: 'high' },
      { name: 'Bravo Helm', buyBuyout: 100, sellVsBuy: 8000, confidence: 'medium', flags: ['stale'] },
    ]);
    // Not beside the search, where it would read as a table filter.
    expect(screen.queryByRole('checkbox', { name: /High-confidence rows only/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: LABELS.getAuctionatorLists }));
    const dialog = screen.getByRole('dialog', { name: LABELS.auctionatorTitle });
    const option = within(dialog).getByRole('checkbox', {
      name: /^High-confidence rows only \(1 of 2 included rows\)/,
    });
    expect(option).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Auctionator shopping lists' })).toHaveValue(
      'GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;301;4;;;^"Bravo Helm";;79;81;0;0;0;0;0;101;4;;;',
    );
    await user.click(option);
    expect(option).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Auctionator shopping lists' })).toHaveValue(
      'GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;301;4;;;',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(names()).toEqual(['Alpha Blade', 'Bravo Helm']);
  });

  it('"Uncheck rows that lose money" unchecks every row whose expected profit is not positive; totals and lists follow', async () => {
    const user = userEvent.setup();
    show([
      { name: 'Alpha Blade', buyBuyout: 300, sellBuyout: 2000, realisticProfit: 900 },
      { name: 'Bravo Helm', buyBuyout: 100, sellBuyout: 1000, realisticProfit: 0 },
      { name: 'Charlie Ring', buyBuyout: 200, sellBuyout: 1500, realisticProfit: -45.5 },
    ]);
    const total = (label: string) => screen.getByTestId(`total-${label}`).textContent;
    expect(total('Expected Profit')).toBe('854g');
    const button = screen.getByRole('button', { name: /^Uncheck rows that lose money/ });
    expect(within(button).getByTestId('losing-count')).toHaveTextContent('2');
    await user.click(button);
    const included = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => (within(row).getAllByRole('checkbox')[0] as HTMLInputElement).checked);
    expect(names()).toEqual(['Alpha Blade', 'Bravo Helm', 'Charlie Ring']);
    expect(included).toEqual([true, false, false]);
    expect(total('Total Investment')).toBe('300g');
    expect(total('Expected Profit')).toBe('900g');
    expect(button).toBeDisabled();
    await user.click(screen.getByRole('button', { name: LABELS.getAuctionatorLists }));
    expect(screen.getByRole('textbox', { name: 'Auctionator shopping lists' })).toHaveValue(
      'GoldRoute Buy from Stormrage^"Alpha Blade";;79;81;0;0;0;0;0;301;4;;;',
    );
  });

  it('the TSM generator, a list of items rather than deals, has no confidence option', () => {
    const items = [tradeItem({ id: 111, name: 'Alpha Blade', confidence: 'high' })];
    renderTool(<TsmTool region="us" items={items} lastModified={NOW_S} />);
    expect(screen.queryByText(/High-confidence rows only/)).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
