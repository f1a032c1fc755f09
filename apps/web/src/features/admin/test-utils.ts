// Stats, realms, users and a fake admin server for the admin page tests.
import type { RealmsResponse } from '@goldroute/domain/api';
import { fakeApi, json, type ApiCall } from '../../test/fake-api';
import { makeUser } from '../../test/fixtures';

/** The fake "now" of the timer tests: 2030-01-15 12:00 UTC. */
export const NOW_MS = Date.UTC(2030, 0, 15, 12);
export const NOW_S = NOW_MS / 1000;
const minutesAgo = (minutes: number) => NOW_S - minutes * 60;

export const admin = () => makeUser({ role: 'admin', email: 'boss@goldroute.example' });

export const REALMS: Record<'us' | 'eu', RealmsResponse> = {
  us: [
    { id: 3676, label: 'Area 52', population: 'HIGH', russian: false },
    { id: 57, label: 'Illidan', population: 'FULL', russian: false },
  ],
  eu: [{ id: 1305, label: 'Kazzak', population: 'HIGH', russian: false }],
};

export const STATS = {
  data: {
    cacheData: {
      personal: { '1': 12, '2': 7 },
      itemCatalog: { global: 184_320 },
      mediaCache: { global: 2_450_000 },
      blizzardAuctionHouseData: { '1': 84, '2': 93 },
    },
    timerData: {
      '1': { '3676': minutesAgo(12), '57': minutesAgo(75), '9999': minutesAgo(120) },
      '2': { '1305': minutesAgo(30), '1400': 0 },
    },
    subscriptionData: {
      active: { count: 1520 },
      'in cancelation': { count: 42 },
      canceled: { count: 310 },
      expired: { count: 2048 },
      no: { count: 18 },
    },
    audit: [
      {
        at: minutesAgo(5),
        admin: 'boss@goldroute.example',
        action: 'clear',
        target: 'personal (NA)',
        ok: true,
        result: 'Cleared 12 entries',
      },
      {
        at: minutesAgo(90),
        admin: 'ops@goldroute.example',
        action: 'refresh',
        target: 'tsm (EU)',
        ok: false,
        result: 'TSM answered 503',
      },
    ],
    freshness: [
      {
        region: 'us',
        p50Seconds: 38.2,
        p95Seconds: 52,
        samples: 1_284,
        dataAgeSeconds: 4 * 60 + 10,
        lateRealms: [{ id: 57, label: 'Illidan', lastModified: minutesAgo(75) }],
      },
      {
        region: 'eu',
        p50Seconds: null,
        p95Seconds: null,
        samples: 0,
        dataAgeSeconds: null,
        lateRealms: [],
      },
    ],
    jobs: [
      {
        name: 'poll-token-us',
        lastRunAt: minutesAgo(12),
        durationMs: 12_400,
        state: 'failed',
        runs: 40,
        failures: 3,
        lastError: 'Blizzard answered 503',
        lastErrorAt: minutesAgo(12),
        ranBy: 'worker-1:4242',
      },
      {
        name: 'refresh-market-us',
        lastRunAt: minutesAgo(2),
        durationMs: null,
        state: 'running',
        runs: 144,
        failures: 0,
        lastError: null,
        lastErrorAt: null,
        ranBy: 'worker-2:77',
      },
    ],
  },
};

export const TOKEN = { price: 295916, changePercentage: 1.2, historicalData: [] };

/** Answers the header, the realm lists and the stats; `extra` answers anything else first. */
export function adminServer(
  options: {
    stats?: (call: ApiCall, n: number) => Response | Promise<Response>;
    extra?: (call: ApiCall) => Response | Promise<Response> | undefined;
  } = {},
) {
  let statsCalls = 0;
  const stats = options.stats ?? (() => json(STATS));
  return fakeApi(async (call) => {
    if (call.path === '/shared/admin/stats') return stats(call, ++statsCalls);
    const path = call.path.split('?')[0] ?? '';
    if (path.startsWith('/shared/data/token/')) return json(TOKEN);
    if (path === '/shared/data/realms/us') return json(REALMS.us);
    if (path === '/shared/data/realms/eu') return json(REALMS.eu);
    const answer = await options.extra?.(call);
    return answer ?? json({ error: `unexpected ${call.path}` }, 404);
  });
}

/** A JSON answer with a status text, as an HTTP/1.1 server sends it. */
export function jsonWithStatusText(body: unknown, status: number, statusText: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}
