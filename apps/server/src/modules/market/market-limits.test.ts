import type { RealmsResponse } from '@goldroute/domain/api';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketHarness } from '../../test-support/market';
import { MARKET_CALLS_PER_MINUTE } from './market.routes';

// A subscriber cannot keep the engine busy or push other users' answers out of the cache, and a client
// that does not accept gzip is served as a stream.

let h: Awaited<ReturnType<typeof startMarketHarness>>;
let ids: number[];
beforeAll(async () => {
  h = await startMarketHarness({ RATE_LIMIT_ENABLED: 'true' });
  ids = (await h.api.get<RealmsResponse>('/shared/data/realms/us')).body.map((r) => r.id);
});
afterAll(() => h.close());

const undercut = (token: string, buying: number[], selling: number[]) =>
  h.api.post(
    '/retail/market/ah-data-undercut/us',
    { retailBuyingRealms: buying, retailSellingRealms: selling },
    { token },
  );

/** Distinct realm selections of the four realms: each one is a new search. */
function selections(n: number): [number[], number[]][] {
  const out: [number[], number[]][] = [];
  const subsets = Array.from({ length: 15 }, (_, mask) => ids.filter((_, i) => (mask + 1) & (1 << i)));
  for (const buying of subsets)
    for (const selling of subsets) if (out.length < n) out.push([buying, selling]);
  return out;
}

describe('per-user limits on the data calls', () => {
  it('never refuses a heavy honest user: a new realm selection every 6 s for 10 minutes', async () => {
    const s = await h.subscriber('cycler@example.com');
    const all = selections(100);
    const statuses: number[] = [];
    for (const [buying, selling] of all)
      statuses.push((await undercut(s.accessToken, buying, selling)).status);
    expect(statuses.filter((x) => x !== 200)).toEqual([]);
    // Answers already computed are served again whatever the count: the budget counts work, not requests.
    const [firstBuying = [], firstSelling = []] = all[0] ?? [];
    expect((await undercut(s.accessToken, firstBuying, firstSelling)).status).toBe(200);
  });

  it(`answers at most ${MARKET_CALLS_PER_MINUTE} calls a minute per user`, async () => {
    const s = await h.subscriber('poller@example.com');
    const statuses: number[] = [];
    for (let i = 0; i <= MARKET_CALLS_PER_MINUTE; i++)
      statuses.push((await h.api.post('/retail/market/realm-stats/us', {}, { token: s.accessToken })).status);
    expect(statuses.slice(0, MARKET_CALLS_PER_MINUTE).every((x) => x === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('a client that does not accept gzip', () => {
  it('gets the same JSON, streamed (chunked) rather than unzipped whole on the event loop', async () => {
    const s = await h.subscriber('identity@example.com');
    const body = JSON.stringify({ retailBuyingRealms: ids, retailSellingRealms: ids });
    const gzipped = await undercut(s.accessToken, ids, ids);
    const plain = await new Promise<{ headers: Record<string, unknown>; text: string }>((resolve, reject) => {
      const url = new URL(`${h.app.baseUrl}/retail/market/ah-data-undercut/us`);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${s.accessToken}`,
            'content-type': 'application/json',
            'accept-encoding': 'identity',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ headers: res.headers, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(plain.text)).toEqual(gzipped.body);
  });
});
