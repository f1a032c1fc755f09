import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { ADMIN_STATS_KEY, runCacheAction } from './api';

export interface StatsAction {
  /** One run at a time per key (SPEC §4: per cache and region key); other keys run alongside. */
  key: string;
  path: string;
  /** The toast on success, given the server's message (if any). */
  success: (serverMessage: string | null) => string;
  /** The toast on failure, given the thrown error. */
  failure: (error: unknown) => string;
}

/**
 * Runs the cache clears and data refreshes of the stats page: says how it went, then reloads the stats
 * whatever the outcome (SPEC §4). `isRunning(key)` is true while that key's call is in flight.
 */
export function useStatsAction() {
  const session = useSession();
  const queryClient = useQueryClient();
  const inFlight = useRef(new Set<string>());
  const [running, setRunning] = useState<ReadonlySet<string>>(() => new Set());

  const sync = () => setRunning(new Set(inFlight.current));

  const run = async ({ key, path, success, failure }: StatsAction): Promise<void> => {
    if (inFlight.current.has(key)) return;
    inFlight.current.add(key);
    sync();
    try {
      notifySuccess(success(await runCacheAction(session.request, path)));
    } catch (error) {
      notifyError(failure(error));
    } finally {
      inFlight.current.delete(key);
      sync();
      await queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    }
  };

  const isRunning = useCallback((key: string) => running.has(key), [running]);
  return { run, isRunning };
}
