import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, json, type ApiCall } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { admin, adminServer } from './test-utils';

async function openStats(extra: (call: ApiCall) => Response | Promise<Response> | undefined) {
  const server = adminServer({ extra });
  renderRoute('/admin/stats', { user: admin(), fetch: server.fetch });
  const table = await screen.findByRole('table', { name: 'Caches' });
  return { server, table, ue: userEvent.setup() };
}

const statsCalls = (server: ReturnType<typeof adminServer>) => server.callsTo('/shared/admin/stats').length;
const dataCalls = (server: ReturnType<typeof adminServer>) =>
  server.calls.filter((call) => /^\/shared\/data\/(?!realms|token)/.test(call.path));

describe('clearing a cache', () => {
  it('clears through its SPEC §7 path, says so and reloads the stats', async () => {
    const { server, table, ue } = await openStats((call) =>
      call.path === '/shared/data/clear-cache/personal/us'
        ? json({ message: 'Cleared 12 entries' })
        : undefined,
    );
    await ue.click(within(table).getByRole('button', { name: 'Clear personal (NA)' }));
    expect(await screen.findByText('Cache cleared for personal (NA)')).toBeInTheDocument();
    expect(server.callsTo('/shared/data/clear-cache/personal/us')).toMatchObject([
      { method: 'GET', authorization: 'Bearer access-1' },
    ]);
    await waitFor(() => expect(statsCalls(server)).toBe(2));
  });

  it('clears a global cache through its own path', async () => {
    const { server, table, ue } = await openStats((call) =>
      call.path === '/shared/data/saddlebag/data/refresh' ? json({ message: 'Reloaded' }) : undefined,
    );
    await ue.click(within(table).getByRole('button', { name: 'Clear itemCatalog (global)' }));
    expect(await screen.findByText('Cache cleared for itemCatalog (global)')).toBeInTheDocument();
    expect(server.callsTo('/shared/data/saddlebag/data/refresh')).toHaveLength(1);
  });

  it('says it failed on a server error, and still reloads the stats', async () => {
    const { server, table, ue } = await openStats(() => json({ error: 'Refreshing failed' }, 502));
    await ue.click(within(table).getByRole('button', { name: 'Clear personal (EU)' }));
    expect(await screen.findByText('Failed to clear cache for personal (EU)')).toBeInTheDocument();
    expect(server.callsTo('/shared/data/clear-cache/personal/eu')).toHaveLength(1);
    await waitFor(() => expect(statsCalls(server)).toBe(2));
  });

  it('says it failed when a clear of the same cache is already running on the server (409)', async () => {
    const { table, ue } = await openStats(() =>
      json({ error: 'personal (NA) is already being cleared; try again when it is done' }, 409),
    );
    await ue.click(within(table).getByRole('button', { name: 'Clear personal (NA)' }));
    expect(await screen.findByText('Failed to clear cache for personal (NA)')).toBeInTheDocument();
  });

  it('says a cache without a route cannot be cleared, and calls nothing', async () => {
    const { server, table, ue } = await openStats(() => json({ message: 'should not be called' }));
    const button = within(table).getByRole('button', { name: 'Clear mediaCache (global)' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await ue.click(button);
    expect(await screen.findByText('Cannot clear cache for mediaCache')).toBeInTheDocument();
    await ue.click(within(table).getByRole('button', { name: 'Clear blizzardAuctionHouseData (NA)' }));
    expect(await screen.findByText('Cannot clear cache for blizzardAuctionHouseData')).toBeInTheDocument();
    expect(dataCalls(server)).toEqual([]);
    expect(statsCalls(server)).toBe(1);
  });

  it('runs one clear at a time per cache and region; other rows stay usable', async () => {
    const personalNa = deferred<Response>();
    const personalEu = deferred<Response>();
    const { server, table, ue } = await openStats((call) => {
      if (call.path === '/shared/data/clear-cache/personal/us') return personalNa.promise;
      if (call.path === '/shared/data/clear-cache/personal/eu') return personalEu.promise;
      return undefined;
    });
    const na = within(table).getByRole('button', { name: 'Clear personal (NA)' });
    await ue.click(na);
    await waitFor(() => expect(na).toBeDisabled());
    expect(na).toHaveTextContent('Clearing...');
    await ue.click(na);
    expect(server.callsTo('/shared/data/clear-cache/personal/us')).toHaveLength(1);

    const eu = within(table).getByRole('button', { name: 'Clear personal (EU)' });
    expect(eu).toBeEnabled();
    await ue.click(eu);
    await waitFor(() => expect(eu).toBeDisabled());
    expect(server.callsTo('/shared/data/clear-cache/personal/eu')).toHaveLength(1);

    personalNa.resolve(json({ message: 'done' }));
    expect(await screen.findByText('Cache cleared for personal (NA)')).toBeInTheDocument();
    await waitFor(() => expect(na).toBeEnabled());
    expect(na).toHaveTextContent('Clear');
    expect(eu).toBeDisabled();

    personalEu.resolve(json({ error: 'boom' }, 500));
    expect(await screen.findByText('Failed to clear cache for personal (EU)')).toBeInTheDocument();
    await waitFor(() => expect(eu).toBeEnabled());
    await waitFor(() => expect(statsCalls(server)).toBeGreaterThanOrEqual(2));
  });
});

describe('market and TSM refresh per region', () => {
  it("re-polls a region's market data and shows the server's answer, then reloads the stats", async () => {
    const { server, ue } = await openStats((call) =>
      call.path === '/shared/data/retail/refresh/eu'
        ? json({ message: 'EU market data re-polled: 93 realms' })
        : undefined,
    );
    const eu = screen.getByRole('group', { name: 'EU' });
    await ue.click(within(eu).getByRole('button', { name: 'Refresh market data' }));
    expect(await screen.findByText('EU market data re-polled: 93 realms')).toBeInTheDocument();
    expect(server.callsTo('/shared/data/retail/refresh/eu')).toHaveLength(1);
    await waitFor(() => expect(statsCalls(server)).toBe(2));
  });

  it("shows the server's error when a TSM re-fetch fails", async () => {
    const { server, ue } = await openStats((call) =>
      call.path === '/shared/data/tsm/refresh/us'
        ? json({ error: 'Refreshing tsm (NA) failed; the last good copy is kept' }, 502)
        : undefined,
    );
    const na = screen.getByRole('group', { name: 'NA' });
    await ue.click(within(na).getByRole('button', { name: 'Refresh TSM data' }));
    expect(
      await screen.findByText('Refreshing tsm (NA) failed; the last good copy is kept'),
    ).toBeInTheDocument();
    await waitFor(() => expect(statsCalls(server)).toBe(2));
  });

  it('falls back to the SPEC failure text when the server says nothing', async () => {
    const { ue } = await openStats(() => Promise.reject(new TypeError('Failed to fetch')));
    const na = screen.getByRole('group', { name: 'NA' });
    await ue.click(within(na).getByRole('button', { name: 'Refresh market data' }));
    expect(await screen.findByText('Failed to clear cache for market data (NA)')).toBeInTheDocument();
  });
});
