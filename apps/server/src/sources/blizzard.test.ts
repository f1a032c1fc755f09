import { createEconomy, startSimulatorServer, type SimulatorServer } from '@goldroute/simulator';
import { inflateDump } from '@goldroute/market';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBlizzardClient, type BlizzardClient } from './blizzard';
import { UpstreamError } from './http-json';
import { createTsmClient } from './tsm';

let sim: SimulatorServer;
let blizzard: BlizzardClient;
const fastRetry = { attempts: 3, baseDelayMs: 10, timeoutMs: 500 };
/** A client of the loopback Blizzard with Blizzard's own request limits (no gate handed in). */
const clientWith = (clientSecret: string) =>
  createBlizzardClient({
    clientId: 'id',
    clientSecret,
    oauthUrl: `${sim.url}/token`,
    apiUrl: sim.url,
    retry: fastRetry,
  });

beforeAll(async () => {
  sim = await startSimulatorServer({
    economy: createEconomy({ seed: 3, size: 'tiny' }),
    port: 0,
    blizzard: { clientId: 'id', clientSecret: 'secret' },
    tsm: { apiKey: 'tsm-key' },
  });
  blizzard = clientWith('secret');
});
afterAll(() => sim.close());
beforeEach(() => sim.clearFaults());

const firstRealm = async () => (await blizzard.connectedRealmIds('us'))[0] ?? 0;

describe('Blizzard client against the simulator over HTTP', () => {
  it('authenticates with client credentials and lists connected realms with details', async () => {
    const ids = await blizzard.connectedRealmIds('eu');
    expect(ids).toHaveLength(5);
    const details = await blizzard.connectedRealm('eu', ids[0] ?? 0);
    expect(details.id).toBe(ids[0]);
    expect(details.realms.length).toBeGreaterThan(0);
  });

  it('refuses wrong credentials with a clear error', async () => {
    const wrong = clientWith('nope');
    await expect(wrong.connectedRealmIds('us')).rejects.toThrow(/OAuth answered HTTP 401/);
  });

  it('answers not-modified for If-Modified-Since at the dump time, and the dump after the next hour', async () => {
    const id = await firstRealm();
    const first = await blizzard.auctions('us', id);
    expect(first.status).toBe('ok');
    if (first.status !== 'ok') return;
    // As sent: gzip (asked for), inflated by the ingest in the builder thread.
    expect([...first.body.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(JSON.parse(Buffer.from(inflateDump(first.body)).toString('utf8')).auctions.length).toBeGreaterThan(
      0,
    );
    expect(await blizzard.auctions('us', id, first.lastModified)).toEqual({ status: 'not-modified' });
    sim.advanceHour();
    const next = await blizzard.auctions('us', id, first.lastModified);
    expect(next.status).toBe('ok');
  });

  it.each(['429', '500', '503', 'timeout'] as const)('retries after %s and then succeeds', async (kind) => {
    sim.inject({ path: '/data/wow/token/index', kind, times: 1, retryAfterSeconds: 0 });
    const token = await blizzard.tokenPrice('us');
    expect(token.price).toBeGreaterThan(0);
  });

  it.each(['429', '500', 'timeout'] as const)(
    'retries a realm dump (read as sent, without fetch) after %s and then succeeds',
    async (kind) => {
      const id = await firstRealm();
      sim.inject({ path: `/connected-realm/${id}/auctions`, kind, times: 1, retryAfterSeconds: 0 });
      const dump = await blizzard.auctions('us', id);
      expect(dump.status).toBe('ok');
    },
  );

  it('gives up after the last attempt with an UpstreamError', async () => {
    sim.inject({ path: '/data/wow/token/index', kind: '500', times: 5 });
    await expect(blizzard.tokenPrice('us')).rejects.toBeInstanceOf(UpstreamError);
  });

  it('turns malformed JSON into an UpstreamError', async () => {
    sim.inject({ path: '/data/wow/token/index', kind: 'malformed', times: 1 });
    await expect(blizzard.tokenPrice('us')).rejects.toThrow(/malformed JSON/);
  });

  it('gets a new OAuth token when the old one is revoked', async () => {
    sim.revokeTokens();
    expect((await blizzard.tokenPrice('eu')).price).toBeGreaterThan(0);
  });

  it("probes the commodities' time with If-Modified-Since, without reading them", async () => {
    const first = await blizzard.commoditiesModified('us');
    if (first.status !== 'ok') throw new Error('no commodities time');
    expect(await blizzard.commoditiesModified('us', first.lastModified)).toEqual({ status: 'not-modified' });
    sim.advanceHour();
    const next = await blizzard.commoditiesModified('us', first.lastModified);
    expect(next.status === 'ok' && next.lastModified > first.lastModified).toBe(true);
  });

  it('a 429 with Retry-After slows the whole client, not only the refused request', async () => {
    const id = await firstRealm();
    const quick = performance.now();
    await blizzard.tokenPrice('us');
    expect(performance.now() - quick).toBeLessThan(500);

    const from = sim.requests.length;
    sim.inject({ path: `/connected-realm/${id}/auctions`, kind: '429', times: 1, retryAfterSeconds: 1 });
    const start = performance.now();
    const dump = blizzard.auctions('us', id);
    while (!sim.requests.slice(from).some((r) => r.status === 429))
      await new Promise((resolve) => setTimeout(resolve, 5));
    await blizzard.tokenPrice('us');
    expect(performance.now() - start).toBeGreaterThanOrEqual(1000);
    expect((await dump).status).toBe('ok');
  });

  it("holds Blizzard's 100 requests a second when no gate is handed in", async () => {
    const id = await firstRealm();
    const own = clientWith('secret');
    await own.connectedRealm('us', id);
    // 150 more: past the first second's 100 (the gate lets 10 go per 110 ms), so at least 1.4 s.
    const start = performance.now();
    await Promise.all(Array.from({ length: 150 }, () => own.connectedRealm('us', id)));
    expect(performance.now() - start).toBeGreaterThanOrEqual(1_400);
  });
});

describe('TSM client against the simulator over HTTP', () => {
  /** A TSM client of the simulator's token and pricing endpoints, with this key and client id. */
  const tsmClient = (apiKey: string, clientId: string) =>
    createTsmClient({
      apiKey,
      clientId,
      authUrl: `${sim.url}/oauth2/token`,
      pricingUrl: sim.url,
      retry: fastRetry,
    });

  it('reads region pricing for items and pet species', async () => {
    const tsm = tsmClient('tsm-key', 'goldroute');
    const rows = await tsm.regionPricing('us');
    expect(rows.some((r) => r.itemId !== null && r.marketValue > 0)).toBe(true);
    expect(rows.some((r) => r.petSpeciesId !== null)).toBe(true);
    expect(rows.every((r) => r.saleRate >= 0 && r.saleRate <= 1)).toBe(true);
  });

  it('refuses a wrong API key', async () => {
    const tsm = tsmClient('wrong', 'x');
    await expect(tsm.regionPricing('us')).rejects.toThrow(/TSM auth answered HTTP 4\d\d/);
  });
});
