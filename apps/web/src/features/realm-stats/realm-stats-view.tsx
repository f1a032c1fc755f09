import {
  ACCESS,
  LABELS,
  REGION_LABELS,
  formatCount,
  formatPercent,
  formatRatio,
  populationBadgeColor,
  priceRatioColor,
  priceRatioLabel,
  type Region,
} from '@goldroute/domain';
import type { RealmStatsResponse, RealmStatsRow } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { TOOL_BY_KEY } from '../../shared/tools';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { Badge } from '../../components/ui/badge';
import { serverErrorOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { csvFileName, downloadCsv } from '../../shared/csv/download';
import { ExportCsvButton } from '../../shared/csv/export-csv-button';
import { populationName } from '../../shared/realms';
import { COLUMNS, DEFAULT_SORT, nextSort, realmStatsPath, sortRows, type SortState } from './api';
import { realmStatsCsv } from './realm-stats-csv';
import { LEGEND, STATUS_TEXT, TrendIcon } from './trend-icon';

/** Realm statistics (SPEC §2): overall cards, the sortable Realm Price Analysis table and its legend. */
export function RealmStatsView({ region }: { region: Region }) {
  const auth = useAuth();
  const session = useSession();
  const hasAccess = auth.hasAccess;
  const userId = auth.userData?.id;

  const query = useQuery({
    queryKey: ['realm-stats', region, userId],
    queryFn: () =>
      session.request<RealmStatsResponse>(realmStatsPath(region), { method: 'POST', body: { userId } }),
    enabled: hasAccess,
  });

  useEffect(() => {
    if (!hasAccess) notifyError(ACCESS.noSubscription);
  }, [hasAccess]);

  useEffect(() => {
    const serverError = query.isError ? serverErrorOf(query.error) : undefined;
    if (serverError) notifyError(serverError);
  }, [query.isError, query.error]);

  const tool = TOOL_BY_KEY.stats;
  // SPEC §4: a failed data call shows the generic error component.
  if (hasAccess && query.isError) return <ErrorScreen reload={() => void query.refetch()} />;
  return (
    <main className="relative isolate flex-1 px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-96 bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,rgb(245_196_81/0.10),transparent)]"
      />
      <div className="mx-auto w-full max-w-7xl">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{tool.name}</h1>
          <Badge color="yellow">{`Region: ${REGION_LABELS[region]}`}</Badge>
        </div>
        <p className="mt-3 max-w-3xl text-slate-400">{tool.description}</p>
        <div className="mt-8">
          {!hasAccess ? (
            <p role="alert" className="rounded-2xl border border-red-400/20 bg-red-500/5 p-6 text-red-200">
              {ACCESS.noSubscription}
            </p>
          ) : query.isPending ? (
            <LoadingScreen />
          ) : query.isError ? null : (
            <StatsContent data={query.data.data} region={region} />
          )}
        </div>
      </div>
    </main>
  );
}

function StatsContent({ data, region }: { data: RealmStatsResponse['data']; region: Region }) {
  const { overallStats } = data;
  const ratioColor = priceRatioColor(overallStats.avgPriceRatio);
  return (
    <>
      <section aria-labelledby="overall-heading">
        <h2 id="overall-heading" className="text-lg font-semibold text-white">
          Overall Statistics
        </h2>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard label="Total Realms" value={String(overallStats.totalRealms)} />
          <StatCard label="Total Auctions" value={formatCount(overallStats.totalAuctions)} />
          <StatCard
            label="Avg Price Ratio"
            value={formatRatio(overallStats.avgPriceRatio)}
            tone={STATUS_TEXT[ratioColor]}
            icon={<TrendIcon color={ratioColor} className="size-5" />}
            hint={priceRatioLabel(overallStats.avgPriceRatio)}
          />
          <StatCard label="Cheaper Than Region" value={formatPercent(overallStats.percentCheaper)} />
        </div>
      </section>
      <RealmTable rows={data.realmStats} region={region} />
    </>
  );
}

function StatCard({
  label,
  value,
  tone = 'text-white',
  icon,
  hint,
}: {
  label: string;
  value: string;
  tone?: string;
  icon?: ReactNode;
  hint?: string;
}) {
  return (
    <div className="rounded-2xl border border-white/10 bg-ink-900/80 p-4 shadow-xl shadow-black/30 sm:p-5">
      <p className="text-xs font-semibold tracking-wider text-slate-400 uppercase">{label}</p>
      <p className={`mt-2 flex items-center gap-2 text-2xl font-bold tabular-nums sm:text-3xl ${tone}`}>
        {value}
        {icon}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

function RealmTable({ rows, region }: { rows: readonly RealmStatsRow[]; region: Region }) {
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const exportCsv = () => downloadCsv(csvFileName('realm-stats', region), realmStatsCsv(sorted));
  return (
    <section aria-labelledby="analysis-heading" className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id="analysis-heading" className="text-lg font-semibold text-white">
            Realm Price Analysis
          </h2>
          <ExportCsvButton onClick={exportCsv} disabled={sorted.length === 0} className="h-9" />
        </div>
        <Legend />
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-white/10 bg-ink-900/80 p-10 text-center text-slate-400">
          {LABELS.noRealmData}
        </p>
      ) : (
        <div className="relative mt-4 overflow-x-auto rounded-2xl border border-white/10 bg-ink-900/80 shadow-xl shadow-black/30">
          <table className="w-full min-w-[56rem] text-sm" aria-labelledby="analysis-heading">
            <thead className="border-b border-white/10 bg-white/[0.02]">
              <tr>
                {COLUMNS.map((column) => {
                  const active = sort.key === column.key;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                      className={`px-4 py-3 font-semibold ${column.numeric ? 'text-right' : 'text-left'}`}
                    >
                      <button
                        type="button"
                        onClick={() => setSort((current) => nextSort(current, column.key))}
                        className={`inline-flex items-center gap-1 rounded text-xs tracking-wider uppercase transition hover:text-white ${
                          active ? 'text-gold-300' : 'text-slate-400'
                        }`}
                      >
                        {column.label}
                        <span aria-hidden="true" className={active ? '' : 'opacity-30'}>
                          {active && sort.direction === 'asc' ? '▲' : '▼'}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {sorted.map((row) => {
                const color = priceRatioColor(row.avgPriceRatio);
                return (
                  <tr key={row.realmId} className="transition hover:bg-white/[0.03]">
                    <th scope="row" className="px-4 py-3 text-left font-medium text-slate-100">
                      {row.realmName}
                    </th>
                    <td className="px-4 py-3">
                      <Badge color={populationBadgeColor(row.realmPopulation)}>
                        {populationName(row.realmPopulation)}
                      </Badge>
                    </td>
                    <FigureCell>{formatCount(row.totalAuctions)}</FigureCell>
                    <td className={`px-4 py-3 text-right font-semibold tabular-nums ${STATUS_TEXT[color]}`}>
                      <span
                        className="inline-flex items-center gap-1.5"
                        title={priceRatioLabel(row.avgPriceRatio)}
                      >
                        <TrendIcon color={color} />
                        {formatRatio(row.avgPriceRatio)}
                        <span className="sr-only">{` (${priceRatioLabel(row.avgPriceRatio)})`}</span>
                      </span>
                    </td>
                    <FigureCell>{formatCount(row.cheaperThanRegion)}</FigureCell>
                    <FigureCell>{formatCount(row.expensiveThanRegion)}</FigureCell>
                    <FigureCell tone="text-emerald-300">{formatPercent(row.percentCheaper)}</FigureCell>
                    <FigureCell tone="text-red-300">{formatPercent(row.percentExpensive)}</FigureCell>
                    <FigureCell>{formatPercent(row.percentEqual)}</FigureCell>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Legend() {
  return (
    <ul aria-label="Price ratio legend" className="flex flex-wrap gap-x-5 gap-y-2 text-xs text-slate-400">
      {LEGEND.map((entry) => (
        <li key={entry.color} className="inline-flex items-center gap-1.5">
          <TrendIcon color={entry.color} />
          <span className={`font-semibold ${STATUS_TEXT[entry.color]}`}>{entry.range}</span>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}

/** A right-aligned figure of a realm's row, slate unless its colour says more. */
function FigureCell({ tone = 'text-slate-300', children }: { tone?: string; children: ReactNode }) {
  return <td className={`px-4 py-3 text-right ${tone} tabular-nums`}>{children}</td>;
}
