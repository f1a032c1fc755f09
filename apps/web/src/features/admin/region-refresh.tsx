import {
  CACHE_REGION_LABELS,
  REGION_CACHE_KEYS,
  REGION_LIST,
  TOASTS,
  marketRefreshPath,
  tsmRefreshPath,
  type CacheName,
  type Region,
} from '@goldroute/domain';
import { Spinner } from '../../components/loading-screen';
import { buttonClass } from '../../components/ui/button-styles';
import { serverErrorOf } from '../../lib/api-client';
import type { useStatsAction } from './use-stats-action';

/** The catalogue's two region re-polls, with the words the buttons and toasts use. */
const REFRESHES = [
  { id: 'market', label: 'Refresh market data', name: 'market data', path: marketRefreshPath },
  { id: 'tsm', label: 'Refresh TSM data', name: 'TSM data', path: tsmRefreshPath },
] as const satisfies readonly {
  id: CacheName;
  label: string;
  name: string;
  path: (region: Region) => string;
}[];

/**
 * Per region: re-poll the market data and re-fetch the TSM figures now. The toast is the server's answer;
 * the stats reload after either.
 */
export function RegionRefresh({ actions }: { actions: ReturnType<typeof useStatsAction> }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
      {REGION_LIST.map((region) => {
        const regionLabel = CACHE_REGION_LABELS[REGION_CACHE_KEYS[region]];
        return (
          <div
            key={region}
            role="group"
            aria-label={regionLabel}
            className="flex flex-wrap items-center gap-2"
          >
            <span className="w-full text-xs font-semibold tracking-wider text-slate-400 uppercase sm:w-8">
              {regionLabel}
            </span>
            {REFRESHES.map((refresh) => {
              const key = `${refresh.id}:${region}`;
              const running = actions.isRunning(key);
              return (
                <button
                  key={refresh.id}
                  type="button"
                  disabled={running}
                  aria-busy={running || undefined}
                  onClick={() =>
                    void actions.run({
                      key,
                      path: refresh.path(region),
                      success: (message) => message ?? TOASTS.cacheCleared(refresh.name, regionLabel),
                      failure: (error) =>
                        serverErrorOf(error) ?? TOASTS.clearCacheFailed(refresh.name, regionLabel),
                    })
                  }
                  className={buttonClass('secondary', 'xs')}
                >
                  {running ? <Spinner className="size-3.5 border-2" /> : null}
                  {refresh.label}
                </button>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
