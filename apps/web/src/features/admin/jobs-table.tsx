import type { BadgeColor } from '@goldroute/domain';
import type { JobRun } from '@goldroute/domain/api';
import { Badge } from '../../components/ui/badge';
import { AdminPanel } from './admin-shell';
import { formatAge, formatClock, minutesSince } from './format';
import { PlainHeader } from './sort-header';

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
    <AdminPanel
      id="jobs"
      title="Scheduled jobs"
      description="Each job's last run, how long it took, and its last error, whichever process ran it."
    >
      {jobs.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-400">No job has run yet.</p>
      ) : (
        <div className="overflow-x-auto overscroll-x-contain rounded-xl border border-white/10">
          <table className="w-full min-w-[52rem] text-sm" aria-label="Scheduled jobs">
            <thead>
              <tr className="border-b border-white/10">
                <PlainHeader label="Job" />
                <PlainHeader label="Last run" />
                <PlainHeader label="Duration" className="text-right" />
                <PlainHeader label="Status" />
                <PlainHeader label="Runs" className="text-right" />
                <PlainHeader label="Last error" />
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {jobs.map((job) => (
                <tr key={job.name} data-job={job.name} className="align-top transition hover:bg-white/[0.03]">
                  <th
                    scope="row"
                    className="px-3 py-2.5 sm:px-4 text-left font-mono text-xs font-medium text-slate-100"
                    title={`Last run by ${job.ranBy}`}
                  >
                    {job.name}
                  </th>
                  <td className="px-3 py-2.5 sm:px-4 whitespace-nowrap">
                    <span className="block text-slate-200">
                      {formatAge(minutesSince(job.lastRunAt, now))}
                    </span>
                    <span className="block text-xs text-slate-500 tabular-nums">
                      {formatClock(job.lastRunAt, now)}
                    </span>
                  </td>
                  <td className="px-3 py-2.5 sm:px-4 text-right text-slate-200 tabular-nums whitespace-nowrap">
                    {job.durationMs === null ? '—' : formatDuration(job.durationMs)}
                  </td>
                  <td className="px-3 py-2.5 sm:px-4">
                    <Badge color={STATES[job.state].color}>{STATES[job.state].label}</Badge>
                  </td>
                  <td
                    className="px-3 py-2.5 sm:px-4 text-right text-slate-300 tabular-nums whitespace-nowrap"
                    title={`${job.runs} runs, ${job.failures} failed`}
                  >
                    {job.runs.toLocaleString('en-US')}
                    {job.failures > 0 ? (
                      <span className="block text-xs text-red-300">{job.failures} failed</span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2.5 sm:px-4 text-slate-400">
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
            </tbody>
          </table>
        </div>
      )}
    </AdminPanel>
  );
}
