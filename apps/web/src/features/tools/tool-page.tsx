// Shared layout of the data tools (SPEC §2 "Tool screens"): loading / error state, the last-updated
// banner, the filter bar, then the tool's own table, totals and pagination.
import {
  ACCESS,
  countActiveFilters,
  formatGold,
  type Filters,
  type Region,
  type Totals,
} from '@goldroute/domain';
import { useEffect, type ReactNode } from 'react';
import { TOOL_BY_KEY } from '../../app/tools';
import { ErrorScreen } from '../../components/error-screen';
import { LoadingScreen } from '../../components/loading-screen';
import { Badge, StickyTotalsBar, buttonClass } from '../../components/ui';
import { serverErrorOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { TimerBanner } from './timer-banner';

export const TOOL_HEADINGS = {
  flipping: { title: TOOL_BY_KEY.flipping.name, subtitle: 'Buy low on one realm, sell high on another' },
  dropship: {
    title: TOOL_BY_KEY.dropship.name,
    subtitle: 'Every realm you can buy an item on, grouped by variant',
  },
  tsm: { title: TOOL_BY_KEY.tsm.name, subtitle: 'Build a TradeSkillMaster group from region prices' },
} as const;

/** SPEC §4/§8: without access, a toast and no data request (the route guard normally redirects first). */
export function useNoAccessToast(): boolean {
  const { hasAccess } = useAuth();
  useEffect(() => {
    if (!hasAccess) notifyError(ACCESS.noSubscription);
  }, [hasAccess]);
  return hasAccess;
}

export function NoAccess() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-6 py-24 text-center">
      <p role="alert" className="text-lg font-semibold text-white">
        {ACCESS.noSubscription}
      </p>
    </main>
  );
}

/** SPEC §8: a server error field is toasted once; an exception shows the error component alone. */
export function useServerErrorToast(error: unknown): void {
  useEffect(() => {
    const message = serverErrorOf(error);
    if (message) notifyError(message);
  }, [error]);
}

export interface DataState {
  isPending: boolean;
  error: unknown;
}

/** Loading, then the error component (data cleared), else the tool. The heading shows throughout. */
export function DataGate({
  state,
  heading,
  children,
}: {
  state: DataState;
  heading: ToolHeadingProps;
  children: () => ReactNode;
}) {
  useServerErrorToast(state.error);
  if (state.error || state.isPending) {
    return (
      <>
        <div className="mx-auto w-full max-w-[1800px] px-3 pt-5 sm:px-6">
          <ToolHeading {...heading} />
        </div>
        {state.error ? <ErrorScreen /> : <LoadingScreen />}
      </>
    );
  }
  return <>{children()}</>;
}

export interface ToolHeadingProps {
  title: string;
  subtitle: string;
  region: Region;
}

export function ToolHeading({ title, subtitle, region }: ToolHeadingProps) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-bold tracking-tight text-white sm:text-2xl">{title}</h1>
        <Badge color="yellow">{`Region: ${region.toUpperCase()}`}</Badge>
      </div>
      <p className="mt-0.5 text-sm text-slate-400">{subtitle}</p>
    </div>
  );
}

export function ToolFrame({
  title,
  subtitle,
  region,
  lastModified,
  children,
}: {
  title: string;
  subtitle: string;
  region: Region;
  lastModified: number;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex w-full max-w-[1800px] min-w-0 flex-1 flex-col gap-4 px-3 pt-5 pb-6 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <ToolHeading title={title} subtitle={subtitle} region={region} />
        <TimerBanner region={region} lastModified={lastModified} />
      </div>
      {children}
    </main>
  );
}

export function FilterBar({
  name,
  onName,
  filters,
  onOpenFilters,
  primaryLabel,
  onPrimary,
  primaryDisabled = false,
}: {
  name: string;
  onName: (name: string) => void;
  filters: Filters;
  onOpenFilters: () => void;
  primaryLabel: string;
  onPrimary: () => void;
  primaryDisabled?: boolean;
}) {
  const active = countActiveFilters(filters);
  return (
    <div className="flex flex-wrap items-center gap-2 sm:gap-3">
      <label className="relative min-w-0 flex-1 basis-56">
        <span className="sr-only">Search items by name</span>
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        >
          <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m13.5 13.5 3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          value={name}
          onChange={(e) => onName(e.target.value)}
          placeholder="Search items…"
          className="h-10 w-full rounded-xl border border-white/10 bg-ink-900 pr-3 pl-9 text-sm text-white placeholder:text-slate-500 focus-visible:border-gold-400/60 focus-visible:outline-none"
        />
      </label>
      <button type="button" className={buttonClass('secondary', 'sm', 'h-10')} onClick={onOpenFilters}>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="size-4">
          <path d="M3 5h14M6 10h8M8.5 15h3" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </svg>
        Filters
        <span
          data-testid="filter-badge"
          aria-label={`${active} active`}
          className={`min-w-5 rounded-full px-1.5 text-xs font-bold tabular-nums ${
            active > 0 ? 'bg-gold-400 text-ink-950' : 'bg-white/10 text-slate-300'
          }`}
        >
          {active}
        </span>
      </button>
      <button
        type="button"
        className={buttonClass('primary', 'sm', 'h-10')}
        onClick={onPrimary}
        disabled={primaryDisabled}
      >
        {primaryLabel}
      </button>
    </div>
  );
}

export function TotalsBar({ totals }: { totals: Totals }) {
  const items: [string, number, string][] = [
    ['Total Investment', totals.totalInvestment, 'text-gold-200'],
    ['Estimated Sell Price', totals.estimatedSellPrice, 'text-slate-100'],
    [
      'Profit After AH Cut',
      totals.profitAfterAhCut,
      totals.profitAfterAhCut < 0 ? 'text-red-400' : 'text-emerald-400',
    ],
  ];
  return (
    <StickyTotalsBar>
      {items.map(([label, value, color]) => (
        <div key={label} className="flex min-w-0 flex-col sm:flex-row sm:items-baseline sm:gap-2">
          <span className="text-[10px] tracking-wide text-slate-400 uppercase sm:text-xs">{label}</span>
          <span
            data-testid={`total-${label}`}
            className={`text-sm font-semibold tabular-nums sm:text-base ${color}`}
          >
            {formatGold(value)}
          </span>
        </div>
      ))}
    </StickyTotalsBar>
  );
}
