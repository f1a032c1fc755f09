/** A scheduled job, defined once; where and how it runs is the runner's business (local-jobs, queued-jobs). */
export interface Job {
  name: string;
  everyMs: number;
  /** Run once right away as well (the first snapshot at start-up). */
  runAtStart: boolean;
  run(): Promise<void>;
}

/** What readiness needs to know of a job: its name and how often it must run. */
export type JobPeriod = Pick<Job, 'name' | 'everyMs'>;

export interface JobRunner {
  /**
   * Runs a job now and resolves when that run ends; when a run of it is already under way (here, or with a
   * queue in another process), waits for that run instead of starting a second one. Never rejects: a
   * failed run is logged and kept in the job's record.
   */
  runNow(name: string): Promise<void>;
  /** Stops scheduling; resolves once this process's runs have ended. */
  stop(): Promise<void>;
}

/** How a module hands its jobs over: app.ts picks the runner (in-process, or BullMQ with Redis). */
export type StartJobs = (jobs: readonly Job[]) => Promise<JobRunner>;

/** A web process's runner: the deployment's workers run the jobs, this process only knows their periods. */
export const noJobRunner: JobRunner = {
  runNow: (name) =>
    Promise.reject(new Error(`job ${name} runs in the worker processes, not in a web process`)),
  stop: async () => undefined,
};
