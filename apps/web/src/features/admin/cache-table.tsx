import { TOASTS, formatCount } from '@goldroute/domain';
import { Spinner } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui/button-styles';
import { notifyError } from '../../lib/toasts';
import { AdminTablePanel, CELL, RIGHT } from './admin-table';
import type { CacheRow } from './cache-rows';
import type { useStatsAction } from './use-stats-action';
import { StrokeIcon } from '../../components/ui/stroke-icon';

/** The caches the server keeps (SPEC §2 cache table: name, region, count, clear). */
export function CacheTable({
  rows,
  actions,
}: {
  rows: readonly CacheRow[];
  actions: ReturnType<typeof useStatsAction>;
}) {
  return (
    <AdminTablePanel
      id="caches"
      title="Caches"
      description="Entries per cache and region. A clear reloads the cache from its source."
      isEmpty={rows.length === 0}
      emptyText="No caches reported."
      scroll="both"
      minWidth="min-w-[30rem]"
      columns={['Name', 'Region', RIGHT('Count'), RIGHT('Clear')]}
    >
      {rows.map((row) => (
        <tr key={row.key} data-cache={row.key} className="transition hover:bg-white/[0.03]">
          <th scope="row" className={`${CELL} text-left font-mono text-xs font-medium text-slate-100`}>
            {row.name}
          </th>
          <td className={`${CELL} text-slate-300`}>{row.regionLabel}</td>
          <td
            className={`${CELL} text-right text-slate-200 tabular-nums`}
            title={row.count.toLocaleString('en-US')}
          >
            {formatCount(row.count)}
          </td>
          <td className={`${CELL} text-right`}>
            <ClearButton row={row} actions={actions} />
          </td>
        </tr>
      ))}
    </AdminTablePanel>
  );
}

function ClearButton({ row, actions }: { row: CacheRow; actions: ReturnType<typeof useStatsAction> }) {
  const name = `Clear ${row.name} (${row.regionLabel})`;
  const { clearPath } = row;
  if (clearPath === null) {
    // SPEC §8: a cache without a route says so when asked to clear.
    return (
      <button
        type="button"
        aria-label={name}
        aria-disabled="true"
        title="This cache cannot be cleared"
        onClick={() => notifyError(TOASTS.cannotClearCache(row.name))}
        className="inline-flex h-8 min-w-24 cursor-not-allowed items-center justify-center gap-2 rounded-xl px-3 text-xs font-semibold whitespace-nowrap text-slate-500 ring-1 ring-white/5 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
      >
        <LockIcon />
        Clear
      </button>
    );
  }
  const running = actions.isRunning(row.key);
  return (
    <button
      type="button"
      aria-label={name}
      disabled={running}
      aria-busy={running || undefined}
      onClick={() =>
        void actions.run({
          key: row.key,
          path: clearPath,
          success: () => TOASTS.cacheCleared(row.name, row.regionLabel),
          failure: () => TOASTS.clearCacheFailed(row.name, row.regionLabel),
        })
      }
      className={buttonClass('danger', 'xs', 'min-w-24')}
    >
      {running ? (
        <>
          <Spinner className="size-3.5 border-2" />
          Clearing...
        </>
      ) : (
        'Clear'
      )}
    </button>
  );
}

function LockIcon() {
  return (
    <StrokeIcon
      d="M6.5 9V6.5a3.5 3.5 0 0 1 7 0V9M5 9h10v8H5z"
      viewBox="0 0 20 20"
      className="size-3.5"
      round="join"
    />
  );
}
