// When route alerts go out. A region's batch lands over up to a few minutes (US realms spread over one to
// three), published realm group by realm group; a user is sent one message a batch, so the alerts wait for
// the batch to have landed: every realm has it (those already known to be late aside), or no new dump came
// for a quiet spell (a group of realms left behind, which may take hours). The run is a job (BullMQ with
// Redis, so one worker runs it; timers otherwise) started from here once the batch landed; its schedule
// is the safety net for a start missed (a restart between publish and start).
import { PROBE_EVERY_MS, REGION_LIST, type Region } from '@goldroute/domain';
import type { Config } from '../../config';
import type { JobRunner, StartJobs } from '../../jobs/job';
import type { MarketStore, PublishedMarket } from '../market/market-store';
import { snapshotEventId } from '../events/snapshot-event-id';
import { batchLanded } from './alert-batch';
import type { AlertDelivery } from './alert-delivery';

/** Longest wait for a batch's last realms before its alerts go out without them (a real hour's batch). */
export const ALERT_QUIET_MS = 30_000;
/** How often the safety net looks for a landed batch whose alerts did not go out. */
export const ALERT_SWEEP_MS = 60_000;
export const alertJob = (region: Region) => `deliver-alerts-${region}`;

export async function startAlertJobs(deps: {
  delivery: AlertDelivery;
  store: MarketStore;
  startJobs: StartJobs;
  role: Config['role'];
  /** The batches' interval the source publishes at (an hour; the simulator's fast hours in tests). */
  batchIntervalMs: number;
}): Promise<JobRunner> {
  const { store, delivery } = deps;
  // A fast simulated hour has its spreads scaled down: so is the quiet spell, though never below a probe
  // step and a half (the watcher lands a batch's realms a step at a time: a shorter spell would split it).
  const quietMs = Math.max(1.5 * PROBE_EVERY_MS, Math.min(ALERT_QUIET_MS, deps.batchIntervalMs / 120));
  const newsAt = new Map<Region, number>();
  const previousTimes = new Map<Region, Readonly<Record<string, number>>>();
  /** The snapshot (by its dumps) whose alerts went out last, per region. */
  const deliveredFor = new Map<Region, string>();
  const timers = new Map<Region, NodeJS.Timeout>();

  const idOf = (market: PublishedMarket) =>
    snapshotEventId(market.lastModified, market.meta.realmTimes, market.meta.lateRealms ?? []);

  /**
   * Delivers the current snapshot's alerts, then the next one's if a batch landed meanwhile (a start asked
   * for during a run joins that run: without the loop its batch would wait for the safety net).
   */
  async function run(region: Region): Promise<void> {
    for (;;) {
      const market = store.current(region);
      if (!market) return;
      const landed =
        batchLanded(market, deps.batchIntervalMs) ||
        performance.now() - (newsAt.get(region) ?? -Infinity) >= quietMs;
      const id = idOf(market);
      if (!landed || deliveredFor.get(region) === id) return;
      await delivery.deliver(region);
      deliveredFor.set(region, id);
    }
  }

  const runner = await deps.startJobs(
    REGION_LIST.map((region) => ({
      name: alertJob(region),
      everyMs: ALERT_SWEEP_MS,
      runAtStart: false,
      run: () => run(region),
    })),
  );

  // A web process sends no alerts: the workers that ingest do (they hear the same publishes).
  if (deps.role !== 'web')
    store.onPublish((region) => {
      const market = store.current(region);
      if (!market) return;
      const before = previousTimes.get(region);
      const times = market.meta.realmTimes;
      previousTimes.set(region, times);
      const news = Object.entries(times).some(([id, at]) => before?.[id] !== at);
      if (!news) return;
      newsAt.set(region, performance.now());
      clearTimeout(timers.get(region));
      const start = () => void runner.runNow(alertJob(region));
      if (batchLanded(market, deps.batchIntervalMs)) return start();
      const timer = setTimeout(start, quietMs);
      timer.unref();
      timers.set(region, timer);
    });

  return {
    runNow: (name) => runner.runNow(name),
    async stop() {
      for (const timer of timers.values()) clearTimeout(timer);
      await runner.stop();
    },
  };
}
