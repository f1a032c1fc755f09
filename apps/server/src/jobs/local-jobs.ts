import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobRunner } from './job';
import type { JobRuns } from './job-runs';
import { firstRunIn } from './job-schedule';

/**
 * The embedded default's runner (one process, no Redis): each job on its own timer, never two runs of one
 * job at once, each run recorded in the job table's record like a queued one. The first run follows the
 * persisted schedule (job-schedule.ts), so a process restarted more often than a job's period still runs it.
 */
export function startLocalJobs(
  jobs: readonly Job[],
  deps: {
    log: FastifyBaseLogger;
    runs: JobRuns;
    /** How soon after start an overdue job runs (job-schedule.ts's OVERDUE_START_DELAY_MS unless told). */
    overdueStartDelayMs?: number | undefined;
  },
): JobRunner {
  const running = new Map<string, Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function start(name: string): Promise<void> {
    const job = jobs.find((j) => j.name === name);
    if (!job) return Promise.reject(new Error(`unknown job ${name}`));
    const current = running.get(name);
    if (current) return current;
    const run = deps.runs
      .track(name, job.run)
      .catch((err: unknown) => deps.log.error({ err, job: name }, 'job failed'))
      .finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  function keep(timer: NodeJS.Timeout): void {
    timer.unref();
    timers.add(timer);
  }

  /** Runs the job now, then every period. */
  function runAndRepeat(job: Job): void {
    if (stopped) return;
    void start(job.name);
    keep(
      setInterval(() => {
        if (!stopped) void start(job.name);
      }, job.everyMs),
    );
  }

  for (const job of jobs) {
    if (job.runAtStart) {
      runAndRepeat(job);
      continue;
    }
    void firstRunIn(job, deps, 'start').then((ms) => {
      const first = setTimeout(() => {
        timers.delete(first);
        runAndRepeat(job);
      }, ms);
      if (stopped) clearTimeout(first);
      else keep(first);
    });
  }

  return {
    runNow: start,
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}
