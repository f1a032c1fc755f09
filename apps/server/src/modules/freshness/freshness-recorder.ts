import type { Region } from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { freshnessSamples } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { MarketStore } from '../market/market-store';

/**
 * Records a sample for every connected realm whose dump changed with a publish: (region, realm, its
 * Last-Modified, now). Every process records what it publishes; the table's key keeps the first copy, so
 * the earliest publish of a dump in the deployment stands. The first publish after a start compares with
 * nothing: every realm is offered, and only stamps not stored yet are kept.
 */
export function createFreshnessRecorder(deps: {
  db: Db;
  clock: Clock;
  store: MarketStore;
  log: FastifyBaseLogger;
  /** Told of a region whose publish brought new dumps (before they are written). */
  onNewDumps(region: Region): void;
}) {
  const { db, clock, store, log } = deps;
  const previousTimes = new Map<Region, Readonly<Record<string, number>>>();
  /** Each region's writes, in publish order; a shown report waits for them. */
  const writes = new Map<Region, Promise<void>>();

  function changedRealms(region: Region, times: Readonly<Record<string, number>>): [number, number][] {
    const before = previousTimes.get(region);
    previousTimes.set(region, times);
    return Object.entries(times)
      .filter(([id, at]) => at > 0 && before?.[id] !== at)
      .map(([id, at]) => [Number(id), at]);
  }

  function record(region: Region): void {
    const market = store.current(region);
    if (!market) return;
    const changed = changedRealms(region, market.meta.realmTimes);
    if (changed.length === 0) return;
    deps.onNewDumps(region);
    const publishedAt = clock.now();
    const rows = changed.map(([realmId, at]) => ({
      region,
      realmId,
      lastModified: new Date(at * 1000),
      publishedAt,
    }));
    const write = (writes.get(region) ?? Promise.resolve())
      .then(() => db.insert(freshnessSamples).values(rows).onConflictDoNothing())
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err, region }, 'freshness samples not recorded'),
      );
    writes.set(region, write);
  }

  return {
    /** Starts listening to the store's publishes. */
    start: () => store.onPublish(record),
    /** Resolves once every sample of the region's publishes so far is written (or given up). */
    settled: (region: Region): Promise<void> => writes.get(region) ?? Promise.resolve(),
    /** Resolves once every sample recorded so far is written (before the database closes). */
    settledAll: async (): Promise<void> => void (await Promise.all(writes.values())),
  };
}

export type FreshnessRecorder = ReturnType<typeof createFreshnessRecorder>;
