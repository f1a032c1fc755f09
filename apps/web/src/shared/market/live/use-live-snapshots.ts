// The tool pages' live data: the browser's one snapshot stream sets the timer query's data, so the banner
// learns of a new snapshot at once instead of at the next 60 s poll; and the shown report once the rows of
// the snapshot the page reloaded for are on screen.
import type { Region } from '@goldroute/domain';
import { snapshotEventSchema, type SnapshotEvent, type TimerResponse } from '@goldroute/domain/api';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { AuthStoreContext, useAuth } from '../../../lib/auth-store';
import { useSession } from '../../../lib/use-session';
import { MARKET_PATHS, timerQueryOptions } from '../api';
import { browserTabs, shareOneStream, type TabCoordination } from './one-stream-per-browser';
import { awaitShown, reportShownOnce } from './shown-report';
import { streamSnapshots } from './snapshot-stream';

export const EVENTS_LOCK = (region: Region) => `goldroute-events-${region}`;

/** Puts a snapshot event in the timer query, unless the query already knows a newer snapshot. */
export async function applySnapshot(queryClient: QueryClient, event: SnapshotEvent): Promise<void> {
  const { queryKey } = timerQueryOptions(event.region);
  const known = queryClient.getQueryData<TimerResponse>(queryKey);
  if (known && known.lastModified > event.lastModified) return;
  // A poll answered just before the snapshot was published must not land after the event and undo it.
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData<TimerResponse>(queryKey, {
    lastModified: event.lastModified,
    lateRealms: event.lateRealms,
  });
}

const acceptSnapshot = (data: unknown): SnapshotEvent | null => {
  const parsed = snapshotEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
};

/** Listens to the region's snapshots while a signed-in user with access has a tool open. */
export function useLiveSnapshots(region: Region, tabs: TabCoordination = browserTabs()): void {
  const session = useSession();
  const store = useContext(AuthStoreContext);
  const queryClient = useQueryClient();
  const { hasAccess } = useAuth();
  const { locks, openChannel } = tabs;

  useEffect(() => {
    if (!hasAccess || !store) return;
    return shareOneStream<SnapshotEvent>({
      name: EVENTS_LOCK(region),
      locks,
      openChannel,
      accept: acceptSnapshot,
      onMessage: (event) => {
        if (event.region === region) void applySnapshot(queryClient, event);
      },
      run: ({ emit, signal, lastEventId }) =>
        streamSnapshots({
          region,
          signal,
          lastEventId,
          accessToken: () => store.getState().tokens.accessToken,
          refresh: (stale) => session.refresh(stale),
          onSnapshot: emit,
        }),
    });
  }, [region, hasAccess, store, session, queryClient, locks, openChannel]);
}

/** The banner's reload for a new snapshot: remembers to report its rows once they show, then reloads. */
export function reloadForSnapshot(region: Region, lastModified: number, reload: () => void): void {
  awaitShown(region, lastModified);
  reload();
}

/** Sends the shown report when the rows of the snapshot this tab reloaded for are on screen. */
export function useShownReport(region: Region, lastModified: number): void {
  const session = useSession();
  useEffect(() => {
    void reportShownOnce(region, lastModified, () =>
      session.request(MARKET_PATHS.shown(region), { method: 'POST', body: { lastModified } }),
    );
  }, [region, lastModified, session]);
}
