import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobRunner } from './job';
import type { JobRuns } from './job-runs';

/**
 * The embedded default's runner (one process, no Redis): each job on its own timer, never two runs of one
 * job at once, each run recorded in the job table's record like a queued one.
 */
export function startLocalJobs(
  jobs: readonly Job[],
  deps: { log: FastifyBaseLogger; runs: JobRuns },
): JobRunner {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
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

  for (const job of jobs) {
    if (job.runAtStart) void start(job.name);
    const timer = setInterval(() => {
      if (!stopped) void start(job.name);
    }, job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    runNow: start,
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.allSettled([...running.values()]);
    },
  };
}
