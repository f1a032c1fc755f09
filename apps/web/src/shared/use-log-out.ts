import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/use-session';
import { paths } from './paths';

/** Log out as SPEC §2 and §4 say: back to /, the session ended on the server and forgotten here. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();

  // Leave the guarded page first, committed synchronously so its guard is gone and cannot bounce to
  // /login, then end the session on the server and forget it here, whatever the server says (SPEC §4),
  // with what the signed-in pages cached.
  return useCallback(async () => {
    try {
      await navigate(paths.home, { flushSync: true });
    } finally {
      await session.logout();
      queryClient.removeQueries({ type: 'inactive' });
    }
  }, [navigate, queryClient, session]);
}
