import {
  batchInterval,
  landingFrom,
  landingOver,
  lateAfterMs,
  opensNewBatch,
  probeWindowOpen,
  spreadPick,
  withBatchStart,
  type Region,
} from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { BlizzardClient } from '../../sources/blizzard';
import type { RealmDump, RegionIngestor } from './region-ingestor';

export interface BatchWatcherDeps {
  region: Region;
  ingestor: Pick<RegionIngestor, 'pollRealms' | 'started' | 'onDumps' | 'setLateRealms'>;
  blizzard: Pick<BlizzardClient, 'commoditiesModified'>;
  /** The region's connected realm ids (the realm list the full poll loaded). */
  realmIds: () => readonly number[];
  clock: Clock;
  log: FastifyBaseLogger;
  /** The interval the source publishes at, assumed until two batches are seen (default an hour). */
  assumedIntervalMs?: number | undefined;
}

/** The batch being landed: when it began (its earliest dump), when its landing began, and the realms that have it. */
interface Batch {
  startMs: number;
  /** Where its landing window starts (landingFrom): its start, at most a window before it was seen. */
  landingFromMs: number;
  members: Set<number>;
  /** Its late realms were decided (or every realm arrived): no more re-probing. */
  settled: boolean;
}

/**
 * Watches one region for Blizzard's batch publication (freshness.ts). Every step (PROBE_EVERY_MS): while
 * a batch lands, re-probes the realms that do not have it yet and, once its landing window (lateAfterMs of
 * the learned interval) has passed since it was seen, marks those still missing late; while the next batch is due (or no batch is known), probes a few
 * sentinel realms and the commodities with If-Modified-Since, and on the first change fetches every realm
 * at once. Outside those windows a step asks nothing. Every dump the ingestor takes in, full poll's too,
 * teaches it the batch starts.
 */
export function createBatchWatcher(deps: BatchWatcherDeps) {
  const { region, ingestor, clock, log } = deps;
  let starts: number[] = [];
  let batch: Batch | null = null;
  let commoditiesAt: Date | undefined;
  const interval = () => batchInterval(starts, deps.assumedIntervalMs);

  /** Newest first: the newest dump opens a batch, the ones a few minutes older join it. */
  function observe(dumps: readonly RealmDump[]): void {
    const now = clock.now().getTime();
    for (const d of [...dumps].sort((a, b) => b.lastModified - a.lastModified)) {
      const current: Batch | null = batch;
      // A dump older than the batch's spread is a late realm catching up with an earlier batch.
      if (current && d.lastModified < current.startMs - lateAfterMs(interval())) continue;
      const opens = opensNewBatch({
        alreadyInBatch: current?.members.has(d.id) ?? false,
        dumpMs: d.lastModified,
        batchStartMs: current?.startMs ?? null,
        intervalMs: interval(),
      });
      if (opens || !current) {
        batch = {
          startMs: d.lastModified,
          landingFromMs: landingFrom(d.lastModified, now, interval()),
          members: new Set([d.id]),
          settled: false,
        };
        starts = withBatchStart(starts, d.lastModified);
        log.info({ region, batchAt: new Date(d.lastModified).toISOString() }, 'auction batch detected');
        continue;
      }
      current.members.add(d.id);
      if (d.lastModified < current.startMs) {
        starts = withBatchStart(
          starts.filter((t) => t !== current.startMs),
          d.lastModified,
        );
        current.startMs = d.lastModified;
      }
    }
  }
  ingestor.onDumps(observe);

  /** Whether the commodity dump changed since the last probe (the first probe only learns its time). */
  async function commoditiesChanged(): Promise<boolean> {
    try {
      const res = await deps.blizzard.commoditiesModified(region, commoditiesAt);
      if (res.status === 'not-modified') return false;
      const first = commoditiesAt === undefined;
      commoditiesAt = res.lastModified;
      return !first;
    } catch (err) {
      log.warn({ region, err: String(err) }, 'commodities probe failed');
      return false;
    }
  }

  /** Re-probes the realms the landing batch lacks; marks them late once its time is up. */
  async function land(current: Batch, ids: readonly number[], now: number): Promise<void> {
    const pending = ids.filter((id) => !current.members.has(id));
    if (pending.length === 0) {
      current.settled = true;
      return;
    }
    if (landingOver(current.landingFromMs, now, interval())) {
      current.settled = true;
      log.warn({ region, lateRealms: pending }, 'realms missed their region batch');
      await ingestor.setLateRealms(pending);
      return;
    }
    await ingestor.pollRealms(pending);
  }

  /** Sentinels and commodities; on a change, every realm at once. */
  async function probe(ids: readonly number[]): Promise<void> {
    const before = batch;
    const onTime = before ? ids.filter((id) => before.members.has(id)) : [];
    const sentinels = spreadPick(onTime.length > 0 ? onTime : ids);
    const [, commodities] = await Promise.all([ingestor.pollRealms(sentinels), commoditiesChanged()]);
    if (batch === before && !commodities) return;
    const fetched = new Set(sentinels);
    await ingestor.pollRealms(ids.filter((id) => !fetched.has(id)));
  }

  return {
    /** One watch step (the job's run): cheap outside a batch's window. */
    async step(): Promise<void> {
      if (!ingestor.started()) return;
      const ids = deps.realmIds();
      if (ids.length === 0) return;
      const current = batch;
      if (current && !current.settled) await land(current, ids, clock.now().getTime());
      // A batch seen while landing (or by the step above) moves the window on.
      if (probeWindowOpen(starts, clock.now().getTime(), deps.assumedIntervalMs)) await probe(ids);
    },
    /** The learned batch starts, unix ms ascending (admin, tests). */
    batchStarts: (): readonly number[] => starts,
  };
}

export type BatchWatcher = ReturnType<typeof createBatchWatcher>;
