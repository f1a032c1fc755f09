import { TOASTS, type SubscriptionType } from '@goldroute/domain';
import type { AdminUser } from '@goldroute/domain/api';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { ADMIN_STATS_KEY, addSubscriptionTime } from './api';
import { grantErrorMessage } from './errors';
import type { Grant } from './grant-result';

/** Adds subscription time with the SPEC §8 texts; `grant` is what the last success left. */
export function useGrantTime() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [grant, setGrant] = useState<Grant | null>(null);

  const run = async (user: AdminUser, type: SubscriptionType, months: number): Promise<void> => {
    setBusy(true);
    try {
      const answer = await addSubscriptionTime(session.request, user.userID, type, months);
      if (!answer.ok) {
        notifyError(answer.message ? TOASTS.errorPrefixed(answer.message) : TOASTS.addTimeFailed);
        return;
      }
      notifySuccess(TOASTS.addTimeSuccess);
      setGrant(
        answer.goldSubscription
          ? {
              email: user.userEmail,
              type: answer.goldSubscription.type,
              expiration: answer.goldSubscription.expiration,
            }
          : null,
      );
      // The subscription cards count this user differently now.
      void queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY });
    } catch (error) {
      notifyError(grantErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return { run, busy, grant };
}
