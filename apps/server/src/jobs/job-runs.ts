import type { JobRun } from '@goldroute/domain/api';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { JobPeriod } from './job';

/** Longest error text kept: enough for a message and a cause, never a whole response body. */
const ERROR_MAX = 500;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export interface JobRuns {
  /** Runs `run`, recording its start, then its duration and outcome; rethrows its error. */
  track(name: string, run: () => Promise<void>): Promise<void>;
  /** Every job that ever ran in this deployment, by name. */
  list(): Promise<JobRun[]>;
  /**
   * How long until the job is due again by its last recorded start (last start + period - now): zero or
   * less when it is overdue, null when it never ran. Throws when the database does not answer.
   */
  msUntilDue(job: JobPeriod): Promise<number | null>;
  /**
   * Registers jobs this deployment must run, with their periods, whichever process runs them: readiness
   * judges each by its period (a web process runs none, yet knows them all).
   */
  expect(jobs: readonly JobPeriod[]): void;
  /** The jobs registered with expect(), by name. */
  expected(): JobPeriod[];
}

/**
 * The job table's record of runs, in the database every process shares. A record that cannot be written
 * (database unreachable) is logged and never stops the job itself.
 */
export function createJobRuns(db: Db, clock: Clock, log: FastifyBaseLogger): JobRuns {
  const ranBy = `${hostname()}:${process.pid}`;
  const periods = new Map<string, number>();
  const write = (name: string, what: string, query: Promise<unknown>) =>
    query.catch((err: unknown) => log.warn({ err, job: name }, `job record not written (${what})`));

  return {
    async track(name, run) {
      const startedAt = clock.now();
      await write(
        name,
        'start',
        db
          .insert(jobRuns)
          .values({ name, startedAt, ranBy })
          .onConflictDoUpdate({ target: jobRuns.name, set: { startedAt, ranBy } }),
      );
      const began = performance.now();
      const finish = (set: PgUpdateSetSource<typeof jobRuns>) =>
        write(
          name,
          'end',
          db
            .update(jobRuns)
            .set({ finishedAt: clock.now(), durationMs: Math.round(performance.now() - began), ...set })
            .where(sql`${jobRuns.name} = ${name} and ${jobRuns.startedAt} = ${startedAt}`),
        );
      try {
        await run();
      } catch (err) {
        await finish({
          ok: false,
          runs: sql`${jobRuns.runs} + 1`,
          failures: sql`${jobRuns.failures} + 1`,
          lastError: (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX),
          lastErrorAt: clock.now(),
        });
        throw err;
      }
      await finish({ ok: true, runs: sql`${jobRuns.runs} + 1` });
    },

    async list() {
      const rows = await db.select().from(jobRuns).orderBy(asc(jobRuns.name));
      return rows.map((r) => ({
        name: r.name,
        lastRunAt: seconds(r.startedAt),
        durationMs: r.finishedAt && r.finishedAt >= r.startedAt ? r.durationMs : null,
        state: !r.finishedAt || r.finishedAt < r.startedAt ? 'running' : r.ok ? 'ok' : 'failed',
        runs: r.runs,
        failures: r.failures,
        lastError: r.lastError,
        lastErrorAt: r.lastErrorAt && seconds(r.lastErrorAt),
        ranBy: r.ranBy,
      }));
    },

    async msUntilDue(job) {
      const [row] = await db
        .select({ startedAt: jobRuns.startedAt })
        .from(jobRuns)
        .where(eq(jobRuns.name, job.name));
      return row ? row.startedAt.getTime() + job.everyMs - clock.now().getTime() : null;
    },

    expect(jobs) {
      for (const job of jobs) periods.set(job.name, job.everyMs);
    },

    expected() {
      return [...periods]
        .map(([name, everyMs]) => ({ name, everyMs }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
