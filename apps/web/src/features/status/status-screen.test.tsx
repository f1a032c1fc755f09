import type { StatusResponse } from '@goldroute/domain/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../test/fake-api';
import { renderRoute } from '../../test/render-route';
import { STATUS_PATH } from './api';

const CHECKED_AT = Date.UTC(2030, 0, 15, 12) / 1000;

const STATUS: StatusResponse = {
  checkedAt: CHECKED_AT,
  regions: [
    {
      region: 'us',
      p50Seconds: 38.4,
      p95Seconds: 52,
      samples: 1_284,
      dataAgeSeconds: 4 * 60 + 12,
      lateRealms: [
        { id: 3676, label: 'Area 52', lastModified: CHECKED_AT - 25 * 60 },
        { id: 57, label: 'Illidan', lastModified: CHECKED_AT - (60 + 5) * 60 },
      ],
    },
    {
      region: 'eu',
      p50Seconds: 41,
      p95Seconds: 2 * 60 + 5,
      samples: 960,
      dataAgeSeconds: 30,
      lateRealms: [],
    },
  ],
};

function openStatus(answer: () => Response = () => json(STATUS)) {
  const server = fakeApi((call) =>
    call.path === STATUS_PATH ? answer() : json({ error: `unexpected ${call.path}` }, 404),
  );
  renderRoute('/status', { fetch: server.fetch });
  return server;
}

const card = async (name: string) => screen.findByRole('region', { name });
/** The value under a figure's label in a card. */
const figure = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/status', () => {
  it('shows each region to a visitor: data age, p50 / p95 of the last 24 hours, samples', async () => {
    const server = openStatus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Data status' })).toBeInTheDocument();
    const us = await card('US region');
    expect(figure(us, 'Data age')).toBe('4 min');
    expect(figure(us, 'Fresh within (p50 / p95, last 24 hours)')).toBe('38 s / 52 s');
    expect(figure(us, 'Samples')).toBe('1,284');
    const eu = await card('EU region');
    expect(figure(eu, 'Data age')).toBe('under 1 min');
    expect(figure(eu, 'Fresh within (p50 / p95, last 24 hours)')).toBe('41 s / 2 min 5 s');
    expect(server.calls.every((call) => call.authorization === null)).toBe(true);
  });

  it('lists the late realms with their age, or says every realm is up to date', async () => {
    openStatus();
    const us = await card('US region');
    const late = within(us)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(late).toEqual(['Area 5225 min', 'Illidan1 h 5 min']);
    expect(within(us).getByText('2 late')).toHaveAttribute('data-color', 'yellow');
    const eu = await card('EU region');
    expect(within(eu).getByText('All realms updated with the last batch')).toBeInTheDocument();
    expect(within(eu).getByText('Up to date')).toHaveAttribute('data-color', 'green');
  });

  it('says so before the first snapshot and before any measurement', async () => {
    openStatus(() =>
      json({
        ...STATUS,
        regions: [
          { ...STATUS.regions[0], p50Seconds: null, p95Seconds: null, samples: 0, lateRealms: [] },
          { ...STATUS.regions[1], dataAgeSeconds: null },
        ],
      }),
    );
    const us = await card('US region');
    expect(figure(us, 'Fresh within (p50 / p95, last 24 hours)')).toBe('Not measured yet');
    expect(figure(us, 'Samples')).toBe('0');
    expect(figure(await card('EU region'), 'Data age')).toBe('No data yet');
  });

  it('says when the status cannot be read', async () => {
    openStatus(() => json({ error: 'down' }, 503));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The data status could not be loaded. Please try again in a minute.',
    );
  });
});
