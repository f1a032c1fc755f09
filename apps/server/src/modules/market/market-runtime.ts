import { REGION_LIST, type Region } from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { startScheduler, type Job, type Scheduler } from '../../jobs/scheduler';
import { createCacheRegistry, type CacheRegistry, type RegionKey } from './cache-registry';
import { startEmbeddedSource } from './embedded-source';
import { createMarketService, type MarketService } from './market.service';
import type { MarketSource } from './market-source';
import { createMarketStore, type MarketStore } from './market-store';
import { createPersonalCache } from './personal-cache';
import { createRegionIngestor } from './region-ingestor';
import { createTokenPriceService, type TokenPriceService } from './token-prices.service';

export const TOKEN_POLL_MINUTES = 15;
const REGION_KEYS: Record<Region, RegionKey> = { us: '1', eu: '2' };

export interface MarketRuntime {
  store: MarketStore;
  service: MarketService;
  tokens: TokenPriceService;
  caches: CacheRegistry;
  /** Drops a user's cached answers (their realm settings changed). */
  forgetUser(userId: string): void;
  /** Runs the refresh of every region now and waits for it (tests, admin refresh). */
  refreshNow(): Promise<void>;
  close(): Promise<void>;
}

async function openSource(config: Config['market']): Promise<MarketSource | null> {
  if (config.source === 'off') return null;
  if (config.source === 'simulator') return startEmbeddedSource({ size: config.size, seed: config.seed });
  throw new Error(
    'MARKET_SOURCE=blizzard is not available yet: the Blizzard item catalog (names, classes, expansions) is still to be built. Use the embedded simulator.',
  );
}

/** Market data for the whole app: source, ingestion and token schedules, the published snapshots and caches. */
export async function startMarket(
  config: Config['market'],
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger; source?: MarketSource | undefined },
): Promise<MarketRuntime> {
  const store = createMarketStore();
  const personal = createPersonalCache();
  const service = createMarketService(store, personal);
  const tokens = createTokenPriceService(deps.db, deps.clock);
  const caches = createCacheRegistry();
  store.onPublish((region) => personal.dropRegion(region));

  const source = deps.source ?? (await openSource(config));
  const jobs: Job[] = [];
  if (source) {
    const pollMs = (config.source === 'off' ? 10 : config.pollMinutes) * 60_000;
    for (const region of REGION_LIST) {
      const ingestor = createRegionIngestor({
        region,
        blizzard: source.blizzard,
        tsm: source.tsm,
        sources: () => source.sources(region),
        store,
        log: deps.log,
      });
      jobs.push({
        name: `refresh-market-${region}`,
        everyMs: pollMs,
        runAtStart: true,
        run: async () => void (await ingestor.refresh()),
      });
      jobs.push({
        name: `poll-token-${region}`,
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
  }
  const scheduler: Scheduler = startScheduler(jobs, deps.log);

  const perRegion = (count: (region: Region) => number) =>
    Object.fromEntries(REGION_LIST.map((r) => [REGION_KEYS[r], count(r)])) as Partial<
      Record<RegionKey, number>
    >;
  caches.register({
    name: 'blizzardAuctionHouseData',
    counts: () => perRegion((r) => store.current(r)?.snapshot.realmHasData.reduce((n, v) => n + v, 0) ?? 0),
  });
  caches.register({
    name: 'personal',
    counts: () => perRegion((r) => personal.count(r)),
    clear: (key) => {
      for (const r of REGION_LIST) if (key === 'global' || REGION_KEYS[r] === key) personal.dropRegion(r);
    },
  });

  return {
    store,
    service,
    tokens,
    caches,
    forgetUser: (userId) => personal.dropUser(userId),
    refreshNow: async () => {
      await Promise.all(jobs.map((j) => scheduler.runNow(j.name)));
    },
    close: async () => {
      await scheduler.stop();
      await source?.close();
    },
  };
}
