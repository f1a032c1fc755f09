import type { DealHistoryResponse, RealmDay } from '@goldroute/domain/api';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, json, type ApiHandler } from '../../test/fake-api';
import { DealHistoryChart, dayLabel, niceTicks } from './deal-history-chart';
import { FlippingTool } from './flipping-tool';
import { NOW_S, defaultHandler, renderTool, tradeEvidence, tradeItem } from '../../test/tool-harness';

const noDay: RealmDay = { lowest: null, listings: 0, sales: 0, median: null };
const day = (lowest: number, sales: number): RealmDay => ({ lowest, listings: 3, sales, median: lowest });

/** 14 days from Nov 1 to Nov 14 2024; Nov 5 to Nov 7 without snapshots (a gap in both lines). */
function history(): DealHistoryResponse {
  return {
    hoursObserved: 290,
    days: Array.from({ length: 14 }, (_, i) => {
      const date = `2024-11-${String(i + 1).padStart(2, '0')}`;
      const gap = i >= 4 && i <= 6;
      return {
        day: date,
        buy: gap ? noDay : day(10000 + i * 100, i % 3 === 0 ? 1 : 0),
        sell: gap ? noDay : day(20000 - i * 100, 2),
      };
    }),
  };
}

const deal = tradeItem({
  uniqueItemKey: '19019-0-0',
  name: 'Thunderfury',
  buyBuyout: 10000,
  sellBuyout: 20000,
  sellVsBuy: 9000,
  realisticProfit: 8050,
  confidence: 'medium',
  flags: ['thin-supply'],
  buyingConnectedRealmId: 11,
  buyingConnectedRealmName: 'Stormrage',
  sellingConnectedRealmId: 22,
  sellingConnectedRealmName: 'Area 52',
  evidence: tradeEvidence({
    salesSeen14d: 18,
    medianSale14d: 19000,
    sellListingsNearPrice: 1,
    sellQuantityNearPrice: 4,
    realmsOffering: 2,
    buyQuantity: 1,
    sellListingAgeSnapshots: 7,
    buyListingAgeSnapshots: 1,
    hoursObserved: 290,
    sellPostedHours: 12,
  }),
});

const HISTORY_PATH = '/retail/market/deal-history/us?uniqueItemKey=19019-0-0&buyRealm=11&sellRealm=22';

function withHistory(answer: () => Response | Promise<Response>): ApiHandler {
  const base = defaultHandler();
  return (call) => (call.path.startsWith('/retail/market/deal-history/') ? answer() : base(call));
}

function open(answer: () => Response | Promise<Response>) {
  const view = renderTool(<FlippingTool region="us" items={[deal]} lastModified={NOW_S} />, {
    handler: withHistory(answer),
  });
  return { ...view, user: userEvent.setup(), row: screen.getAllByRole('row')[1]! };
}

const CHART_NAME = 'Lowest price and sales per day, last 14 days: Stormrage (buy) and Area 52 (sell)';

describe('deal details', { timeout: 30_000 }, () => {
  it('a click on a row opens its details: route, profits, confidence with reasons, evidence, history', async () => {
    const { user, row, api } = open(() => json(history()));
    await user.click(within(row).getByText('Weapon'));
    expect(row).toHaveAttribute('aria-selected', 'true');
    const dialog = screen.getByRole('dialog', { name: 'Thunderfury' });
    const inDialog = within(dialog);
    expect(inDialog.getByTestId('deal-route')).toHaveTextContent(
      'Buy on Stormrage at 10,000g, sell on Area 52 at 20,000g.',
    );
    expect(inDialog.getByTestId('detail-sell-vs-buy')).toHaveTextContent('9,000g 90.0%');
    expect(inDialog.getByTestId('detail-realistic-profit')).toHaveTextContent(/^8,050g 62% in 48 h$/);
    expect(inDialog.getByTestId('detail-confidence')).toHaveTextContent(/^Medium confidence$/);
    expect(
      within(inDialog.getByTestId('trust-lines'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Evidence so far: 290 hours of snapshots (14 days = 336).',
      'The sale chance counts the sales seen on the sell realm in these 290 hours; it firms up as the window fills.',
      "Medium confidence: the figure rests partly on the region's numbers, a short record on the sell realm, or data over 2 hours old.",
      expect.stringMatching(
        /^Expected profit 8,050g: a 62% chance it sells within 48 hours, at about [\d,]+g, less the 5% cut and the 10,000g buy price; unsold, it counts as a loss\./,
      ),
      'If it sells: 8,050g, for the 19,000g median of 18 sales seen on the sell realm in 14 days, not the listed 20,000g, less the 5% cut and the 10,000g buy price.',
      'Thin supply: only 2 realms in the region sell this item.',
    ]);
    const evidence = Object.fromEntries(
      inDialog.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(evidence).toMatchObject({
      'Sales seen (14 days)': '18',
      'Median sale (14 days)': '19,000g',
      'Usual sell-realm price (14 days)': '20,500g',
      'Sell listings near price': '1',
      'Units near sell price': '4',
      'Realms offering': '2',
      'Buy quantity': '1',
      'Sell listing age': '7 hours',
      'Sell listing posted for': '12 hours',
      'Buy listing age': '1 hour',
      'Hours of evidence': '290 of 336',
    });

    const chart = await inDialog.findByRole('img', { name: CHART_NAME });
    expect(api.calls.filter((c) => c.path.startsWith('/retail/market/deal-history/'))).toEqual([
      expect.objectContaining({ method: 'GET', path: HISTORY_PATH }),
    ]);
    // Day labels every other day, ending today; gold on the price axis; the legend names both realms.
    expect(within(chart).getByText('Nov 14')).toBeInTheDocument();
    expect(within(chart).getByText('Nov 12')).toBeInTheDocument();
    expect(within(chart).queryByText('Nov 13')).not.toBeInTheDocument();
    expect(within(chart).getByText('20,000g')).toBeInTheDocument();
    expect(inDialog.getByText('Lowest price, sell realm (Area 52)')).toBeInTheDocument();
    expect(inDialog.getByText('Lowest price, buy realm (Stormrage)')).toBeInTheDocument();
    expect(inDialog.getByText('Sales seen, sell realm')).toBeInTheDocument();
  });

  it('closes with Escape and with the Close button', async () => {
    const { user, row } = open(() => json(history()));
    await user.click(within(row).getByText('Area 52'));
    await screen.findByRole('img', { name: CHART_NAME });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(row).getByText('Area 52'));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Thunderfury' })).getByRole('button', { name: 'Close' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the include checkbox and the favourite star do not open it; the confidence badge does', async () => {
    const { user, row } = open(() => json(history()));
    await user.click(within(row).getByRole('checkbox', { name: 'Include Thunderfury' }));
    await user.click(within(row).getByRole('button', { name: 'Add Thunderfury to favorites' }));
    expect(screen.queryByRole('dialog', { name: 'Thunderfury' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Medium confidence: details of Thunderfury' }));
    expect(screen.getByRole('dialog', { name: 'Thunderfury' })).toBeInTheDocument();
  });

  it('says the history is loading, then shows it', async () => {
    const pending = deferred<Response>();
    const { user, row } = open(() => pending.promise);
    await user.click(within(row).getByText('Weapon'));
    expect(await screen.findByText('Loading the 14-day history…')).toBeInTheDocument();
    pending.resolve(json(history()));
    expect(await screen.findByRole('img', { name: CHART_NAME })).toBeInTheDocument();
    expect(screen.queryByText('Loading the 14-day history…')).not.toBeInTheDocument();
  });

  it('says so when the history cannot be loaded, with the server reason', async () => {
    const { user, row } = open(() => json({ error: 'No history for this deal' }, 404));
    await user.click(within(row).getByText('Weapon'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The 14-day history could not be loaded. Close and open the deal to try again.Server: No history for this deal',
    );
  });

  it('says so when nothing was seen on either realm in the 14 days', async () => {
    const empty = { hoursObserved: 3, days: history().days.map((d) => ({ ...d, buy: noDay, sell: noDay })) };
    const { user, row } = open(() => json(empty));
    await user.click(within(row).getByText('Weapon'));
    expect(
      await screen.findByText(
        'No listings or sales of this item were seen on these two realms in the last 14 days.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the 14-day chart', () => {
  it('leaves days without data out of the lines (gaps) and draws a sales bar per day with sales', () => {
    const { container } = render(
      <DealHistoryChart days={history().days} buyRealm="Stormrage" sellRealm="Area 52" />,
    );
    const lines = container.querySelectorAll('path');
    // Nov 1-4 and Nov 8-14 with a price: two segments per line, 11 dots each.
    for (const line of lines) expect(line.getAttribute('d')!.match(/M/g)).toHaveLength(2);
    expect(container.querySelectorAll('circle')).toHaveLength(22);
    // Sell: 2 sales on each of the 11 days with data; buy: 1 sale on Nov 1, 4, 10, 13.
    expect(container.querySelectorAll('rect')).toHaveLength(11 + 4);
    expect(screen.getByRole('img').querySelector('desc')).toHaveTextContent(
      'Sell realm (Area 52): lowest 18,700g to 20,000g, 22 sales seen. Buy realm (Stormrage): lowest 10,000g to 11,300g, 4 sales seen. Days without data are left blank.',
    );
  });

  it('names days like "Nov 12" and puts round gold steps on the price axis', () => {
    expect(dayLabel('2024-11-12')).toBe('Nov 12');
    expect(dayLabel('2025-01-01')).toBe('Jan 1');
    expect(niceTicks(10000, 20000)).toEqual([10000, 15000, 20000]);
    expect(niceTicks(18700, 20000)).toEqual([18500, 19000, 19500, 20000]);
    expect(niceTicks(3, 3)).toEqual([2, 3, 4]);
    expect(niceTicks(0.2, 0.9)).toEqual([0, 1]);
  });
});
