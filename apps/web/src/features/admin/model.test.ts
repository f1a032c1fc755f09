import { AUTH_MESSAGES } from '@goldroute/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { cacheRows } from './cache-rows';
import {
  NoCacheDataError,
  grantErrorMessage,
  serverMessageOf,
  statsErrorMessage,
  usersErrorMessage,
} from './errors';
import { formatAge, formatClock, minutesSince, subscriptionStatLabel } from './format';
import { readStats } from './stats';
import { rowFreshness, sortTimerRows, timerRows } from './timer-rows';

const JOB = {
  name: 'purge',
  lastRunAt: 5,
  durationMs: 40,
  state: 'ok',
  runs: 1,
  failures: 0,
  lastError: null,
  lastErrorAt: null,
  ranBy: 'host:1',
};

const FRESHNESS = {
  region: 'us',
  p50Seconds: 38,
  p95Seconds: 52,
  samples: 10,
  dataAgeSeconds: 240,
  lateRealms: [],
};

describe('readStats', () => {
  it('needs data.cacheData', () => {
    expect(() => readStats({})).toThrow(NoCacheDataError);
    expect(() => readStats({ data: { timerData: {} } })).toThrow('No cache data received');
    expect(() => readStats('ok')).toThrow(NoCacheDataError);
  });

  it('keeps whatever numbers come and leaves the rest out', () => {
    const stats = readStats({
      data: {
        cacheData: { newCache: { global: 3, '2': 'x' }, broken: 5 },
        subscriptionData: { active: { count: 2 }, odd: { total: 1 } },
        audit: [{ at: 1, admin: 'a', action: 'clear', target: 't', ok: true, result: 'r' }, { at: 'x' }],
        jobs: [JOB, { ...JOB, name: 'broken', state: 'stuck' }],
        freshness: [FRESHNESS, { ...FRESHNESS, region: 'mars' }],
      },
      status: 'loading',
    });
    expect(stats).toEqual({
      cacheData: { newCache: { global: 3 } },
      timerData: {},
      subscriptionData: { active: 2 },
      audit: [{ at: 1, admin: 'a', action: 'clear', target: 't', ok: true, result: 'r' }],
      jobs: [JOB],
      freshness: [FRESHNESS],
      status: 'loading',
    });
    expect(readStats({ data: { cacheData: {} } }).audit).toBeNull();
    expect(readStats({ data: { cacheData: {} } }).jobs).toBeNull();
    expect(readStats({ data: { cacheData: {} } }).freshness).toBeNull();
  });
});

describe('error texts', () => {
  const http = (status: number, serverError?: string, statusText = '', body?: unknown) =>
    new ApiError(status, serverError ?? AUTH_MESSAGES.httpError(status, statusText), undefined, serverError, {
      statusText,
      body,
    });

  it('stats: HTTP status and text, no cache data, or the fetch failure', () => {
    expect(statsErrorMessage(http(500, undefined, 'Internal Server Error'))).toBe(
      'HTTP 500: Internal Server Error',
    );
    expect(statsErrorMessage(http(403, 'Admin privileges required'))).toBe(
      'HTTP 403: Admin privileges required',
    );
    expect(statsErrorMessage(http(504))).toBe('HTTP 504: Gateway Timeout');
    expect(statsErrorMessage(http(599))).toBe('HTTP 599: Error');
    expect(statsErrorMessage(new NoCacheDataError())).toBe('No cache data received');
    expect(statsErrorMessage(new ApiError(200, AUTH_MESSAGES.invalidResponse))).toBe(
      'No cache data received',
    );
    expect(statsErrorMessage(new ApiError(0, AUTH_MESSAGES.networkError))).toBe(
      'Failed to fetch cache stats',
    );
    expect(statsErrorMessage(new Error('boom'))).toBe('Failed to fetch cache stats');
  });

  it('users: an HTTP error answer, or anything else', () => {
    expect(usersErrorMessage(http(500))).toBe('Failed to fetch users');
    expect(usersErrorMessage(new ApiError(0, 'offline'))).toBe('Error fetching users');
    expect(usersErrorMessage(new TypeError('x'))).toBe('Error fetching users');
  });

  it('grant: the server message first, then the HTTP failure, then the exception', () => {
    expect(grantErrorMessage(http(400, 'Unknown user', '', { ok: false, message: 'No such user' }))).toBe(
      'Error: No such user',
    );
    expect(grantErrorMessage(http(400, 'Unknown user'))).toBe('Error: Unknown user');
    expect(grantErrorMessage(http(500, undefined, '', { ok: false, message: '  ' }))).toBe(
      'Failed to add subscription time',
    );
    expect(grantErrorMessage(new ApiError(0, 'offline'))).toBe('Error adding subscription time');
    expect(serverMessageOf(new Error('x'))).toBeUndefined();
  });
});

describe('timer rows', () => {
  const NOW = Date.UTC(2030, 0, 1);
  const at = (minutes: number) => NOW / 1000 - minutes * 60;
  const names = { us: new Map([[1, 'Alpha']]), eu: new Map([[2, 'Beta']]) };

  it('names realms per region, 1 as NA and anything else as EU', () => {
    const rows = timerRows({ '1': { '1': at(5), '2': at(5) }, '2': { '2': at(5) }, '7': { '2': 0 } }, names);
    expect(rows.map((row) => [row.regionLabel, row.realmId, row.name])).toEqual([
      ['NA', '1', 'Alpha'],
      ['NA', '2', null],
      ['EU', '2', 'Beta'],
      ['EU', '2', 'Beta'],
    ]);
  });

  it('colours freshness by SPEC §9: under 60 green, up to 90 yellow, above red', () => {
    const colour = (minutes: number) =>
      rowFreshness({ ...timerRows({ '1': { '1': at(minutes) } }, names)[0]!, updatedAt: at(minutes) }, NOW)
        ?.color;
    expect(colour(0)).toBe('green');
    expect(colour(59)).toBe('green');
    expect(colour(60)).toBe('yellow');
    expect(colour(90)).toBe('yellow');
    expect(colour(91)).toBe('red');
    expect(rowFreshness(timerRows({ '1': { '1': 0 } }, names)[0]!, NOW)).toBeNull();
  });

  it('sorts by id numerically and keeps regions together on ties', () => {
    const rows = timerRows({ '1': { '10': at(1), '9': at(1) }, '2': { '2': at(1) } }, names);
    expect(sortTimerRows(rows, { key: 'realmId', direction: 'asc' }).map((row) => row.key)).toEqual([
      '2:2',
      '1:9',
      '1:10',
    ]);
    expect(sortTimerRows(rows, { key: 'updatedAt', direction: 'desc' }).map((row) => row.key)).toEqual([
      '1:9',
      '1:10',
      '2:2',
    ]);
  });
});

describe('cache rows', () => {
  it('has a clear path for the SPEC §7 caches only, by name then global, NA, EU', () => {
    const rows = cacheRows({
      personal: { '2': 1, '1': 2 },
      mediaFetchQueue: { global: 0 },
      unknownCache: { global: 4 },
      craftedItems: { global: 9 },
    });
    expect(rows.map((row) => [row.key, row.regionLabel, row.clearPath])).toEqual([
      ['craftedItems:global', 'global', '/shared/data/craftedItems/refresh'],
      ['mediaFetchQueue:global', 'global', null],
      ['personal:1', 'NA', '/shared/data/clear-cache/personal/us'],
      ['personal:2', 'EU', '/shared/data/clear-cache/personal/eu'],
      ['unknownCache:global', 'global', null],
    ]);
  });
});

describe('formats', () => {
  it('prints ages', () => {
    expect(formatAge(0)).toBe('just now');
    expect(formatAge(12)).toBe('12 min ago');
    expect(formatAge(60)).toBe('1 h ago');
    expect(formatAge(75)).toBe('1 h 15 min ago');
    expect(formatAge(24 * 60 + 120)).toBe('1 d 2 h ago');
    expect(minutesSince(100, 40_000)).toBe(0);
  });

  it('prints a time of today without its date', () => {
    const noon = Date.UTC(2030, 0, 15, 12);
    expect(formatClock(noon / 1000 - 3600, noon)).toMatch(/^\d\d:\d\d [AP]M$/);
    expect(formatClock(noon / 1000 - 3 * 86400, noon)).toMatch(/^Jan 12, \d\d:\d\d [AP]M$/);
  });

  it('names the subscription cards', () => {
    expect(subscriptionStatLabel('no')).toEqual({ label: 'No subscription', color: 'gray' });
    expect(subscriptionStatLabel('in cancelation').label).toBe('In cancelation');
    expect(subscriptionStatLabel('trial')).toEqual({ label: 'Trial', color: 'blue' });
  });
});
