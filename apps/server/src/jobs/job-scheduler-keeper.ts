import type { JobsOptions, Queue } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Job } from './job';
import type { JobRuns } from './job-runs';
import { firstRunIn } from './job-schedule';

/** How long one process may take to put a scheduler back before another may try. */
const LOCK_MS = 10_000;

export interface SchedulerKeeperDeps {
  /** Takes the short lock that lets one process at a time put a job's scheduler back. */
  locks: Redis;
  /** The deployment's key prefix. */
  prefix: string;
  runs: Pick<JobRuns, 'msUntilDue'>;
  log: FastifyBaseLogger;
  /** What each run of the job carries (retries, how many finished runs are kept). */
  template: JobsOptions;
}

/**
 * Makes sure the job's BullMQ scheduler is in Redis, with the job's period, and that the queue runs one job
 * at a time: at start, and whenever Redis may have come back empty (a restart without persistence, a
 * failover, FLUSHALL) the queue's settings and schedulers are gone with it. A scheduler that exists with
 * the same period is left alone, so it keeps its rhythm and no run is added. One that has to be created
 * starts by the persisted schedule (job-schedule.ts): on a restore, at once when the job's last recorded run
 * is older than its period, otherwise at its next due time. A short lock keeps two workers that notice the
 * loss together from creating it twice (which would add a run).
 */
export async function keepJobScheduler(
  queue: Queue,
  job: Job,
  deps: SchedulerKeeperDeps,
  when: 'start' | 'restore',
): Promise<void> {
  await queue.setGlobalConcurrency(1);
  const current = () => queue.getJobScheduler(job.name);
  const before = await current();
  if (before?.every === job.everyMs) return;
  const lock = `${deps.prefix}:job-scheduler-lock:${job.name}`;
  if ((await deps.locks.set(lock, String(process.pid), 'PX', LOCK_MS, 'NX')) !== 'OK') return;
  try {
    if ((await current())?.every === job.everyMs) return;
    // A period changed by configuration is a new schedule, set up as at a start.
    const inMs = await firstRunIn(job, deps, before || when === 'start' ? 'start' : 'restore');
    const startDate = Date.now() + inMs;
    await queue.upsertJobScheduler(
      job.name,
      { every: job.everyMs, ...(inMs > 0 ? { startDate } : {}) },
      { name: job.name, opts: deps.template },
    );
    if (when === 'restore')
      deps.log.info(
        { job: job.name, firstRunAt: new Date(startDate).toISOString() },
        'job scheduler restored (Redis had lost it)',
      );
  } finally {
    await deps.locks.del(lock).catch(() => undefined);
  }
}
