import type { FastifyBaseLogger } from 'fastify';
import type { Job } from './job';
import type { JobRuns } from './job-runs';

/**
 * At start, a job that is overdue (or never ran) waits this long, or its own period when that is shorter:
 * the start-up's own work (migrations, the first market refresh) comes first.
 */
export const OVERDUE_START_DELAY_MS = 60_000;

/**
 * When a job should first run, in ms from now, by its persisted schedule (the job table, shared by every
 * process and kept across restarts): its last recorded start plus its period. When that is past, or the
 * job never ran, it runs soon after a start and at once when its schedule is restored. A `runAtStart` job
 * runs at once at start, whatever its record. A record that cannot be read counts as overdue: one run too
 * many beats a missed one, and runs of a job never overlap.
 */
export async function firstRunIn(
  job: Job,
  deps: {
    runs: Pick<JobRuns, 'msUntilDue'>;
    log: FastifyBaseLogger;
    /** OVERDUE_START_DELAY_MS unless told (tests). */
    overdueStartDelayMs?: number | undefined;
  },
  when: 'start' | 'restore',
): Promise<number> {
  if (when === 'start' && job.runAtStart) return 0;
  const soon = deps.overdueStartDelayMs ?? OVERDUE_START_DELAY_MS;
  const overdue = when === 'start' ? Math.min(job.everyMs, soon) : 0;
  try {
    const due = await deps.runs.msUntilDue(job);
    // Never more than a period away, even if the record's clock ran ahead of this one.
    return due !== null && due > 0 ? Math.min(due, job.everyMs) : overdue;
  } catch (err) {
    deps.log.warn({ err, job: job.name }, 'job record not read: the job is scheduled as overdue');
    return overdue;
  }
}
