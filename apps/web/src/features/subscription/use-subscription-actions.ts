import { TOASTS, type Price } from '@goldroute/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { serverErrorOf } from '../../lib/api-client';
import { useAuth } from '../../lib/auth-store';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import {
  cancelSubscription,
  changeSubscription,
  resumeSubscription,
  startCheckout,
  subscriberPricesKey,
} from './api';
import { invoicesKey } from './billing-api';
import { useReloadProfile } from './use-reload-profile';

/**
 * The action in flight: its button says "Processing..." and every other action waits. A resume started
 * from a plan card names that card's price, so only that button says so.
 */
export type BusyAction =
  | { kind: 'checkout'; priceId: string }
  | { kind: 'change'; priceId: string }
  | { kind: 'cancel' }
  | { kind: 'resume'; priceId?: string };

export interface SubscriptionActions {
  busy: BusyAction | null;
  /** Checkout, then the browser goes to the payment page. */
  subscribe: (price: Price) => Promise<void>;
  /** `prorationDate`: the confirmed preview's. */
  changePlan: (price: Price, prorationDate?: number) => Promise<boolean>;
  cancel: () => Promise<boolean>;
  /** `fromPriceId`: the plan card it was started from, if any. */
  resume: (fromPriceId?: string) => Promise<boolean>;
}

/**
 * Subscribe, change plan, cancel and resume (SPEC §7 Payments). Failures show the server's error text
 * when it sent one, else the SPEC §8 message; successes show theirs and reload the profile (a change
 * shows the subscription it answered first), so the screen shows the new state before the button is
 * free again.
 */
export function useSubscriptionActions(): SubscriptionActions {
  const { request } = useSession();
  const { userData, setUser } = useAuth();
  const reloadProfile = useReloadProfile();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<BusyAction | null>(null);

  // Back from the payment page through the back/forward cache: the page must not stay "Processing...".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const subscribe = async (price: Price) => {
    setBusy({ kind: 'checkout', priceId: price.id });
    try {
      window.location.assign(await startCheckout(request, price.id));
    } catch (error) {
      notifyError(serverErrorOf(error) ?? TOASTS.checkoutFailed);
      setBusy(null);
    }
  };

  const runThenReload = async <T>(
    action: BusyAction,
    call: () => Promise<T>,
    messages: { success: string; failure: string },
    applyAnswer?: (answer: T) => void,
  ): Promise<boolean> => {
    setBusy(action);
    let answer: T;
    try {
      answer = await call();
    } catch (error) {
      notifyError(serverErrorOf(error) ?? messages.failure);
      setBusy(null);
      return false;
    }
    notifySuccess(messages.success);
    applyAnswer?.(answer);
    // The current price may have changed, and the server lists a retired current price only while current;
    // a change is billed at once, so the invoices have one more.
    await Promise.all([
      reloadProfile(),
      queryClient.invalidateQueries({ queryKey: subscriberPricesKey }),
      queryClient.invalidateQueries({ queryKey: invoicesKey }),
    ]);
    setBusy(null);
    return true;
  };

  return {
    busy,
    subscribe,
    changePlan: (price, prorationDate) =>
      runThenReload(
        { kind: 'change', priceId: price.id },
        () => changeSubscription(request, price.id, prorationDate),
        { success: TOASTS.changeSuccess, failure: TOASTS.changeFailed },
        // The answer is the changed subscription: shown at once, so a reload that fails cannot leave the
        // screen on the plan the user just left.
        (subscription) => {
          if (subscription && userData) setUser({ ...userData, stripeSubscription: subscription });
        },
      ),
    cancel: () =>
      runThenReload({ kind: 'cancel' }, () => cancelSubscription(request), {
        success: TOASTS.cancelSuccess,
        failure: TOASTS.cancelFailed,
      }),
    resume: (fromPriceId) =>
      runThenReload({ kind: 'resume', priceId: fromPriceId }, () => resumeSubscription(request), {
        success: TOASTS.resumeSuccess,
        failure: TOASTS.resumeFailed,
      }),
  };
}
