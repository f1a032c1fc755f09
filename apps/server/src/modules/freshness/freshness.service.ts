import { REGION_LIST, type Region } from '@goldroute/domain';
import type { RegionFreshness, StatusResponse } from '@goldroute/domain/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createTtlCache } from '../../lib/ttl-cache';
import { lateRealmsOf, type MarketStore } from '../market/market-store';
import { delayFigures } from './freshness-figures';
import { createFreshnessRecorder } from './freshness-recorder';
import { createShownReports } from './shown-reports';

/** How long the public status answer is reused: it is read by anyone, and its figures move by the hour. */
export const STATUS_CACHE_MS = 5_000;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * How fresh the market data reaches the users: samples recorded on every publish, marked shown by the open
 * tools' reports, and the figures over the last 24 hours for the status and admin pages.
 */
export function createFreshnessService(deps: {
  db: Db;
  clock: Clock;
  store: MarketStore;
  log: FastifyBaseLogger;
}) {
  const { db, clock, store } = deps;
  const shown = createShownReports({ db, clock, settled: (region) => recorder.settled(region) });
  const recorder = createFreshnessRecorder({ ...deps, onNewDumps: shown.newDumps });
  recorder.start();
  const statusCache = createTtlCache<'status', Promise<StatusResponse>>(STATUS_CACHE_MS, clock, 1);

  /** Every region's figures now (read fresh). */
  async function regions(): Promise<RegionFreshness[]> {
    const now = clock.now();
    const delays = await delayFigures(db, now);
    return REGION_LIST.map((region) => {
      const market = store.current(region);
      return {
        region,
        ...delays[region],
        dataAgeSeconds: market ? Math.max(0, seconds(now) - market.lastModified) : null,
        lateRealms: market ? lateRealmsOf(store, region, market) : [],
      };
    });
  }

  /** The public answer, shared by the callers of a few seconds (a failed read is not kept). */
  function status(): Promise<StatusResponse> {
    const cached = statusCache.get('status');
    if (cached) return cached;
    const fresh = regions().then((list) => ({ regions: list, checkedAt: seconds(clock.now()) }));
    statusCache.set('status', fresh);
    fresh.catch(() => statusCache.delete('status'));
    return fresh;
  }

  return {
    regions,
    status,
    /** An open tool shows the rows of the region's snapshot of this Last-Modified (unix seconds). */
    /** Waits for the samples still being written. */
    close: (): Promise<void> => recorder.settledAll(),
    reportShown: (region: Region, lastModified: number): Promise<void> => shown.report(region, lastModified),
  };
}

export type FreshnessService = ReturnType<typeof createFreshnessService>;
