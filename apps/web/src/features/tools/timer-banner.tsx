// Last-updated banner with the data timer of SPEC §4: countdown to lastModified + 1 h ticking every
// second, the server timer polled every 60 s (and pushed at once by the snapshot stream), a dimmed reload
// when the data changed, and the realms the last batch left behind.
import {
  LABELS,
  TIMER_RELOAD_DELAY_MS,
  TIMER_TICK_SECONDS,
  UPDATE_PERIOD_SECONDS,
  timerFreshnessColor,
  type Region,
} from '@goldroute/domain';
import { useEffect, useRef, useState, memo } from 'react';
import { Spinner } from '../../components/loading-screen';
import { useDataTimer } from '../../shared/market/api';
import { DemoDataNotice } from '../../shared/market/demo-data-notice';
import { lateRealmsText } from '../../shared/market/live/late-realms';
import {
  reloadForSnapshot,
  useLiveSnapshots,
  useShownReport,
} from '../../shared/market/live/use-live-snapshots';
import { STATUS_TEXT } from '../../shared/row-table/cells';

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(rest).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

function useNowSeconds(): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now() / 1000), TIMER_TICK_SECONDS * 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

const reloadPage = () => window.location.reload();

export interface TimerBannerProps {
  region: Region;
  /** lastModified of the shown data (unix seconds). */
  lastModified: number;
  /** Injectable for tests; the page reload by default. */
  reload?: () => void;
}

export const TimerBanner = memo(function TimerBanner({
  region,
  lastModified,
  reload = reloadPage,
}: TimerBannerProps) {
  const timer = useDataTimer(region);
  useLiveSnapshots(region);
  useShownReport(region, lastModified);
  const now = useNowSeconds();
  const serverLastModified = timer.data?.lastModified;
  const changed = serverLastModified !== undefined && serverLastModified !== lastModified;

  // The latest reload, read when the delay ends: a new function each render must not restart the 5 s.
  const reloadRef = useRef(reload);
  useEffect(() => {
    reloadRef.current = reload;
  }, [reload]);
  useEffect(() => {
    if (!changed) return;
    const id = window.setTimeout(
      () => reloadForSnapshot(region, serverLastModified, () => reloadRef.current()),
      TIMER_RELOAD_DELAY_MS,
    );
    return () => window.clearTimeout(id);
  }, [changed, region, serverLastModified]);

  const remaining = lastModified + UPDATE_PERIOD_SECONDS - now;
  const minutesSince = (now - lastModified) / 60;
  const freshness = STATUS_TEXT[timerFreshnessColor(minutesSince)];
  const lateRealms = lateRealmsText(timer.data?.lateRealms ?? [], now);

  let status;
  if (timer.isError) {
    status = <span className="text-red-300">{LABELS.timerError}</span>;
  } else if (remaining <= 0) {
    status = <span className="text-gold-200">{LABELS.nextUpdateImminent}</span>;
  } else {
    status = (
      <span>
        Next update in{' '}
        <span className="font-semibold text-gold-200 tabular-nums" data-testid="countdown">
          {formatCountdown(remaining)}
        </span>
      </span>
    );
  }

  return (
    <>
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col gap-1 rounded-xl border border-white/10 bg-ink-850/80 px-4 py-2 text-xs text-slate-400"
      >
        {/* Its own row: the banner is as wide as its longest line, so it still fits beside the heading. */}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`size-2 rounded-full bg-current ${freshness}`} />
            Last updated{' '}
            <time dateTime={new Date(lastModified * 1000).toISOString()} className="text-slate-200">
              {timeFormat.format(new Date(lastModified * 1000))}
            </time>
          </span>
          <span data-testid="timer-status">{status}</span>
        </div>
        {lateRealms ? (
          <p data-testid="late-realms" className="max-w-prose text-amber-200/90">
            {lateRealms}
          </p>
        ) : null}
        <DemoDataNotice className="text-slate-300" />
      </div>
      {changed ? (
        <div
          role="alert"
          aria-busy="true"
          data-testid="reload-overlay"
          className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 bg-ink-950/75 backdrop-blur-sm"
        >
          <Spinner />
          <p className="text-sm text-slate-200">New market data is available. Reloading…</p>
        </div>
      ) : null}
    </>
  );
});
