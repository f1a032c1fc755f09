import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { adminStatsQueryOptions } from './api';
import { statsErrorMessage } from './errors';

/** The stats query; each failed load says why in a toast (SPEC §8 "Admin" stats texts). */
export function useAdminStats() {
  const session = useSession();
  const query = useQuery(adminStatsQueryOptions(session.request));
  const { error, errorUpdatedAt } = query;

  useEffect(() => {
    if (error) notifyError(statsErrorMessage(error));
    // errorUpdatedAt: every failure once, not every render.
  }, [error, errorUpdatedAt]);

  return query;
}
