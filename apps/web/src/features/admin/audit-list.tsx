import type { BadgeColor } from '@goldroute/domain';
import type { AdminAuditEntry } from '@goldroute/domain/api';
import { Badge } from '../../components/ui/badge';
import { AdminTablePanel, CELL, WhenCell } from './admin-table';

const ACTION_COLORS: Readonly<Record<AdminAuditEntry['action'], BadgeColor>> = {
  grant: 'purple',
  clear: 'blue',
  refresh: 'yellow',
};

/** The last admin actions, newest first: time, admin, action, target, result and whether it worked. */
export function AuditList({ entries, now }: { entries: readonly AdminAuditEntry[]; now: number }) {
  return (
    <AdminTablePanel
      id="audit"
      title="Recent admin actions"
      description="The last 20 grants, clears and refreshes."
      isEmpty={entries.length === 0}
      emptyText="No admin actions recorded yet."
      scroll="x"
      minWidth="min-w-[52rem]"
      columns={['Time', 'Admin', 'Action', 'Target', 'Result', 'Status']}
    >
      {entries.map((entry, index) => (
        <tr key={`${entry.at}-${index}`} className="align-top transition hover:bg-white/[0.03]">
          <WhenCell at={entry.at} now={now} />
          <td className={`max-w-56 truncate ${CELL} text-slate-300`} title={entry.admin}>
            {entry.admin}
          </td>
          <td className={CELL}>
            <Badge color={ACTION_COLORS[entry.action]}>{entry.action}</Badge>
          </td>
          <td className={`${CELL} font-mono text-xs break-all text-slate-200`}>{entry.target}</td>
          <td className={`${CELL} text-slate-400`}>{entry.result}</td>
          <td className={CELL}>
            <Badge color={entry.ok ? 'green' : 'red'}>{entry.ok ? 'OK' : 'Failed'}</Badge>
          </td>
        </tr>
      ))}
    </AdminTablePanel>
  );
}
