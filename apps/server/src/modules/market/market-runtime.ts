import {
  DEFAULT_BATCH_INTERVAL_MS,
  PROBE_EVERY_MS,
  REGION_CACHE_KEYS,
  REGION_LIST,
  UNKNOWN_ITEM_LEVEL_ROW,
  regionsOfCacheKey,
  type CacheRegionKey,
  type Region,
} from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Job, JobPeriod, JobRunner, StartJobs } from '../../jobs/job';
import type { RedisBus } from '../../lib/redis-bus';
import type { RequestGate } from '../../sources/rate-gate';
import { createBatchWatcher } from './batch-watcher';
import { createBlizzardSource } from './blizzard-source';
import { createCacheRegistry, type CacheCounts, type CacheRegistry } from './cache-registry';
import { createMarketAccessReader, type MarketAccessReader } from './market-access';
import { startEmbeddedSource } from './embedded-source';
import { createMarketService, type MarketService } from './market.service';
import type { MarketSource } from './market-source';
import { createMarketStore, type MarketStore, type PublishedMarket } from './market-store';
import { createPersonalCache } from './personal-cache';
import { createDealHistory, type DealHistory } from './deal-history';
import { createEvidenceStore } from './evidence-store';
import { openPastDayShelves } from './past-day-shelves';
import { createRegionIngestor, type RegionIngestor } from './region-ingestor';
import { createSnapshotRelay } from './snapshot-relay';
import { createTokenPriceService, type TokenPriceService } from './token-prices.service';

export const TOKEN_POLL_MINUTES = 15;
/** Bonus data and item lists change with game patches: fetched again once a day. */
export const LIST_REFRESH_MS = 24 * 3_600_000;
const REFRESH_LISTS = 'refresh-lists';
const refreshJob = (region: Region) => `refresh-market-${region}`;
/** Watches for the region's batch publication (batch-watcher.ts): cheap outside a batch's window. */
const watchJob = (region: Region) => `watch-market-${region}`;
const tokenJob = (region: Region) => `poll-token-${region}`;
const pollMsOf = (config: Config['market']) => (config.source === 'off' ? 10 : config.pollMinutes) * 60_000;

/** The jobs an ingesting process runs, by MARKET_SOURCE (which every process of a deployment shares). */
function marketJobPeriods(config: Config['market']): JobPeriod[] {
  if (config.source === 'off') return [];
  return [
    ...REGION_LIST.flatMap((r) => [
      { name: refreshJob(r), everyMs: pollMsOf(config) },
      { name: watchJob(r), everyMs: PROBE_EVERY_MS },
      { name: tokenJob(r), everyMs: TOKEN_POLL_MINUTES * 60_000 },
    ]),
    // Only the Blizzard source keeps lists to refresh (source.refreshLists).
    ...(config.source === 'blizzard' ? [{ name: REFRESH_LISTS, everyMs: LIST_REFRESH_MS }] : []),
  ];
}

/** Distinct item icons the snapshot names (the media the tools show), counted once per snapshot. */
const icons = new WeakMap<PublishedMarket, number>();
function iconCount(market: PublishedMarket | undefined): number {
  if (!market) return 0;
  let n = icons.get(market);
  if (n === undefined) {
    n = new Set(market.snapshot.variants.map((v) => v.mediaURL).filter(Boolean)).size;
    icons.set(market, n);
  }
  return n;
}

export interface MarketRuntime {
  store: MarketStore;
  service: MarketService;
  tokens: TokenPriceService;
  caches: CacheRegistry;
  /** A deal's 14-day history from the stored evidence (any process). */
  history: DealHistory;
  /** Who may read market data, with their saved realms (briefly cached). */
  access: MarketAccessReader;
  /** Realms, prices and deals come from the built-in simulator, not from Blizzard: the web says so. */
  simulated: boolean;
  /** The interval the source publishes its batches at (an hour; the simulator's hour, which tests speed up). */
  batchIntervalMs: number;
  /** Market data flows into this deployment (a source here, or the workers' through the bus): jobs that follow it run. */
  live: boolean;
  /** Drops a user's cached answers and access record (their realm settings changed), in every process. */
  forgetUser(userId: string): Promise<void>;
  /**
   * Runs the refresh of every region now and waits for it, and for its hand-over to other processes (tests,
   * admin refresh). A run already under way (with Redis: in any process) is waited for, not doubled.
   */
  refreshNow(): Promise<void>;
  /** Runs one of the market's jobs now and waits for it (tests; the daily list refresh has no other trigger). */
  runJob(name: string): Promise<void>;
  close(): Promise<void>;
}

async function openSource(
  config: Config['market'],
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger; blizzardGate?: RequestGate | undefined },
): Promise<MarketSource | null> {
  if (config.source === 'off') return null;
  if (config.source === 'simulator')
    return startEmbeddedSource({
      size: config.size,
      seed: config.seed,
      replayDays: config.replayDays,
      hourMs: config.hourSeconds * 1000,
    });
  return createBlizzardSource(config, { ...deps, gate: deps.blizzardGate });
}

export interface MarketDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A web process runs no source and no schedules: its snapshots arrive through the bus. */
  role: Config['role'];
  /** Shared with other processes (Redis): snapshots and cache invalidation go through it. */
  bus?: RedisBus | undefined;
  /** Runs the refresh and token jobs (BullMQ with Redis, timers otherwise). */
  startJobs: StartJobs;
  /** Told the periods of the jobs the workers run, in a web process (readiness judges them). */
  expectJobs?: ((jobs: readonly JobPeriod[]) => void) | undefined;
  source?: MarketSource | undefined;
  /** What the Blizzard source's requests pass (default: Blizzard's limits). */
  blizzardGate?: RequestGate | undefined;
  /** DATA_DIR: an ingesting process keeps its past days of deal evidence in files there (past-day-shelves.ts). */
  dataDir?: string | undefined;
  /** Told when a user's access or settings changed, here or in another process (the profile cache). */
  onUserChanged?: ((userId: string) => void) | undefined;
}

/** Market data for the whole app: source, ingestion and token schedules, the published snapshots and caches. */
export async function startMarket(config: Config['market'], deps: MarketDeps): Promise<MarketRuntime> {
  const { bus } = deps;
  const store = createMarketStore();
  const personal = createPersonalCache();
  const service = createMarketService(store, personal);
  const tokens = createTokenPriceService(deps.db, deps.clock);
  const caches = createCacheRegistry();
  const access = createMarketAccessReader(deps.db, deps.clock);
  store.onPublish((region) => {
    personal.dropRegion(region);
    // Warming spares the first user a wait; a worker serves no users (though it answers the API).
    if (deps.role !== 'worker')
      void service.warm(region).catch((err: unknown) => deps.log.warn({ err, region }, 'answers not warmed'));
  });
  const forget = (userId: string) => {
    personal.dropUser(userId);
    access.forget(userId);
    deps.onUserChanged?.(userId);
  };
  bus?.subscribe((message) => {
    if (message.type === 'user-changed') forget(message.userId);
  });
  // Before any ingestion: what other processes published is served at once.
  const relay = bus && createSnapshotRelay({ bus, store, log: deps.log });
  await relay?.loadAll();

  const source = deps.role === 'web' ? null : (deps.source ?? (await openSource(config, deps)));
  const jobs: Job[] = [];
  const ingestors = new Map<Region, RegionIngestor>();
  const evidence = createEvidenceStore(deps.db);
  const shelves = source ? openPastDayShelves(deps.dataDir ?? 'memory://') : null;
  if (deps.role === 'web') deps.expectJobs?.(marketJobPeriods(config));
  if (source) {
    const pollMs = pollMsOf(config);
    const learn = source.learn?.bind(source);
    for (const region of REGION_LIST) {
      const ingestor = createRegionIngestor({
        region,
        blizzard: source.blizzard,
        tsm: source.tsm,
        sources: () => source.sources(region),
        learn: learn && ((missing) => learn(region, missing)),
        store,
        log: deps.log,
        evidence,
        pastDaysDir: shelves?.pastDaysDir(region),
        keptDir: shelves?.keptDir(region),
        replayKeptDir: source.pastRecipe ? shelves?.keptDir(`${region}-replay`) : undefined,
        pastRecipe: source.pastRecipe?.(region),
        // Read by the in-thread builder only: a builder thread makes them from the recipe.
        past: config.source !== 'off' && !config.builderThread ? source.past?.(region) : undefined,
        builderThread: config.source === 'off' || config.builderThread,
      });
      ingestors.set(region, ingestor);
      const watcher = createBatchWatcher({
        region,
        ingestor,
        blizzard: source.blizzard,
        realmIds: () => store.realms(region)?.map((r) => r.id) ?? [],
        clock: deps.clock,
        log: deps.log,
        assumedIntervalMs: source.batchIntervalMs,
      });
      // The full poll stays as the safety net; the watcher lands each batch within a probe step. Both
      // ingest through the ingestor's one queue for the region.
      jobs.push({
        name: refreshJob(region),
        everyMs: pollMs,
        runAtStart: true,
        run: async () => void (await ingestor.refresh()),
      });
      jobs.push({ name: watchJob(region), everyMs: PROBE_EVERY_MS, runAtStart: false, run: watcher.step });
      jobs.push({
        name: tokenJob(region),
        everyMs: TOKEN_POLL_MINUTES * 60_000,
        runAtStart: true,
        run: async () => {
          if (source.tokenHistory && !(await tokens.read(region)))
            await tokens.record(region, await source.tokenHistory(region));
          const now = await source.blizzard.tokenPrice(region);
          await tokens.record(region, [{ price: now.price, recordedAt: now.lastUpdated }]);
        },
      });
    }
    const refreshLists = source.refreshLists?.bind(source);
    // The first refresh fetches what is missing or stale; this job keeps them a day old at most.
    if (refreshLists)
      jobs.push({ name: REFRESH_LISTS, everyMs: LIST_REFRESH_MS, runAtStart: false, run: refreshLists });
  }
  const scheduler: JobRunner = await deps.startJobs(jobs);

  const perRegion = (count: (region: Region) => number): CacheCounts =>
    Object.fromEntries(REGION_LIST.map((r) => [REGION_CACHE_KEYS[r], count(r)]));
  for (const cache of source?.caches ?? []) caches.register(cache);
  caches.register({
    name: 'blizzardAuctionHouseData',
    counts: () => perRegion((r) => store.current(r)?.snapshot.realmHasData.reduce((n, v) => n + v, 0) ?? 0),
  });
  const meta = (r: Region) => store.current(r)?.meta;
  caches.register({ name: 'tsmRegionDataItemsList', counts: () => perRegion((r) => meta(r)?.tsmItems ?? 0) });
  caches.register({ name: 'tsmRegionDataPetsList', counts: () => perRegion((r) => meta(r)?.tsmPets ?? 0) });
  caches.register({ name: 'mediaCache', counts: () => perRegion((r) => iconCount(store.current(r))) });
  // Ids the dumps list whose item data has not been fetched yet (a learning source fetches them in turns).
  caches.register({
    name: 'mediaFetchQueue',
    counts: () =>
      perRegion((r) => {
        const snapshot = store.current(r)?.snapshot;
        return snapshot ? snapshot.unknownItemIds.length + snapshot.unknownPetSpecies.length : 0;
      }),
  });
  caches.register({
    name: UNKNOWN_ITEM_LEVEL_ROW,
    counts: () => perRegion((r) => store.current(r)?.snapshot.unknownLevelAuctions ?? 0),
  });
  caches.register({
    name: 'personal',
    perProcess: true,
    counts: () => perRegion((r) => personal.count(r)),
    clear: (key) => {
      const regions = regionsOfCacheKey(key);
      const dropped = regions.reduce((n, r) => n + personal.count(r), 0);
      for (const r of regions) personal.dropRegion(r);
      return `Dropped ${dropped} cached answer(s) for ${regions.map((r) => r.toUpperCase()).join(' and ')}`;
    },
  });
  if (source) {
    // Actions rather than caches (nothing to count): re-poll a region's dumps, or fetch TSM again first.
    const refresh = async (key: CacheRegionKey, what: string, before?: (i: RegionIngestor) => void) => {
      const regions = regionsOfCacheKey(key);
      for (const r of regions) {
        const ingestor = ingestors.get(r);
        if (ingestor) before?.(ingestor);
        await scheduler.runNow(refreshJob(r));
      }
      await relay?.idle();
      const latest = regions.map((r) => `${r.toUpperCase()} ${store.current(r)?.lastModified ?? 'none'}`);
      return `${what} refreshed (newest dump: ${latest.join(', ')})`;
    };
    caches.register({ name: 'market', clear: (key) => refresh(key, 'Market data') });
    caches.register({ name: 'tsm', clear: (key) => refresh(key, 'TSM region data', (i) => i.forceTsm()) });
  }

  return {
    store,
    service,
    tokens,
    caches,
    history: createDealHistory(store, evidence),
    access,
    // A web process runs no source: it goes by MARKET_SOURCE, which every process of a deployment shares.
    simulated: (source?.kind ?? config.source) === 'simulator',
    batchIntervalMs: source?.batchIntervalMs ?? DEFAULT_BATCH_INTERVAL_MS,
    live: source !== null || (deps.role === 'web' && config.source !== 'off'),
    forgetUser: async (userId) => {
      forget(userId);
      await bus?.publish({ type: 'user-changed', userId });
    },
    refreshNow: async () => {
      // The watch steps are not refreshes: they run on their own timers (and through runJob).
      const market = jobs.filter((j) => j.name !== REFRESH_LISTS && !j.name.startsWith('watch-market-'));
      await Promise.all(market.map((j) => scheduler.runNow(j.name)));
      await relay?.idle();
    },
    runJob: (name) => scheduler.runNow(name),
    close: async () => {
      await Promise.all([...ingestors.values()].map((i) => i.close()));
      await scheduler.stop();
      relay?.close();
      await relay?.idle();
      await source?.close();
      shelves?.close();
    },
  };
}
