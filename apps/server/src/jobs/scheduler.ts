import type { FastifyBaseLogger } from 'fastify';
import type { JobLocks } from './job-locks';

export interface Job {
  name: string;
  everyMs: number;
  /** Run once right away as well (the first snapshot at start-up). */
  runAtStart: boolean;
  run(): Promise<void>;
}

export interface Scheduler {
  /**
   * Runs a job now unless a run is already under way (here, or in another process: then it is skipped);
   * resolves when that run ends.
   */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * In-process schedule: each job on its own timer, never two runs of one job at once, errors logged. With
 * `locks` (processes sharing Redis) a scheduled run happens in one process per round, and no run starts
 * while another process's run of that job is under way; a process that is not chosen skips the run.
 */
export function startScheduler(jobs: readonly Job[], log: FastifyBaseLogger, locks?: JobLocks): Scheduler {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  async function attempt(job: Job, scheduled: boolean): Promise<boolean> {
    if (!locks) {
      await job.run();
      return true;
    }
    if (scheduled && !(await locks.claimRound(job.name, job.everyMs))) return false;
    return locks.exclusive(job.name, () => job.run());
  }

  function start(name: string, scheduled: boolean): Promise<void> {
    const job = jobs.find((j) => j.name === name);
    if (!job) return Promise.reject(new Error(`unknown job ${name}`));
    const current = running.get(name);
    if (current) return current;
    const started = Date.now();
    const run = attempt(job, scheduled)
      .then(
        (ran) =>
          log.debug(
            { job: name, ms: Date.now() - started },
            ran ? 'job done' : 'job skipped: another process runs it',
          ),
        (err: unknown) => log.error({ err, job: name }, 'job failed'),
      )
      .finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  const runNow = (name: string) => start(name, false);

  for (const job of jobs) {
    if (job.runAtStart) void start(job.name, true);
    const timer = setInterval(() => {
      if (!stopped) void start(job.name, true);
    }, job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    runNow,
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}
