import { TOASTS } from '@goldroute/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { PROFILE_RELOAD_RETRIES, fetchProfile, profileQueryOptions } from './api';

/**
 * Reloads the profile and stores it, so the screen shows what an action changed. A failure says
 * "Failed to refresh user data" and keeps the stored user; the result tells whether it worked. The
 * action has already happened on the server, so after a failure the profile query keeps trying in the
 * background (TanStack retry; it stops when the screen observing the query is left) and the screen
 * catches up without a manual reload.
 */
export function useReloadProfile(): () => Promise<boolean> {
  const { request } = useSession();
  const { userData, setUser } = useAuth();
  const queryClient = useQueryClient();
  const userId = userData?.id;
  return useCallback(async () => {
    try {
      setUser(await fetchProfile(request));
      return true;
    } catch {
      notifyError(TOASTS.profileRefreshFailed);
      if (userId) {
        const options = profileQueryOptions(request, userId, setUser);
        void queryClient.fetchQuery({ ...options, retry: PROFILE_RELOAD_RETRIES }).catch(() => undefined);
      }
      return false;
    }
  }, [request, setUser, queryClient, userId]);
}
