import type { AdminReadinessResponse, JobRun, ReadinessJob } from '@goldroute/domain/api';
import { hostname } from 'node:os';
import type { Database } from '../../db/client';
import type { JobRuns } from '../../jobs/job-runs';
import type { Clock } from '../../lib/clock';

/** A job is overdue once its last run started more than this many of its periods ago, */
export const OVERDUE_PERIODS = 2;
/**
 * and never sooner than this: the batch watch runs every 10 s but a step that lands a whole region
 * (every realm fetched and ingested) takes its time, and the next step starts after it.
 */
export const OVERDUE_FLOOR_MS = 2 * 60_000;

export interface Readiness {
  /** Ready or not, and why: the database, and every job's record against its period. */
  check(): Promise<AdminReadinessResponse>;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
/** "90 s", "45 min", "13 h": enough to read a reason at a glance. */
function span(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

const neverRan = (name: string): Omit<ReadinessJob, 'everyMs' | 'overdue'> => ({
  name,
  lastRunAt: null,
  durationMs: null,
  state: null,
  runs: null,
  failures: null,
  lastError: null,
  lastErrorAt: null,
  ranBy: null,
});

/**
 * Whether this process should get traffic: the database answers, and no job the deployment defines is
 * overdue (its last run started more than OVERDUE_PERIODS periods ago), so a deployment whose schedules
 * were lost (Redis came back empty, every worker gone) says so instead of looking healthy. A job that never
 * ran is counted from this process's start, so a fresh deployment is not unready before its first runs.
 */
export function createReadiness(deps: {
  database: Database;
  jobs: Pick<JobRuns, 'list' | 'expected'>;
  clock: Clock;
}): Readiness {
  const startedAt = deps.clock.now().getTime();
  const answeredBy = `${hostname()}:${process.pid}`;

  return {
    async check() {
      const now = deps.clock.now().getTime();
      const reasons: string[] = [];
      let records: JobRun[] = [];
      let databaseReachable = true;
      try {
        await deps.database.ping();
        records = await deps.jobs.list();
      } catch (err) {
        databaseReachable = false;
        reasons.push(`database not reachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      const byName = new Map(records.map((r) => [r.name, r]));
      const expected = deps.jobs.expected();
      const jobs: ReadinessJob[] = expected.map(({ name, everyMs }) => {
        const record = byName.get(name);
        const since = record ? record.lastRunAt * 1000 : startedAt;
        // Without the database the records are unknown: that reason alone is given.
        const overdue =
          databaseReachable && now - since > Math.max(OVERDUE_PERIODS * everyMs, OVERDUE_FLOOR_MS);
        if (overdue)
          reasons.push(
            record
              ? `job ${name} overdue: its last run started ${span(now - since)} ago (it runs every ${span(everyMs)})`
              : `job ${name} overdue: it has not run in the ${span(now - since)} since this process started (it runs every ${span(everyMs)})`,
          );
        return { ...(record ?? neverRan(name)), everyMs, overdue };
      });
      for (const record of records)
        if (!expected.some((e) => e.name === record.name))
          jobs.push({ ...record, everyMs: null, overdue: false });
      jobs.sort((a, b) => a.name.localeCompare(b.name));
      return {
        status: reasons.length === 0 ? 'ready' : 'not ready',
        database: deps.database.kind,
        databaseReachable,
        reasons,
        answeredBy,
        checkedAt: seconds(now),
        jobs,
      };
    },
  };
}
