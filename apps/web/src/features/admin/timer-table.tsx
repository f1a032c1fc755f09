import { useMemo, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { AdminTable, CELL } from './admin-table';
import { formatAge, formatClock } from './format';
import { SortHeader } from './sort-header';
import {
  DEFAULT_TIMER_SORT,
  TIMER_COLUMNS,
  nextTimerSort,
  rowFreshness,
  sortTimerRows,
  type TimerRow,
  type TimerSort,
} from './timer-rows';

/** Realm update times (SPEC §2 timer table: region, realm id, name, last update), sortable. */
export function TimerTable({ rows, now }: { rows: readonly TimerRow[]; now: number }) {
  const [sort, setSort] = useState<TimerSort>(DEFAULT_TIMER_SORT);
  const sorted = useMemo(() => sortTimerRows(rows, sort), [rows, sort]);
  return (
    <AdminTable
      label="Realm update times"
      isEmpty={rows.length === 0}
      emptyText="No realm timers reported."
      scroll="both"
      minWidth="min-w-[34rem]"
      header={TIMER_COLUMNS.map((column) => (
        <SortHeader
          key={column.key}
          label={column.label}
          active={sort.key === column.key}
          direction={sort.direction}
          onSort={() => setSort((current) => nextTimerSort(current, column.key))}
        />
      ))}
    >
      {sorted.map((row) => (
        <TimerRowView key={row.key} row={row} now={now} />
      ))}
    </AdminTable>
  );
}

function TimerRowView({ row, now }: { row: TimerRow; now: number }) {
  const freshness = rowFreshness(row, now);
  return (
    <tr data-realm={row.key} className="transition hover:bg-white/[0.03]">
      <td className={`${CELL} text-slate-300`}>{row.regionLabel}</td>
      <td className={`${CELL} font-mono text-xs text-slate-400 tabular-nums`}>{row.realmId}</td>
      {/* Connected realms carry several names: they wrap here, or Last update is pushed out of its card. */}
      <th scope="row" className={`${CELL} text-left font-medium`}>
        {row.name ? (
          <span className="text-slate-100">{row.name}</span>
        ) : (
          <span className="text-slate-500" title="Not in the region's realm list">
            {row.realmId}
          </span>
        )}
      </th>
      <td className={CELL}>
        {freshness ? (
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge color={freshness.color} className="whitespace-nowrap">
              {formatAge(freshness.minutes)}
            </Badge>
            {row.late ? (
              <Badge color="red" className="whitespace-nowrap">
                Late
              </Badge>
            ) : null}
            <span className="text-xs whitespace-nowrap text-slate-500 tabular-nums">
              {formatClock(row.updatedAt, now)}
            </span>
          </span>
        ) : (
          <Badge color="gray" className="whitespace-nowrap">
            Not loaded yet
          </Badge>
        )}
      </td>
    </tr>
  );
}
