import type { BadgeColor } from '@goldroute/domain';
import type { JobRun } from '@goldroute/domain/api';
import { Badge } from '../../components/ui/badge';
import { AdminTablePanel, CELL, RIGHT, WhenCell } from './admin-table';
import { formatAge, minutesSince } from './format';

const STATES: Readonly<Record<JobRun['state'], { label: string; color: BadgeColor }>> = {
  running: { label: 'Running', color: 'blue' },
  ok: { label: 'OK', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** "850 ms", "12.4 s", "3 min 5 s". */
function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
}

/** The scheduled jobs (market refreshes, token polls, billing, purge): last run, its duration, last error. */
export function JobsTable({ jobs, now }: { jobs: readonly JobRun[]; now: number }) {
  return (
    <AdminTablePanel
      id="jobs"
      title="Scheduled jobs"
      description="Each job's last run, how long it took, and its last error, whichever process ran it."
      isEmpty={jobs.length === 0}
      emptyText="No job has run yet."
      scroll="x"
      minWidth="min-w-[52rem]"
      columns={['Job', 'Last run', RIGHT('Duration'), 'Status', RIGHT('Runs'), 'Last error']}
    >
      {jobs.map((job) => (
        <tr key={job.name} data-job={job.name} className="align-top transition hover:bg-white/[0.03]">
          <th
            scope="row"
            className={`${CELL} text-left font-mono text-xs font-medium text-slate-100`}
            title={`Last run by ${job.ranBy}`}
          >
            {job.name}
          </th>
          <WhenCell at={job.lastRunAt} now={now} />
          <td className={`${CELL} text-right text-slate-200 tabular-nums whitespace-nowrap`}>
            {job.durationMs === null ? '—' : formatDuration(job.durationMs)}
          </td>
          <td className={CELL}>
            <Badge color={STATES[job.state].color}>{STATES[job.state].label}</Badge>
          </td>
          <td
            className={`${CELL} text-right text-slate-300 tabular-nums whitespace-nowrap`}
            title={`${job.runs} runs, ${job.failures} failed`}
          >
            {job.runs.toLocaleString('en-US')}
            {job.failures > 0 ? (
              <span className="block text-xs text-red-300">{job.failures} failed</span>
            ) : null}
          </td>
          <td className={`${CELL} text-slate-400`}>
            {job.lastError === null ? (
              <span className="text-slate-500">None</span>
            ) : (
              <>
                <span className="block break-words text-red-200">{job.lastError}</span>
                {job.lastErrorAt !== null ? (
                  <span className="block text-xs text-slate-500">
                    {formatAge(minutesSince(job.lastErrorAt, now))}
                  </span>
                ) : null}
              </>
            )}
          </td>
        </tr>
      ))}
    </AdminTablePanel>
  );
}
