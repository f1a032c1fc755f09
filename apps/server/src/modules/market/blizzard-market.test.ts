import type {
  AdminReadinessResponse,
  AhDataResponse,
  MarketSourceResponse,
  RealmsResponse,
} from '@goldroute/domain/api';
import { createEconomy, startSimulatorServer, type SimulatorServer } from '@goldroute/simulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startHarness, type Harness } from '../../test-support/accounts';
import { loopbackGate } from '../../test-support/loopback-gate';
import { grantSubscription } from '../../test-support/market';
import { openTestDatabase } from '../../test-support/test-database';
import { sourceFromSimulator } from './embedded-source';

// MARKET_SOURCE=blizzard end to end: the app reads a tiny simulator through the real Blizzard, TSM,
// raidbots and list clients, builds its item catalog over HTTP, and must answer what the embedded
// source (static data straight from the economy) answers for the same seed and hour.

const HOUR_MS = 3_600_000;
const economy = createEconomy({
  seed: 7,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS,
});
let sim: SimulatorServer;
let embedded: Harness;
let app: Harness;
let db: Awaited<ReturnType<typeof openTestDatabase>>;
let realmIds: number[];
let reference: Awaited<ReturnType<typeof deals>>['items'];
let gone = 0;
let flaky = 0;

const blizzardEnv = (url: string): Record<string, string> => ({
  MARKET_SOURCE: 'blizzard',
  BLIZZARD_CLIENT_ID: 'goldroute-test',
  BLIZZARD_CLIENT_SECRET: 'secret',
  BLIZZARD_OAUTH_URL: `${url}/token`,
  BLIZZARD_API_URL: url,
  TSM_API_KEY: 'tsm-key',
  TSM_CLIENT_ID: 'goldroute-test',
  TSM_AUTH_URL: `${url}/oauth2/token`,
  TSM_PRICING_URL: url,
  BONUS_DATA_URL: `${url}/raidbots`,
  ITEM_EXPANSIONS_URL: `${url}/lists/patch-numbers.json`,
  CRAFTED_ITEMS_URL: `${url}/lists/crafted-items.json`,
  FAKE_ITEMS_URL: `${url}/lists/fake-items.json`,
});

async function startBlizzardApp(): Promise<Harness> {
  const h = await startHarness(blizzardEnv(sim.url), { database: db.database, blizzardGate: loopbackGate() });
  await h.app.market.refreshNow();
  return h;
}

/**
 * Deals over every US realm for a fresh subscriber of this app, less their evidence: a restarted
 * app has stored evidence but has not followed auctions yet, so ages and hours legitimately differ.
 */
async function deals(h: Harness, email: string) {
  const session = await h.signUp(email);
  await grantSubscription(h.app.database.db, session.user.id);
  const res = await h.api.post<AhDataResponse>(
    '/retail/market/ah-data-undercut/us',
    { retailBuyingRealms: realmIds, retailSellingRealms: realmIds },
    { token: session.accessToken },
  );
  expect(res.status).toBe(200);
  const items = res.body.data.items.map(
    ({ realisticProfit: _p, saleChance: _s, confidence: _c, flags: _f, evidence: _e, ...market }) => market,
  );
  return { ...res.body.data, items };
}

/** The embedded source's deals less the given items and the fake-items list (which the embedded one has not). */
const isFake = (id: number) => id % 101 === 0;
const without = (ids: number[]) =>
  reference.filter((row) => !ids.includes(row.id as number) && !isFake(row.id as number));
const itemRequests = () => sim.requests.filter((r) => /^\/data\/wow\/(item|media|pet)\//.test(r.path)).length;
const askedFor = (id: number) => sim.requests.filter((r) => r.path === `/data/wow/item/${id}`).length;

beforeAll(async () => {
  sim = await startSimulatorServer({ economy, port: 0, host: '127.0.0.1', hour: 1 });
  // The embedded source reads the same economy at the same hour from its own simulator.
  const twin = await startSimulatorServer({ economy, port: 0, host: '127.0.0.1', hour: 1 });
  embedded = await startHarness({}, { marketSource: sourceFromSimulator(economy, twin) });
  await embedded.app.market.refreshNow();
  realmIds = (await embedded.api.get<RealmsResponse>('/shared/data/realms/us')).body.map((r) => r.id);
  reference = (await deals(embedded, 'reference@example.com')).items;
  // Two items with deals: the item API will not know one (404) and keeps failing for the other (5xx).
  const dealIds = [...new Set(reference.map((r) => r.id).filter((id) => typeof id === 'number'))];
  [gone = 0, flaky = 0] = dealIds;
  sim.inject({ path: `/data/wow/item/${gone}`, kind: '404', times: Infinity });
  sim.inject({ path: `/data/wow/item/${flaky}`, kind: '500', times: Infinity });
  db = await openTestDatabase();
  app = await startBlizzardApp();
});
afterAll(async () => {
  await app.close();
  await embedded.close();
  await db.close();
  await sim.close();
});

describe('MARKET_SOURCE=blizzard', () => {
  it('answers the deals of the embedded source, less the items the item API refused', async () => {
    expect(gone).toBeGreaterThan(0);
    expect(flaky).toBeGreaterThan(0);
    const answer = await deals(app, 'flipper@example.com');
    expect(answer.items).toEqual(without([gone, flaky]));
    expect(answer.items.length).toBeGreaterThan(10);
    const snapshot = app.app.market.store.current('us')?.snapshot;
    expect(snapshot?.unknownItemIds).toEqual([gone, flaky].sort((x, y) => x - y));
    expect(snapshot?.unknownPetSpecies).toEqual([]);
  });

  it('remembers the 404, and fetches the failed item at the next refresh', async () => {
    const asked = askedFor(gone);
    const version = app.app.market.store.current('us')?.version ?? 0;
    sim.clearFaults();
    sim.inject({ path: `/data/wow/item/${gone}`, kind: '404', times: Infinity });
    await app.app.market.refreshNow();
    // The dumps did not change (304s), but what the catalog learnt is published.
    expect(app.app.market.store.current('us')?.version).toBeGreaterThan(version);
    expect((await deals(app, 'recovered@example.com')).items).toEqual(without([gone]));
    expect(askedFor(gone)).toBe(asked);
    expect(app.app.market.store.current('us')?.snapshot.unknownItemIds).toEqual([gone]);
  });

  it('tells the web its data is real, where the embedded source says it is simulated', async () => {
    const answer = (h: Harness) => h.api.get<MarketSourceResponse>('/shared/data/market-source');
    expect(await answer(app)).toMatchObject({ status: 200, body: { simulated: false } });
    expect(await answer(embedded)).toMatchObject({ status: 200, body: { simulated: true } });
  });

  it('lists its item data caches for the admin page', () => {
    const stats = app.app.market.caches.stats();
    const known = economy.items.filter((i) => i.id !== gone).length;
    expect(stats.itemCatalog?.['1']).toBeLessThanOrEqual(known);
    expect(stats.itemCatalog?.['1']).toBeGreaterThan(known / 2);
    expect(stats.petNames?.['2']).toBeGreaterThan(0);
    expect(stats.raidbotsBonus).toEqual({ global: Object.keys(economy.bonusData.bonuses).length });
    expect(stats.raidbotsCurve).toEqual({ global: Object.keys(economy.bonusData.curves).length });
    expect(stats.patchNumbers).toEqual({ global: economy.items.length + economy.pets.length });
    expect(stats.craftedItems).toEqual({ global: economy.items.filter((i) => i.crafted).length });
    expect(stats.fakeItems).toEqual({ global: economy.items.filter((i) => i.id % 101 === 0).length });
  });

  it('never builds an item of the fake-items list into a deal, though the dumps list it', () => {
    const fake = new Set(economy.items.filter((i) => isFake(i.id)).map((i) => i.id));
    const snapshot = app.app.market.store.current('us')?.snapshot;
    const realm = snapshot?.realms[0]?.id ?? 0;
    const listed = economy.auctions('us', realm, sim.hour).auctions.some((a) => fake.has(a.item.id));
    expect(listed).toBe(true);
    expect(snapshot?.variants.some((v) => fake.has(v.itemId))).toBe(false);
    expect(snapshot?.unknownItemIds.some((id) => fake.has(id))).toBe(false);
  });

  it('a second start reads the catalog and bonus data from the database and asks the item API nothing', async () => {
    await app.close();
    const raidbots = () => sim.requests.filter((r) => r.path.startsWith('/raidbots/')).length;
    const before = { items: itemRequests(), raidbots: raidbots() };
    app = await startBlizzardApp();
    expect(itemRequests()).toBe(before.items);
    expect(raidbots()).toBe(before.raidbots);
    expect((await deals(app, 'restart@example.com')).items).toEqual(without([gone]));
  });

  it('a malformed bonuses.json keeps the last good bonus data', async () => {
    const version = app.app.market.store.current('us')?.version ?? 0;
    const admin = await app.signUp('bonus-admin@example.com');
    await app.app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const refresh = () => app.api.get('/shared/data/raidbots/bonus/refresh', { token: admin.accessToken });
    sim.inject({ path: '/raidbots/bonuses.json', kind: 'malformed', times: Infinity });
    expect(await refresh()).toMatchObject({
      status: 502,
      body: { error: 'Refreshing raidbotsBonus (global) failed; the last good copy is kept' },
    });
    expect(app.app.market.caches.stats().raidbotsBonus).toEqual({
      global: Object.keys(economy.bonusData.bonuses).length,
    });
    await app.app.market.refreshNow();
    expect(app.app.market.store.current('us')?.version).toBe(version);
    expect((await deals(app, 'bonus@example.com')).items).toEqual(without([gone]));

    // A good refresh replaces it: every variant is resolved afresh and republished, with the same answer.
    sim.clearFaults();
    expect(await refresh()).toMatchObject({
      status: 200,
      body: { message: /^raidbotsBonus fetched again: \d+ entries$/ },
    });
    await app.app.market.refreshNow();
    expect(app.app.market.store.current('us')?.version).toBeGreaterThan(version);
    expect((await deals(app, 'bonus2@example.com')).items).toEqual(without([gone]));
  });

  it('the daily list job fetches the three bonus data files and every list again; one that fails is named and keeps its copy', async () => {
    const fetched = (prefix: string) => sim.requests.filter((r) => r.path.startsWith(prefix)).length;
    const before = { raidbots: fetched('/raidbots/'), lists: fetched('/lists/') };
    await app.app.market.runJob('refresh-lists');
    expect(fetched('/raidbots/')).toBe(before.raidbots + 3);
    expect(fetched('/lists/')).toBe(before.lists + 3);
    const admin = await app.signUp('lists-admin@example.com');
    await app.app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const record = async () =>
      (
        await app.api.get<AdminReadinessResponse>('/shared/admin/readiness', { token: admin.accessToken })
      ).body.jobs.find((j) => j.name === 'refresh-lists');
    expect(await record()).toMatchObject({ state: 'ok', runs: 1, failures: 0 });

    const crafted = app.app.market.caches.stats().craftedItems;
    sim.inject({ path: '/lists/crafted-items.json', kind: '500', times: Infinity });
    await app.app.market.runJob('refresh-lists');
    sim.clearFaults();
    expect(await record()).toMatchObject({
      state: 'failed',
      lastError: expect.stringMatching(/^kept the last good copy of crafted-items: /) as unknown,
    });
    expect(app.app.market.caches.stats().craftedItems).toEqual(crafted);
  });
});
