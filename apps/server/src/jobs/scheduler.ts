import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  /** Run once right away as well (the first snapshot at start-up). */
  runAtStart: boolean;
  run(): Promise<void>;
}

export interface Scheduler {
  /** Runs a job now unless a run is already under way; resolves when that run ends. */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** In-process schedule: each job on its own timer, never two runs of one job at once, errors logged. */
export function startScheduler(jobs: readonly Job[], log: FastifyBaseLogger): Scheduler {
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  function runNow(name: string): Promise<void> {
    const job = jobs.find((j) => j.name === name);
    if (!job) return Promise.reject(new Error(`unknown job ${name}`));
    const current = running.get(name);
    if (current) return current;
    const started = Date.now();
    const run = job
      .run()
      .then(
        () => log.debug({ job: name, ms: Date.now() - started }, 'job done'),
        (err: unknown) => log.error({ err, job: name }, 'job failed'),
      )
      .finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  for (const job of jobs) {
    if (job.runAtStart) void runNow(job.name);
    const timer = setInterval(() => {
      if (!stopped) void runNow(job.name);
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
