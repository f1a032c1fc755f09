import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { NOW_MS, STATS, admin, adminServer } from './test-utils';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW_MS);
});
afterEach(() => {
  vi.useRealTimers();
});

const openStats = (server = adminServer()) =>
  renderRoute('/admin/stats', { user: admin(), fetch: server.fetch });

const rowOf = (table: HTMLElement, selector: string) => {
  const row = table.querySelector(selector);
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${selector}`);
  return row;
};

describe('/admin/stats data freshness', () => {
  it('shows each region: data age, p50 / p95, samples and late realms with their age', async () => {
    openStats();
    const table = await screen.findByRole('table', { name: 'Data freshness (last 24 hours)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Region', 'Data age', 'Fresh within (p50 / p95)', 'Samples', 'Late realms']);
    const us = rowOf(table, '[data-region="us"]');
    expect(within(us).getByRole('rowheader')).toHaveTextContent('US');
    expect(us).toHaveTextContent('4 min');
    expect(us).toHaveTextContent('38 s / 52 s');
    expect(us).toHaveTextContent('1,284');
    expect(us).toHaveTextContent('Illidan 1 h 15 min');
    const eu = rowOf(table, '[data-region="eu"]');
    expect(eu).toHaveTextContent('No data yet');
    expect(eu).toHaveTextContent('Not measured yet');
    expect(eu).toHaveTextContent('All realms updated with the last batch');
  });

  it('marks the late realms in the timer table', async () => {
    openStats();
    const timers = await screen.findByRole('table', { name: 'Realm update times' });
    await within(timers).findByText('Illidan');
    expect(within(rowOf(timers, '[data-realm="1:57"]')).getByText('Late')).toHaveAttribute(
      'data-color',
      'red',
    );
    expect(within(rowOf(timers, '[data-realm="1:3676"]')).queryByText('Late')).toBeNull();
  });

  it('has no panel when the server does not measure freshness', async () => {
    const { freshness: _omitted, ...data } = STATS.data;
    openStats(adminServer({ stats: () => json({ data }) }));
    await screen.findByRole('table', { name: 'Realm update times' });
    expect(screen.queryByRole('table', { name: 'Data freshness (last 24 hours)' })).toBeNull();
    expect(screen.queryByText('Late')).toBeNull();
  });
});
