import { TOASTS } from '@goldroute/domain';
import { useCallback } from 'react';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { fetchProfile } from './api';

/**
 * Reloads the profile and stores it, so the screen shows what an action changed. A failure says
 * "Failed to refresh user data" and keeps the stored user; the result tells whether it worked.
 */
export function useReloadProfile(): () => Promise<boolean> {
  const { request } = useSession();
  const { setUser } = useAuth();
  return useCallback(async () => {
    try {
      setUser(await fetchProfile(request));
      return true;
    } catch {
      notifyError(TOASTS.profileRefreshFailed);
      return false;
    }
  }, [request, setUser]);
}
