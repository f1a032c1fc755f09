import { flippingSearch, type ItemInfo, type MarketSnapshot, type SnapshotSources } from '@goldroute/market';
import { createEconomy, startSimulatorServer } from '@goldroute/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlizzardClient } from '../../sources/blizzard';
import { createTsmClient } from '../../sources/tsm';
import { createMarketStore } from './market-store';
import { createRegionIngestor } from './region-ingestor';

const HOUR_MS = 3_600_000;
const economy = createEconomy({
  seed: 11,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS,
});
let sim: Awaited<ReturnType<typeof startSimulatorServer>>;
const store = createMarketStore();
let ingestor: ReturnType<typeof createRegionIngestor>;
let ingestorOf: (
  target: ReturnType<typeof createMarketStore>,
  builderThread: boolean,
) => ReturnType<typeof createRegionIngestor>;
const usData = economy.staticData('us');
let sources: SnapshotSources = { items: usData.items, pets: usData.pets, bonusData: economy.bonusData };

beforeAll(async () => {
  sim = await startSimulatorServer({ economy, port: 0, hour: 1 });
  const retry = { attempts: 2, baseDelayMs: 5, timeoutMs: 500 };
  ingestorOf = (target, builderThread) =>
    createRegionIngestor({
      region: 'us',
      blizzard: createBlizzardClient({
        clientId: 'a',
        clientSecret: 'b',
        oauthUrl: `${sim.url}/token`,
        apiUrl: sim.url,
        retry,
      }),
      tsm: createTsmClient({
        apiKey: 'k',
        clientId: 'c',
        authUrl: `${sim.url}/oauth2/token`,
        pricingUrl: sim.url,
        retry,
      }),
      sources: async () => sources,
      store: target,
      log: pino({ level: 'silent' }),
      builderThread,
    });
  ingestor = ingestorOf(store, true);
});
afterAll(async () => {
  await ingestor.close();
  await sim.close();
});

describe('hourly ingestion of a region', () => {
  it('publishes a first snapshot of every realm, then nothing new until the next hour (304s)', async () => {
    expect(await ingestor.refresh()).toBe(4);
    const first = store.current('us');
    expect(first?.snapshot.realmCount).toBe(4);
    expect(await ingestor.refresh()).toBe(0);
    expect(store.current('us')?.version).toBe(first?.version);
  });

  it.each(['malformed', 'truncated', '500', 'timeout'] as const)(
    'a %s dump keeps the last good data of that realm while the others move on',
    async (kind) => {
      const before = store.current('us');
      const realmId = store.realms('us')?.[0]?.id ?? 0;
      const oldListing = before?.snapshot.realmAuctions[before.snapshot.realmIndexOf(realmId)];
      sim.advanceHour();
      sim.inject({ path: `/connected-realm/${realmId}/auctions`, kind, times: 5 });
      expect(await ingestor.refresh()).toBe(3);
      const after = store.current('us');
      expect(after?.version).toBeGreaterThan(before?.version ?? 0);
      expect(after?.snapshot.realmHasData[after.snapshot.realmIndexOf(realmId)]).toBe(1);
      expect(after?.snapshot.realmAuctions[after.snapshot.realmIndexOf(realmId)]).toBe(oldListing);
      sim.clearFaults();
      // Next poll fetches the realm it missed.
      expect(await ingestor.refresh()).toBe(1);
    },
  );

  it('new lookups from the source resolve every variant afresh and republish without new dumps', async () => {
    const before = store.current('us');
    const renamed = new Map<number, ItemInfo>(
      [...usData.items].map(([id, item]) => [id, { ...item, name: `${item.name} (renamed)` }]),
    );
    sources = { ...sources, items: renamed };
    expect(await ingestor.refresh()).toBe(0);
    const after = store.current('us');
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
    const items = after?.snapshot.variants.filter((v) => v.realPetId === null) ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((v) => v.name.endsWith(' (renamed)'))).toBe(true);
    // The same lookups again: nothing to publish.
    expect(await ingestor.refresh()).toBe(0);
    expect(store.current('us')?.version).toBe(after?.version);
  });

  it('a full poll and a realms poll asked together run one after the other: each new dump is fetched once', async () => {
    const ids = store.realms('us')?.map((r) => r.id) ?? [];
    sim.advanceHour();
    const from = sim.requests.length;
    const [polled, probed] = await Promise.all([ingestor.refresh(), ingestor.pollRealms(ids)]);
    expect(polled).toBe(ids.length);
    // The realms poll waited for the full poll, so it asked with the new dumps' times and got 304s.
    expect(probed).toEqual([]);
    const statuses = sim.requests
      .slice(from)
      .filter((r) => r.path.endsWith('/auctions'))
      .map((r) => r.status);
    expect(statuses.sort()).toEqual([...ids.map(() => 200), ...ids.map(() => 304)]);
  });

  it('the builder on the request thread (MARKET_BUILDER_THREAD=false) publishes the same snapshot as a builder thread', async () => {
    const [inThread, threaded] = [createMarketStore(), createMarketStore()];
    const ingestors = [ingestorOf(inThread, false), ingestorOf(threaded, true)];
    try {
      expect(await Promise.all(ingestors.map((i) => i.refresh()))).toEqual([4, 4]);
      const [a, b] = [inThread.current('us'), threaded.current('us')];
      if (!a || !b) throw new Error('both published');
      // Dumps are ingested as they arrive, so variants may be numbered in another order: compared by key.
      const keys = (m: MarketSnapshot) => m.variants.map((v) => v.uniqueItemKey).sort();
      const ids = a.snapshot.realms.map((r) => r.id);
      const deals = (m: MarketSnapshot) =>
        flippingSearch(m, { buyingRealms: ids, sellingRealms: ids })
          .map((row) => JSON.stringify(row))
          .sort();
      expect(a.snapshot.variantCount).toBeGreaterThan(0);
      expect(keys(a.snapshot)).toEqual(keys(b.snapshot));
      expect(deals(a.snapshot).length).toBeGreaterThan(0);
      expect(deals(a.snapshot)).toEqual(deals(b.snapshot));
      expect(a.meta).toEqual(b.meta);
    } finally {
      await Promise.all(ingestors.map((i) => i.close()));
    }
  });

  it('the region lastModified is the newest dump time in seconds', () => {
    const ids = store.realms('us')?.map((r) => r.id) ?? [];
    const newest = Math.max(...ids.map((id) => economy.lastModified('us', id, sim.hour)));
    expect(store.current('us')?.lastModified).toBe(Math.floor(newest / 1000));
  });
});
