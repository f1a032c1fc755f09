import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEconomy } from './economy';
import type { PublicationBatch } from './publication';
import type { SimulatorServer } from './server-api';
import { startSimulatorServer } from './server';
import type { TsmRegionRow } from './wire';

const economy = createEconomy({ seed: 5, size: 'tiny' });
let now = economy.hourTime(100);
let server: SimulatorServer;
let blizzardToken = '';
let tsmToken = '';

beforeAll(async () => {
  server = await startSimulatorServer({ economy, port: 0, clock: () => now });
  const basic = Buffer.from('id:secret').toString('base64');
  const blizzard = await fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  blizzardToken = ((await blizzard.json()) as { access_token: string }).access_token;
  const tsm = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'api_token', token: 'key' }),
  });
  tsmToken = ((await tsm.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}, token = blizzardToken) =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
const auctionsPath = (id: number) => `/data/wow/connected-realm/${id}/auctions?namespace=dynamic-us`;
const stamp = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toUTCString();

/** The first US batch from hour 100 on in which no realm is left behind, nor in the hour before. */
function plainBatch(): PublicationBatch {
  const batches = economy.schedule.batches('us', economy.hourTime(100), economy.hourTime(200));
  return batches.find(
    (b, i) => i > 0 && b.leftBehind.length === 0 && batches[i - 1]?.leftBehind.length === 0,
  ) as PublicationBatch;
}

describe('scheduled mode (a clock)', () => {
  it("answers a realm's old dump just before its publish time and the new one just after, 304 when not newer", async () => {
    const batch = plainBatch();
    const realm = batch.realms[1] as { id: number; publishedAt: number };
    const previous = economy.lastModified('us', realm.id, batch.hour - 1);

    now = realm.publishedAt - 1;
    const before = await get(auctionsPath(realm.id));
    expect(before.headers.get('last-modified')).toBe(stamp(previous));
    expect(await before.text()).toBe(economy.auctionsJson('us', realm.id, batch.hour - 1, server.url));
    expect((await get(auctionsPath(realm.id), { 'if-modified-since': stamp(previous) })).status).toBe(304);
    // The realm published first in the batch already shows the new hour.
    const first = batch.realms[0] as { id: number; publishedAt: number };
    expect((await get(auctionsPath(first.id))).headers.get('last-modified')).toBe(stamp(first.publishedAt));

    now = realm.publishedAt;
    const after = await get(auctionsPath(realm.id), { 'if-modified-since': stamp(previous) });
    expect(after.status).toBe(200);
    expect(after.headers.get('last-modified')).toBe(stamp(realm.publishedAt));
    expect(await after.text()).toBe(economy.auctionsJson('us', realm.id, batch.hour, server.url));
    expect(
      (await get(auctionsPath(realm.id), { 'if-modified-since': stamp(realm.publishedAt) })).status,
    ).toBe(304);
  });

  it('lands US commodities 1-2 minutes after the batch starts, TSM rows with the batch', async () => {
    const batch = plainBatch();
    const commodities = '/data/wow/auctions/commodities?namespace=dynamic-us';
    now = batch.commoditiesAt - 1;
    expect((await get(commodities)).headers.get('last-modified')).toBe(
      stamp(economy.schedule.commoditiesAt('us', batch.hour - 1)),
    );
    now = batch.commoditiesAt;
    expect((await get(commodities)).headers.get('last-modified')).toBe(stamp(batch.commoditiesAt));
    expect((await get(commodities, { 'if-modified-since': stamp(batch.commoditiesAt) })).status).toBe(304);

    const tsmRows = async () => ((await (await get('/region/1', {}, tsmToken)).json()) as TsmRegionRow[])[0];
    now = batch.startedAt - 1;
    expect(await tsmRows()).toEqual(economy.tsmRegion('us', batch.hour - 1)[0]);
    now = batch.startedAt;
    expect(await tsmRows()).toEqual(economy.tsmRegion('us', batch.hour)[0]);
    expect(server.now()).toBe(batch.startedAt);
  });

  it('keeps a left-behind realm on its old dump while the rest of the region moves on', async () => {
    const batches = economy.schedule.batches('us', economy.hourTime(0), economy.hourTime(24 * 30));
    const behind = batches.find((b) => b.leftBehind.length > 0) as PublicationBatch;
    const stuck = behind.leftBehind[0] as number;
    const moving = behind.realms[0] as { id: number; publishedAt: number };
    now = behind.lastPublishedAt + 1000;
    expect((await get(auctionsPath(moving.id))).headers.get('last-modified')).toBe(stamp(moving.publishedAt));
    const old = economy.schedule.visibleDump('us', stuck, now);
    expect(old.hour).toBeLessThan(behind.hour);
    expect((await get(auctionsPath(stuck))).headers.get('last-modified')).toBe(stamp(old.publishedAt));
    expect(server.hour).toBe(behind.hour);
    // Asked about that moment later (the evidence replay), the server tells the same dump.
    expect(server.shownAt('us', stuck, behind.lastPublishedAt + 1000)).toEqual(old);

    // The manual mode leaves no realm behind: at that moment it showed the batch's hour.
    const manual = await startSimulatorServer({ economy, port: 0 });
    try {
      expect(manual.shownAt('us', stuck, behind.lastPublishedAt + 1000)).toEqual({
        hour: behind.hour,
        publishedAt: economy.lastModified('us', stuck, behind.hour),
      });
    } finally {
      await manual.close();
    }
  });

  it('leaves the hour to the clock: setHour and advanceHour refuse', () => {
    expect(() => server.advanceHour()).toThrow(/follows its clock/);
    expect(() => server.setHour(3)).toThrow(/follows its clock/);
    expect(server.schedule).toBe(economy.schedule);
  });
});
