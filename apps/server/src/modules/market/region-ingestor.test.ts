import type { ItemInfo, SnapshotSources } from '@goldroute/market';
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
const usData = economy.staticData('us');
let sources: SnapshotSources = { items: usData.items, pets: usData.pets, bonusData: economy.bonusData };

beforeAll(async () => {
  sim = await startSimulatorServer({ economy, port: 0, hour: 1 });
  const retry = { attempts: 2, baseDelayMs: 5, timeoutMs: 500 };
  ingestor = createRegionIngestor({
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
    store,
    log: pino({ level: 'silent' }),
  });
});
afterAll(() => sim.close());

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

  it('the region lastModified is the newest dump time in seconds', () => {
    const ids = store.realms('us')?.map((r) => r.id) ?? [];
    const newest = Math.max(...ids.map((id) => economy.lastModified('us', id, sim.hour)));
    expect(store.current('us')?.lastModified).toBe(Math.floor(newest / 1000));
  });
});
