import type { RealmStatsRow } from '@goldroute/domain/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EXPORT_CSV_LABEL } from '../../shared/csv/export-csv-button';
import { catchDownloads, localDate } from '../../test/csv-download';
import { fakeApi, json, type ApiHandler } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';

function row(realmId: number, realmName: string, extra: Partial<RealmStatsRow>): RealmStatsRow {
  return {
    realmId,
    realmName,
    realmPopulation: 'HIGH',
    totalAuctions: 1000,
    avgPriceRatio: 3,
    cheaperThanRegion: 10,
    expensiveThanRegion: 5,
    percentCheaper: 50,
    percentExpensive: 25,
    percentEqual: 25,
    ...extra,
  };
}

const ROWS = [
  row(1, 'Area 52', { percentCheaper: 20, avgPriceRatio: 12.5, realmPopulation: 'FULL' }),
  row(2, 'Азурегос', {
    percentCheaper: 61.25,
    percentExpensive: 30.5,
    percentEqual: 8.25,
    totalAuctions: 1_234_567,
    avgPriceRatio: 7.123456789,
    cheaperThanRegion: 4321,
    expensiveThanRegion: 2150,
    realmPopulation: 'MEDIUM',
  }),
  row(3, 'Illidan, Old Realm', { percentCheaper: 40, realmPopulation: 'LOW' }),
];

function handler(realmStats: RealmStatsRow[]): ApiHandler {
  const stats = {
    data: {
      overallStats: {
        totalRealms: realmStats.length,
        totalAuctions: 5,
        avgPriceRatio: 5,
        percentCheaper: 40,
      },
      realmStats,
    },
  };
  return (call) => {
    if (call.path.startsWith('/shared/data/token/'))
      return json({ price: 1, changePercentage: 0, historicalData: [] });
    if (call.path === '/retail/market/realm-stats/us') return json(stats);
    return json({ error: 'unexpected' }, 500);
  };
}

async function openStats(realmStats: RealmStatsRow[]) {
  renderRoute('/retail-cross-realm-stats/us', {
    user: makeUser(),
    fetch: fakeApi(handler(realmStats)).fetch,
  });
  await screen.findByRole('heading', { level: 1, name: 'Realm statistics' });
}

const exportButton = () => screen.getByRole('button', { name: EXPORT_CSV_LABEL });

describe('Export CSV of the realm statistics', () => {
  it("writes the table's columns and its rows in the sort shown, figures as plain numbers", async () => {
    const user = userEvent.setup();
    const downloads = catchDownloads();
    await openStats(ROWS);
    const table = await screen.findByRole('table');
    await user.click(exportButton());

    const file = await downloads.next();
    expect(file.fileName).toBe(`goldroute-realm-stats-us-${localDate()}.csv`);
    const onScreen = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(file.lines[0]).toEqual(onScreen);
    expect(file.lines[0]).toEqual([
      'Realm Name',
      'Population',
      'Auctions',
      'Price Ratio',
      'Cheaper',
      'Expensive',
      '% Cheaper',
      '% Expensive',
      '% Equal',
    ]);
    // Sorted by % Cheaper, largest first, as the table opens; "1.2M" on screen is 1234567 here.
    expect(file.lines.slice(1)).toEqual([
      ['Азурегос', 'Medium', '1234567', '7.123457', '4321', '2150', '61.25', '30.5', '8.25'],
      ['Illidan, Old Realm', 'Low', '1000', '3', '10', '5', '40', '25', '25'],
      ['Area 52', 'Full', '1000', '12.5', '10', '5', '20', '25', '25'],
    ]);
    expect(file.text).toContain('\r\n"Illidan, Old Realm",Low,');

    await user.click(screen.getByRole('button', { name: /Realm Name/ }));
    await user.click(exportButton());
    const byName = (await downloads.next()).lines.slice(1).map((line) => line[0]);
    expect(byName).toEqual(['Area 52', 'Illidan, Old Realm', 'Азурегос']);
  });

  it('is disabled when there is no realm data', async () => {
    await openStats([]);
    expect(await screen.findByText('No realm data available')).toBeInTheDocument();
    expect(exportButton()).toBeDisabled();
  });
});
