import type { Backing } from './backing';
import { timeUntil } from './report';

// What the worker-kill cases share: the job table (job_runs) as they read it (who runs a job, whether its
// run ended) and their processes' environment.

export interface JobRow {
  /** The process that ran it last, as host:pid. */
  ran_by: string;
  /** Started and not finished (or finished before its latest start). */
  running: boolean;
  ok: boolean | null;
  finished: Date | null;
}

/** The job's row (none before the first run, or before the migration). */
export async function readJobRow(backing: Backing, job: string): Promise<JobRow | undefined> {
  const rows = await backing
    .query<JobRow>(
      `select ran_by, (finished_at is null or finished_at < started_at) as running, ok, finished_at as finished
       from job_runs where name = $1`,
      [job],
    )
    .catch(() => []);
  return rows[0];
}

/** Waits (up to two minutes) until the job's run has finished well, run by the process with this pid. */
export async function untilFinishedBy(backing: Backing, job: string, pid: number): Promise<void> {
  await timeUntil(
    async () => {
      const row = await readJobRow(backing, job);
      return !!row && !row.running && row.ok === true && row.ran_by.endsWith(`:${pid}`);
    },
    120_000,
    200,
  );
}

/** What the processes of a worker-kill case share: the backing, the BullMQ stall time, the market size. */
export const workerKillEnv = (backing: Backing, stallSeconds: number, size: string) => ({
  DATABASE_URL: backing.databaseUrl,
  REDIS_URL: backing.redisUrl,
  JOB_STALL_SECONDS: String(stallSeconds),
  SIMULATOR_SIZE: size,
});
