import { LABELS } from '@goldroute/domain';
import { useMemo } from 'react';
import { Spinner, SpinnerStatus } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui/button-styles';
import { AdminShell } from './admin-shell';
import { AuditList } from './audit-list';
import { CacheTable } from './cache-table';
import { cacheRows } from './cache-rows';
import { formatTimeOfDay } from './format';
import { FreshnessTable } from './freshness-table';
import { JobsTable } from './jobs-table';
import type { AdminStats } from './stats';
import { StatsEmpty } from './stats-empty';
import { SubscriptionCards } from './subscription-cards';
import { TimerSection } from './timer-section';
import { lateRealmIds, timerRows } from './timer-rows';
import { useAdminStats } from './use-admin-stats';
import { useNow } from './use-now';
import { useRealmNames } from './use-realm-names';
import { useStatsAction } from './use-stats-action';
import { StrokeIcon } from '../../components/ui/stroke-icon';

/**
 * /admin/stats (SPEC §2 "Admin stats"): subscription cards, data freshness, realm timers (late realms
 * marked), caches, scheduled jobs and recent admin actions.
 */
export function AdminStatsView() {
  const query = useAdminStats();
  const { data, isPending, isFetching, dataUpdatedAt } = query;
  const refetch = () => void query.refetch();

  return (
    <AdminShell
      title={LABELS.adminStatsTitle}
      subtitle="Subscriptions, realm data freshness, the server's caches and scheduled jobs, with the last admin actions."
      actions={
        <>
          <p className="text-sm text-slate-400" aria-live="polite">
            Last updated:{' '}
            <span className="text-slate-200 tabular-nums">{data ? formatTimeOfDay(dataUpdatedAt) : '—'}</span>
          </p>
          <button
            type="button"
            onClick={refetch}
            disabled={isFetching}
            className={buttonClass('secondary', 'sm')}
          >
            {isFetching ? <Spinner className="size-4 border-2" /> : <RefreshIcon />}
            Refresh
          </button>
        </>
      }
    >
      {data ? (
        <StatsContent stats={data} />
      ) : isPending ? (
        <SpinnerStatus className="justify-center py-24 text-slate-400" spinnerSize="size-6">
          Loading statistics...
        </SpinnerStatus>
      ) : (
        <StatsEmpty onRetry={refetch} retrying={isFetching} />
      )}
    </AdminShell>
  );
}

function StatsContent({ stats }: { stats: AdminStats }) {
  const names = useRealmNames();
  const now = useNow();
  const actions = useStatsAction();
  const timers = useMemo(
    () => timerRows(stats.timerData, names, lateRealmIds(stats.freshness)),
    [stats.timerData, stats.freshness, names],
  );
  const caches = useMemo(() => cacheRows(stats.cacheData), [stats.cacheData]);
  return (
    <div className="flex flex-col gap-8">
      {stats.status ? (
        <p
          role="status"
          className="rounded-xl border border-gold-400/25 bg-gold-400/5 px-4 py-3 text-sm text-gold-200"
        >
          {stats.status}
        </p>
      ) : null}
      <SubscriptionCards counts={stats.subscriptionData} />
      {stats.freshness ? <FreshnessTable regions={stats.freshness} now={now} /> : null}
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <TimerSection rows={timers} now={now} actions={actions} />
        <CacheTable rows={caches} actions={actions} />
      </div>
      {stats.jobs ? <JobsTable jobs={stats.jobs} now={now} /> : null}
      {stats.audit ? <AuditList entries={stats.audit} now={now} /> : null}
    </div>
  );
}

function RefreshIcon() {
  return (
    <StrokeIcon
      d="M16 10a6 6 0 1 1-1.8-4.3M16 3.5v3.2h-3.2"
      viewBox="0 0 20 20"
      className="size-4"
      strokeWidth={1.7}
      round="both"
    />
  );
}
