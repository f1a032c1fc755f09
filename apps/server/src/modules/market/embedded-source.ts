import { regionsOfCacheKey, type CacheRegionKey, type Region } from '@goldroute/domain';
import type { SnapshotSources } from '@goldroute/market';
import { createEconomy, type Economy, type EconomySize } from '@goldroute/simulator';
import { createBlizzardClient } from '../../sources/blizzard';
import { createTsmClient } from '../../sources/tsm';
import type { RegisteredCache } from './cache-registry';
import type { MarketSource } from './market-source';
import { startSimulatorThread, type SimulatorEndpoint } from './simulator-thread';

const HOUR_MS = 3_600_000;

/**
 * The embedded default: the seeded simulator runs as a loopback HTTP server speaking the Blizzard and TSM
 * APIs, in a thread of its own as Blizzard answers from elsewhere (simulator-thread.ts), and the real
 * clients read it, so `npm start` exercises the same code as production. It follows the wall clock and
 * publishes each region's dumps in batches the way Blizzard does (one batch a simulated hour, realms
 * spread over seconds to minutes, now and then a group left behind for hours).
 */
export async function startEmbeddedSource(options: {
  size: EconomySize;
  seed: number;
  /** Days of past dumps to replay into deal evidence at a fresh start (default 14; 0: none). */
  replayDays?: number;
  /** How long a simulated hour lasts, ms (default an hour; SIMULATOR_HOUR_SECONDS). */
  hourMs?: number;
}): Promise<MarketSource> {
  const hourMs = options.hourMs ?? HOUR_MS;
  // Hour 0 lies at least 24 simulated hours before the current one (the economy starts on a real hour).
  const startTime = Math.floor((Date.now() - 24 * hourMs) / HOUR_MS) * HOUR_MS;
  const economyOptions = { seed: options.seed, size: options.size, startTime, hourMs };
  const economy = createEconomy(economyOptions);
  const simulator = await startSimulatorThread({ economy: economyOptions }, economy.schedule);
  return sourceFromSimulator(economy, simulator, options.replayDays, { scheduled: true });
}

/** Real Blizzard and TSM clients pointed at a running simulator; static item data read from its economy. */
export function sourceFromSimulator(
  economy: Economy,
  simulator: SimulatorEndpoint,
  replayDays = 0,
  /** The simulator follows a clock (scheduled mode): a realm left behind then showed an older dump. */
  mode: { scheduled: boolean } = { scheduled: false },
): MarketSource {
  const credentials = { clientId: 'goldroute-embedded', clientSecret: 'embedded' };
  // Built once per region: the same lookups every refresh keep the ingestor's resolutions.
  const staticData = new Map<Region, SnapshotSources>();
  return {
    kind: 'simulator',
    blizzard: createBlizzardClient({
      ...credentials,
      oauthUrl: `${simulator.url}/token`,
      apiUrl: simulator.url,
    }),
    tsm: createTsmClient({
      apiKey: 'embedded',
      clientId: 'goldroute-embedded',
      authUrl: `${simulator.url}/oauth2/token`,
      pricingUrl: simulator.url,
    }),
    async sources(region: Region): Promise<SnapshotSources> {
      let sources = staticData.get(region);
      if (!sources) {
        const data = economy.staticData(region);
        sources = { items: data.items, pets: data.pets, bonusData: economy.bonusData };
        staticData.set(region, sources);
      }
      return sources;
    },
    // The simulated economy holds what Blizzard's item API, raidbots and the lists give in production.
    caches: simulatorCaches(economy, staticData),
    // Blizzard only reports the current token price; the simulator also knows the last 14 days.
    async tokenHistory(region: Region) {
      return economy
        .tokenHistory(region, Date.now())
        .map((p) => ({ price: p.price, recordedAt: new Date(p.timestamp) }));
    },
    batchIntervalMs: economy.hourMs,
    // The simulator can publish any past hour: deal evidence replays the 14 days before the first snapshot.
    // The replay steps by real hours; with a shorter simulated hour that samples the economy's hours. A realm
    // left behind in that hour (scheduled mode) answers the older dump it still showed: the replay skips it.
    past: (region: Region) => ({
      days: replayDays,
      dump(realmId: number, hourMs: number) {
        const published = economy.lastModified(region, realmId, economy.hourAt(hourMs));
        const shown = simulator.shownAt(region, realmId, published);
        return {
          body: economy.auctionsJson(region, realmId, shown.hour),
          lastModified: shown.publishedAt,
        };
      },
    }),
    // The same past dumps, made by a builder thread from the seeded economy (past-dumps-recipe.ts).
    pastRecipe: (region: Region) => ({
      kind: 'simulator',
      seed: economy.seed,
      size: economy.size,
      startTime: economy.startTime,
      hourMs: economy.hourMs,
      region,
      days: replayDays,
      leaveBehind: mode.scheduled,
    }),
    close: () => simulator.close(),
  };
}

/** The static data caches of the embedded source, counted from the economy; a clear rebuilds them from it. */
function simulatorCaches(economy: Economy, built: Map<Region, SnapshotSources>): RegisteredCache[] {
  const perRegion = (n: number) => ({ '1': n, '2': n });
  const rebuild = (what: string, n: number) => (key: CacheRegionKey) => {
    for (const region of regionsOfCacheKey(key)) built.delete(region);
    return `${what} rebuilt from the simulated economy: ${n} entries`;
  };
  const bonuses = Object.keys(economy.bonusData.bonuses).length;
  const curves = Object.keys(economy.bonusData.curves).length;
  const crafted = economy.items.filter((i) => i.crafted).length;
  return [
    {
      name: 'itemCatalog',
      counts: () => perRegion(economy.items.length),
      clear: rebuild('Items', economy.items.length),
    },
    {
      name: 'petNames',
      counts: () => perRegion(economy.pets.length),
      clear: rebuild('Pets', economy.pets.length),
    },
    { name: 'raidbotsBonus', counts: () => ({ global: bonuses }), clear: rebuild('Bonus data', bonuses) },
    { name: 'raidbotsCurve', counts: () => ({ global: curves }), clear: rebuild('Item curves', curves) },
    {
      name: 'patchNumbers',
      counts: () => ({ global: economy.items.length + economy.pets.length }),
      clear: rebuild('Expansions', economy.items.length + economy.pets.length),
    },
    { name: 'craftedItems', counts: () => ({ global: crafted }), clear: rebuild('Crafted list', crafted) },
    // The simulated economy posts no fake items; the list (FAKE_ITEMS_URL) is read by the Blizzard source.
    {
      name: 'fakeItems',
      counts: () => ({ global: 0 }),
      clear: () =>
        'The simulated economy has no fake items: FAKE_ITEMS_URL is read with MARKET_SOURCE=blizzard',
    },
  ];
}
