import { Queue, QueueEvents, Worker, type JobsOptions } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { quitRedis, redisConnection } from '../lib/redis-bus';
import type { Job, JobRunner } from './job';
import type { JobRuns } from './job-runs';
import { keepJobScheduler, type SchedulerKeeperDeps } from './job-scheduler-keeper';

export interface QueuedJobsOptions {
  redisUrl: string;
  /** The deployment's key prefix (shared with the bus), so deployments and test runs never meet. */
  prefix: string;
  log: FastifyBaseLogger;
  runs: JobRuns;
  /**
   * How long a worker's hold on a running job lasts without renewal: a job whose worker died is taken over
   * by another worker's stalled-job check within about twice this.
   */
  stallMs: number;
  /** How often this process checks that every job's scheduler is still in Redis (default 30 s). */
  checkEveryMs?: number | undefined;
}

/** A failed run is tried twice more, 5 s and then 10 s later (a dump or token call that failed once). */
const RETRIES: JobsOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5_000 } };
/** Longest wait for this process's runs and connections at shutdown (server.ts forces an exit at 10 s). */
const STOP_BOUND_MS = 8_000;
/** Enough finished jobs to look into; the job table keeps the record that admin stats show. */
const KEEP: JobsOptions = { removeOnComplete: { count: 20 }, removeOnFail: { count: 50 } };
/** A Redis emptied without a lost link (FLUSHALL, a failover to an empty replica) is noticed within this. */
const CHECK_EVERY_MS = 30_000;

interface QueuedJob {
  job: Job;
  queue: Queue;
  worker: Worker;
  events?: QueueEvents;
}

/**
 * Scaled mode's runner: one BullMQ queue per job, a job scheduler producing its runs every `everyMs`, and a
 * worker per queue in every process that runs jobs. The queue's global concurrency of 1 keeps two runs of
 * a job from overlapping anywhere in the deployment; BullMQ retries failed runs with backoff and hands the
 * job of a dead worker (its lock not renewed) to another. Schedulers and queue settings live in Redis only:
 * each worker puts them back when Redis returns empty (job-scheduler-keeper.ts), on reconnecting and on a
 * periodic check.
 */
export interface QueuedJobRunner extends JobRunner {
  /** Drops this process's workers without ending their runs or their holds, as a crash does (tests). */
  abandon(): Promise<void>;
}

export async function startQueuedJobs(jobs: readonly Job[], o: QueuedJobsOptions): Promise<QueuedJobRunner> {
  const connection = { url: o.redisUrl, maxRetriesPerRequest: null };
  const prefix = `${o.prefix}:jobs`;
  // While Redis is away every queue and worker fails each retry: one line a minute says so, with the count.
  let quietUntil = 0;
  let unlogged = 0;
  const onError = (job: string) => (err: Error) => {
    if (Date.now() < quietUntil) return void unlogged++;
    o.log.warn({ err: err.message, job, unlogged }, 'job queue: Redis call failed; BullMQ retries');
    quietUntil = Date.now() + 60_000;
    unlogged = 0;
  };

  const locks = redisConnection(o.redisUrl, 'job schedulers', o.log);
  await locks.connect();
  const keeper: SchedulerKeeperDeps = {
    locks,
    prefix: o.prefix,
    runs: o.runs,
    log: o.log,
    template: { ...RETRIES, ...KEEP },
  };
  /** One check per job at a time: a reconnect and the periodic check may meet. */
  const checking = new Map<string, Promise<void>>();
  function check(entry: QueuedJob): Promise<void> {
    const name = entry.job.name;
    const under = checking.get(name);
    if (under) return under;
    const checked = keepJobScheduler(entry.queue, entry.job, keeper, 'restore')
      .catch((err: unknown) => onError(name)(err instanceof Error ? err : new Error(String(err))))
      .finally(() => checking.delete(name));
    checking.set(name, checked);
    return checked;
  }

  async function open(job: Job): Promise<QueuedJob> {
    const queue = new Queue(job.name, { connection, prefix });
    queue.on('error', onError(job.name));
    // The deployment's first start creates the schedule; a schedule that exists keeps its rhythm, so a
    // restarted worker adds no run.
    await keepJobScheduler(queue, job, keeper, 'start');
    const worker = new Worker(job.name, () => o.runs.track(job.name, job.run), {
      connection,
      prefix,
      concurrency: 1,
      lockDuration: o.stallMs,
      stalledInterval: o.stallMs,
      maxStalledCount: 1,
    });
    worker.on('error', onError(job.name));
    worker.on('failed', (run, err) =>
      o.log.error(
        { err: err.message, job: job.name, attempt: run?.attemptsMade },
        'job failed; BullMQ retries it while attempts remain',
      ),
    );
    worker.on('stalled', (id) =>
      o.log.warn({ job: job.name, id }, 'job stalled (its worker stopped); running it here'),
    );
    const entry: QueuedJob = { job, queue, worker };
    // Once connected, every later 'ready' follows a lost link: the Redis now answering may be a new, empty one.
    queue.getBackend().on('ready', () => void check(entry));
    return entry;
  }

  const entries = await Promise.all(jobs.map(open)).catch(async (err: unknown) => {
    await quitRedis(locks);
    throw err;
  });
  const checkAll = () => {
    for (const entry of entries) void check(entry);
  };
  // The lock's connection may come back after the queues' (a check then fails): its return checks again.
  locks.on('ready', checkAll);
  const checker = setInterval(checkAll, o.checkEveryMs ?? CHECK_EVERY_MS);
  checker.unref();
  const stopping = new AbortController();
  const closeKeeper = async () => {
    stopping.abort();
    clearInterval(checker);
    await Promise.allSettled(checking.values());
    await quitRedis(locks);
  };

  return {
    async runNow(name) {
      const entry = entries.find((e) => e.job.name === name);
      if (!entry) throw new Error(`unknown job ${name}`);
      if (!entry.events) {
        entry.events = new QueueEvents(name, { connection, prefix });
        entry.events.on('error', onError(name));
      }
      // Deduplicated: while a run asked for this way waits or runs, asking again returns that run.
      const run = await entry.queue.add(name, {}, { ...RETRIES, ...KEEP, deduplication: { id: name } });
      const failure = await runFinished(entry.queue, entry.events, run.id!, stopping.signal).catch(
        (err: unknown) => (err instanceof Error ? err.message : String(err)),
      );
      if (failure !== undefined) o.log.error({ err: failure, job: name }, 'job failed');
    },
    async stop() {
      // A worker's close waits for its running job; the schedules stay for the other workers. Bounded: with
      // Redis away the close cannot finish, and a run left behind is taken over by another worker's
      // stalled-job check, so the process still exits cleanly within its 10 s (server.ts).
      const closed = Promise.all([
        closeKeeper(),
        ...entries.map((e) => e.worker.close()),
        ...entries.flatMap((e) => [e.events?.close(), e.queue.close()]),
      ]);
      const bound = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), STOP_BOUND_MS).unref());
      if ((await Promise.race([closed, bound])) === 'timeout')
        o.log.warn('job queues not closed in time; a run left behind is taken over by another worker');
    },
    async abandon() {
      await closeKeeper();
      await Promise.all(entries.map((e) => e.worker.close(true)));
      await Promise.all(entries.flatMap((e) => [e.events?.close(), e.queue.close()]));
    },
  };
}

/**
 * Waits for a queued run to end: resolves with its failure's reason, or undefined once it completed (or is
 * gone, or this process stops its queues). BullMQ's own `waitUntilFinished` asks Redis for the run's state
 * in a promise nobody awaits, so a queue closed right after the run ended raised an unhandled rejection;
 * here every Redis call's error is caught.
 */
async function runFinished(
  queue: Queue,
  events: QueueEvents,
  id: string,
  stopping: AbortSignal,
): Promise<string | undefined> {
  await events.waitUntilReady();
  return new Promise((resolve) => {
    const end = (failure?: string) => {
      events.off('completed', onCompleted);
      events.off('failed', onFailed);
      stopping.removeEventListener('abort', onStopping);
      resolve(failure);
    };
    const onCompleted = (args: { jobId: string }) => {
      if (args.jobId === id) end();
    };
    const onFailed = (args: { jobId: string; failedReason: string }) => {
      if (args.jobId === id) end(args.failedReason);
    };
    const onStopping = () => end();
    events.on('completed', onCompleted);
    events.on('failed', onFailed);
    stopping.addEventListener('abort', onStopping);
    if (stopping.aborted) end();
    // The run may have ended before the listeners were in place.
    queue.getJobState(id).then(
      (state) => {
        if (state === 'completed' || state === 'unknown') end();
        else if (state === 'failed') end('failed');
      },
      () => end(),
    );
  });
}
