import type { RealmStatsRow } from '@goldroute/domain/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, type ApiHandler } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { nextSort, sortRows, DEFAULT_SORT } from './api';

function row(realmId: number, realmName: string, percentCheaper: number, extra: Partial<RealmStatsRow> = {}) {
  return {
    realmId,
    realmName,
    realmPopulation: 'HIGH',
    totalAuctions: 1000 * realmId,
    avgPriceRatio: 3,
    cheaperThanRegion: 10,
    expensiveThanRegion: 5,
    percentCheaper,
    percentExpensive: 100 - percentCheaper,
    percentEqual: 0,
    ...extra,
  };
}

const ROWS = [
  row(1, 'Area 52', 20, { avgPriceRatio: 12.5, realmPopulation: 'FULL' }),
  row(2, 'Stormrage', 60, { avgPriceRatio: 7 }),
  row(3, 'Illidan', 40, { avgPriceRatio: 2.25, realmPopulation: 'LOW' }),
];
const STATS = {
  data: {
    overallStats: { totalRealms: 3, totalAuctions: 1_234_567, avgPriceRatio: 7.3333, percentCheaper: 40 },
    realmStats: ROWS,
  },
};

const TOKEN = { price: 295916, changePercentage: 1.2, historicalData: [] };

function handler(stats: unknown, status = 200): ApiHandler {
  return (call) => {
    if (call.path.startsWith('/shared/data/token/')) return json(TOKEN);
    if (call.path === '/retail/market/realm-stats/us') return json(stats, status);
    return json({ error: 'unexpected' }, 500);
  };
}

const realmNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

async function openStats(h: ApiHandler) {
  const fake = fakeApi(h);
  const view = renderRoute('/retail-cross-realm-stats/us', { user: makeUser(), fetch: fake.fetch });
  await screen.findByRole('heading', { level: 1, name: 'Realm statistics' });
  return { ...view, fake, ue: userEvent.setup() };
}

describe('realm statistics', () => {
  it('shows the four overall cards and sorts by % Cheaper descending first', async () => {
    const { fake } = await openStats(handler(STATS));
    await screen.findByRole('table');
    expect(fake.callsTo('/retail/market/realm-stats/us')[0]).toMatchObject({
      method: 'POST',
      body: { userId: 'user-1' },
    });
    const overall = within(screen.getByRole('region', { name: 'Overall Statistics' }));
    expect(overall.getByText('Total Realms').nextSibling).toHaveTextContent('3');
    expect(overall.getByText('Total Auctions').nextSibling).toHaveTextContent('1.2M');
    expect(overall.getByText('Avg Price Ratio').nextSibling).toHaveTextContent('7.333');
    expect(overall.getByText('Cheaper Than Region').nextSibling).toHaveTextContent('40.0%');

    expect(realmNames()).toEqual(['Stormrage', 'Illidan', 'Area 52']);
    expect(screen.getByRole('columnheader', { name: /% Cheaper/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(within(screen.getByRole('table')).getByText('Full')).toHaveAttribute('data-color', 'red');
    expect(within(screen.getByRole('table')).getByText('12.500')).toBeInTheDocument();
  });

  it('sorts by a clicked header and reverses on a second click', async () => {
    const { ue } = await openStats(handler(STATS));
    await screen.findByRole('table');
    await ue.click(screen.getByRole('button', { name: /% Cheaper/ }));
    expect(realmNames()).toEqual(['Area 52', 'Illidan', 'Stormrage']);

    await ue.click(screen.getByRole('button', { name: /Price Ratio/ }));
    expect(realmNames()).toEqual(['Area 52', 'Stormrage', 'Illidan']);
    await ue.click(screen.getByRole('button', { name: /Price Ratio/ }));
    expect(realmNames()).toEqual(['Illidan', 'Stormrage', 'Area 52']);
    expect(screen.getByRole('columnheader', { name: /Price Ratio/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await ue.click(screen.getByRole('button', { name: /Realm Name/ }));
    expect(realmNames()).toEqual(['Area 52', 'Illidan', 'Stormrage']);
  });

  it('explains the trend icons in a legend', async () => {
    await openStats(handler(STATS));
    const legend = within(await screen.findByRole('list', { name: 'Price ratio legend' }));
    expect(legend.getByText('Below 5').parentElement).toHaveTextContent('rather cheap');
    expect(legend.getByText('5 – 10').parentElement).toHaveTextContent('around normal');
    expect(legend.getByText('Above 10').parentElement).toHaveTextContent('significantly expensive');
    const table = within(screen.getByRole('table'));
    expect(table.getByText(/\(significantly expensive\)/)).toBeInTheDocument();
    expect(table.getByText(/\(rather cheap\)/)).toBeInTheDocument();
  });

  it('shows "No realm data available" for an empty list', async () => {
    await openStats(
      handler({ data: { overallStats: { ...STATS.data.overallStats, totalRealms: 0 }, realmStats: [] } }),
    );
    expect(await screen.findByText('No realm data available')).toBeInTheDocument();
  });

  it('shows a server error as a toast with the error screen', async () => {
    await openStats(handler({ error: 'No realms selected' }, 400));
    expect(await screen.findByText('No realms selected')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('realm stats sorting rules', () => {
  it('starts new numeric columns descending, text ascending, and reverses the same column', () => {
    expect(nextSort(DEFAULT_SORT, 'percentCheaper')).toEqual({ key: 'percentCheaper', direction: 'asc' });
    expect(nextSort(DEFAULT_SORT, 'totalAuctions')).toEqual({ key: 'totalAuctions', direction: 'desc' });
    expect(nextSort(DEFAULT_SORT, 'realmName')).toEqual({ key: 'realmName', direction: 'asc' });
  });

  it('orders population by size', () => {
    const sorted = sortRows(ROWS, { key: 'realmPopulation', direction: 'asc' });
    expect(sorted.map((r) => r.realmPopulation)).toEqual(['LOW', 'HIGH', 'FULL']);
  });
});
