import type { BadgeColor } from '@goldroute/domain';
import type { AdminAuditEntry } from '@goldroute/domain/api';
import { Badge } from '../../components/ui/badge';
import { AdminPanel } from './admin-shell';
import { formatAge, formatClock, minutesSince } from './format';
import { PlainHeader } from './sort-header';

const ACTION_COLORS: Readonly<Record<AdminAuditEntry['action'], BadgeColor>> = {
  grant: 'purple',
  clear: 'blue',
  refresh: 'yellow',
};

/** The last admin actions, newest first: time, admin, action, target, result and whether it worked. */
export function AuditList({ entries, now }: { entries: readonly AdminAuditEntry[]; now: number }) {
  return (
    <AdminPanel
      id="audit"
      title="Recent admin actions"
      description="The last 20 grants, clears and refreshes."
    >
      {entries.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-400">No admin actions recorded yet.</p>
      ) : (
        <div className="overflow-x-auto overscroll-x-contain rounded-xl border border-white/10">
          <table className="w-full min-w-[52rem] text-sm" aria-label="Recent admin actions">
            <thead>
              <tr className="border-b border-white/10">
                <PlainHeader label="Time" />
                <PlainHeader label="Admin" />
                <PlainHeader label="Action" />
                <PlainHeader label="Target" />
                <PlainHeader label="Result" />
                <PlainHeader label="Status" />
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${index}`} className="align-top transition hover:bg-white/[0.03]">
                  <td className="px-3 py-2.5 sm:px-4 whitespace-nowrap">
                    <span className="block text-slate-200">{formatAge(minutesSince(entry.at, now))}</span>
                    <span className="block text-xs text-slate-500 tabular-nums">
                      {formatClock(entry.at, now)}
                    </span>
                  </td>
                  <td className="max-w-56 truncate px-3 py-2.5 sm:px-4 text-slate-300" title={entry.admin}>
                    {entry.admin}
                  </td>
                  <td className="px-3 py-2.5 sm:px-4">
                    <Badge color={ACTION_COLORS[entry.action]}>{entry.action}</Badge>
                  </td>
                  <td className="px-3 py-2.5 sm:px-4 font-mono text-xs break-all text-slate-200">
                    {entry.target}
                  </td>
                  <td className="px-3 py-2.5 sm:px-4 text-slate-400">{entry.result}</td>
                  <td className="px-3 py-2.5 sm:px-4">
                    <Badge color={entry.ok ? 'green' : 'red'}>{entry.ok ? 'OK' : 'Failed'}</Badge>
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
