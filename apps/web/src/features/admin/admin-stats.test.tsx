import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { NOW_MS, STATS, admin, adminServer, jsonWithStatusText } from './test-utils';

beforeEach(() => {
  // Only the clock is fake: timers stay real for the user events and the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW_MS);
});
afterEach(() => {
  vi.useRealTimers();
});

async function openStats(server = adminServer()) {
  const view = renderRoute('/admin/stats', { user: admin(), fetch: server.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Statistical information page' });
  return { ...view, server, ue: userEvent.setup() };
}

const timerTable = () => screen.findByRole('table', { name: 'Realm update times' });
const rowOf = (table: HTMLElement, key: string) => {
  const row = table.querySelector(`[data-realm="${key}"]`);
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${key}`);
  return within(row);
};

/** The body rows of the table with the given accessible name. */
const bodyRowsOf = async (name: string) =>
  within(await screen.findByRole('table', { name }))
    .getAllByRole('row')
    .slice(1);

/** Each of the texts stands somewhere in the row. */
function expectTexts(row: HTMLElement, texts: readonly string[]) {
  for (const text of texts) expect(row).toHaveTextContent(text);
}

/** The row's badge with this text has this colour. */
function expectBadge(row: HTMLElement, text: string, color: string) {
  expect(within(row).getByText(text)).toHaveAttribute('data-color', color);
}

describe('/admin/stats with data', () => {
  it('shows the five subscription cards in SPEC order with their counts', async () => {
    await openStats();
    const cards = within(await screen.findByRole('region', { name: 'Subscriptions' })).getAllByRole(
      'listitem',
    );
    expect(cards.map((card) => card.getAttribute('data-stat'))).toEqual([
      'active',
      'in cancelation',
      'canceled',
      'expired',
      'no',
    ]);
    expect(cards[0]).toHaveTextContent('Active');
    expect(cards[0]).toHaveTextContent('1.5K');
    expect(cards[1]).toHaveTextContent('In cancelation');
    expect(cards[1]).toHaveTextContent('42');
    expect(cards[2]).toHaveTextContent('Canceled310');
    expect(cards[3]).toHaveTextContent('Expired2.0K');
    expect(cards[4]).toHaveTextContent('No subscription18');
  });

  it('lists realm timers of both regions with names from the realm lists and freshness colours', async () => {
    await openStats();
    const table = await timerTable();
    expect(await within(table).findByText('Area 52')).toBeInTheDocument();

    const area52 = rowOf(table, '1:3676');
    expect(area52.getByText('NA')).toBeInTheDocument();
    expect(area52.getByText('3676')).toBeInTheDocument();
    expect(area52.getByText('12 min ago')).toHaveAttribute('data-color', 'green');

    expect(rowOf(table, '1:57').getByText('Illidan')).toBeInTheDocument();
    expect(rowOf(table, '1:57').getByText('1 h 15 min ago')).toHaveAttribute('data-color', 'yellow');

    // Not in the realm list: the id stands in for the name.
    const unknown = rowOf(table, '1:9999');
    expect(unknown.getAllByText('9999')).toHaveLength(2);
    expect(unknown.getByText('2 h ago')).toHaveAttribute('data-color', 'red');

    const kazzak = rowOf(table, '2:1305');
    expect(kazzak.getByText('EU')).toBeInTheDocument();
    expect(kazzak.getByText('Kazzak')).toBeInTheDocument();
    expect(kazzak.getByText('30 min ago')).toHaveAttribute('data-color', 'green');
    expect(rowOf(table, '2:1400').getByText('Not loaded yet')).toHaveAttribute('data-color', 'gray');
  });

  it('sorts the timers stalest first, by a clicked column, and filters by region', async () => {
    const { ue } = await openStats();
    const table = await timerTable();
    await within(table).findByText('Area 52');
    const order = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.getAttribute('data-realm'));
    expect(order()).toEqual(['2:1400', '1:9999', '1:57', '2:1305', '1:3676']);

    await ue.click(within(table).getByRole('button', { name: /Name/ }));
    expect(order()).toEqual(['1:3676', '1:57', '2:1305', '1:9999', '2:1400']);
    expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const filter = screen.getByRole('group', { name: 'Region' });
    await ue.click(within(filter).getByRole('button', { name: /^EU/ }));
    expect(order()).toEqual(['2:1305', '2:1400']);
    await ue.click(within(filter).getByRole('button', { name: /^All/ }));
    expect(order()).toHaveLength(5);
  });

  it('lists every cache and region with K/M counts and a clear action', async () => {
    await openStats();
    const table = await screen.findByRole('table', { name: 'Caches' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-cache'));
    expect(rows).toEqual([
      'blizzardAuctionHouseData:1',
      'blizzardAuctionHouseData:2',
      'itemCatalog:global',
      'mediaCache:global',
      'personal:1',
      'personal:2',
    ]);
    const itemCatalog = within(table.querySelector('[data-cache="itemCatalog:global"]') as HTMLElement);
    expect(itemCatalog.getByText('global')).toBeInTheDocument();
    expect(itemCatalog.getByText('184.3K')).toBeInTheDocument();
    const mediaCache = within(table.querySelector('[data-cache="mediaCache:global"]') as HTMLElement);
    expect(mediaCache.getByText('2.5M')).toBeInTheDocument();
    const personalEu = within(table.querySelector('[data-cache="personal:2"]') as HTMLElement);
    expect(personalEu.getByText('EU')).toBeInTheDocument();
    expect(personalEu.getByText('7')).toBeInTheDocument();
    expect(personalEu.getByRole('button', { name: 'Clear personal (EU)' })).toBeEnabled();
  });

  it('lists the last admin actions with their outcome', async () => {
    await openStats();
    const [first, second] = await bodyRowsOf('Recent admin actions');
    expectTexts(first!, ['5 min ago', 'boss@goldroute.example', 'personal (NA)', 'Cleared 12 entries']);
    expectBadge(first!, 'clear', 'blue');
    expectBadge(first!, 'OK', 'green');
    expectTexts(second!, ['ops@goldroute.example']);
    expectBadge(second!, 'Failed', 'red');
  });

  it('lists the scheduled jobs: last run, duration, status, runs and last error', async () => {
    await openStats();
    const [token, refresh] = await bodyRowsOf('Scheduled jobs');
    expectTexts(token!, ['poll-token-us', '12 min ago', '12.4 s']);
    expectBadge(token!, 'Failed', 'red');
    expect(within(token!).getByText('3 failed')).toBeInTheDocument();
    expectTexts(token!, ['Blizzard answered 503']);
    expectTexts(refresh!, ['refresh-market-us', '2 min ago']);
    expectBadge(refresh!, 'Running', 'blue');
    expectTexts(refresh!, ['—', '144', 'None']);
  });

  it('shows the last-updated time and reloads on Refresh', async () => {
    const { server, ue } = await openStats();
    await timerTable();
    expect(screen.getByText(/Last updated:/)).toHaveTextContent(/Last updated: \d\d:\d\d:\d\d [AP]M/);
    await ue.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo('/shared/admin/stats')).toHaveLength(2));
    expect(server.callsTo('/shared/admin/stats')[1]?.authorization).toBe('Bearer access-1');
  });

  it("shows the server's status note", async () => {
    await openStats(
      adminServer({ stats: () => json({ ...STATS, status: 'Market data is still loading for EU' }) }),
    );
    expect(await screen.findByText('Market data is still loading for EU')).toBeInTheDocument();
  });
});

describe('/admin/stats without data', () => {
  it('says "HTTP {status}: {text}" for an error answer, shows No Data Available, and Retry loads again', async () => {
    const server = adminServer({
      stats: (_call, n) => (n === 1 ? jsonWithStatusText({}, 500, 'Internal Server Error') : json(STATS)),
    });
    const { ue } = await openStats(server);
    expect(await screen.findByText('HTTP 500: Internal Server Error')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Data Available' })).toBeInTheDocument();

    await ue.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await timerTable()).toBeInTheDocument();
    expect(server.callsTo('/shared/admin/stats')).toHaveLength(2);
    expect(screen.queryByText('No Data Available')).not.toBeInTheDocument();
  });

  it("puts the server's error text in the HTTP message", async () => {
    await openStats(adminServer({ stats: () => json({ error: 'Admin privileges required' }, 403) }));
    expect(await screen.findByText('HTTP 403: Admin privileges required')).toBeInTheDocument();
    expect(screen.getByText('No Data Available')).toBeInTheDocument();
  });

  it('names the status when the server sends no status text (HTTP/2)', async () => {
    await openStats(adminServer({ stats: () => new Response('', { status: 502 }) }));
    expect(await screen.findByText('HTTP 502: Bad Gateway')).toBeInTheDocument();
  });

  it('says "No cache data received" for an answer without cache data', async () => {
    await openStats(adminServer({ stats: () => json({ data: { timerData: {} }, status: 'ok' }) }));
    expect(await screen.findByText('No cache data received')).toBeInTheDocument();
    expect(screen.getByText('No Data Available')).toBeInTheDocument();
  });

  it('says "Failed to fetch cache stats" when the server cannot be reached', async () => {
    await openStats(adminServer({ stats: () => Promise.reject(new TypeError('Failed to fetch')) }));
    expect(await screen.findByText('Failed to fetch cache stats')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
