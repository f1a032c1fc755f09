// The payment calls of the subscription screen (SPEC §7 Payments) and the profile reload, all guarded
// (bearer + refresh through the session).
import {
  changeSubscriptionResponseSchema,
  type CheckoutResponse,
  type PricesResponse,
  type ProfileResponse,
  type StripeSubscription,
  type SyncCheckoutResponse,
  type User,
} from '@goldroute/domain/api';
import type { Price } from '@goldroute/domain';
import { queryOptions } from '@tanstack/react-query';
import type { Session } from '../../lib/session';
import { PRICES_PATH } from '../../shared/pricing/api';

export const PAYMENTS_PATHS = {
  prices: PRICES_PATH,
  checkout: '/shared/payments/checkout',
  changeSubscription: '/shared/payments/change-subscription',
  cancelSubscription: '/shared/payments/cancel-subscription',
  resumeSubscription: '/shared/payments/resume-subscription',
  syncCheckout: '/shared/payments/sync-checkout',
} as const;

export const PROFILE_PATH = '/shared/users/profile';

type Request = Session['request'];

/** Every subscriber price list in the cache (one per signed-in user). */
export const subscriberPricesKey = ['payments', 'prices', 'subscriber'] as const;

/**
 * GET /shared/payments/prices with the bearer, so the server adds the caller's current price even when
 * it is no longer active. Keyed by user, apart from the landing page's public list.
 */
export const subscriberPricesQueryOptions = (request: Request, userId: string) =>
  queryOptions({
    queryKey: [...subscriberPricesKey, userId],
    queryFn: ({ signal }) => request<PricesResponse>(PAYMENTS_PATHS.prices, { signal }),
    // A body without a list counts as an empty list (the fallback plan).
    select: (response): Price[] => (Array.isArray(response.data) ? response.data : []),
  });

/** GET /shared/users/profile: the user as the server sees it now. */
export async function fetchProfile(request: Request): Promise<User> {
  const response = await request<ProfileResponse>(PROFILE_PATH);
  return response.user;
}

/** How often a profile reload after an action is tried again, with TanStack's growing delay (1 s, 2 s, 4 s). */
export const PROFILE_RELOAD_RETRIES = 3;

/**
 * The profile of the signed-in user, stored as it arrives. No abort signal: StrictMode's trial unmount
 * would cancel and repeat the call, and a profile that arrives is worth storing even if the screen has gone.
 */
export const profileQueryOptions = (request: Request, userId: string, store: (user: User) => void) =>
  queryOptions({
    queryKey: ['users', 'profile', userId],
    queryFn: async () => {
      const fresh = await fetchProfile(request);
      store(fresh);
      return fresh;
    },
    staleTime: 0,
  });

/** POST checkout: where the browser goes to pay (relative for the demo provider, absolute for Stripe). */
export async function startCheckout(request: Request, priceId: string): Promise<string> {
  const response = await request<CheckoutResponse>(PAYMENTS_PATHS.checkout, {
    method: 'POST',
    body: { priceId },
  });
  return response.paymentSessionUrl;
}

/**
 * POST change-subscription: the subscription as changed, or null when the answer is not one.
 * `prorationDate`: the confirmed preview's, so the charge is the figure the user saw.
 */
export async function changeSubscription(
  request: Request,
  newPriceId: string,
  prorationDate?: number,
): Promise<StripeSubscription | null> {
  const answer = await request(PAYMENTS_PATHS.changeSubscription, {
    method: 'POST',
    body: prorationDate === undefined ? { newPriceId } : { newPriceId, prorationDate },
  });
  const parsed = changeSubscriptionResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

export function cancelSubscription(request: Request): Promise<unknown> {
  return request(PAYMENTS_PATHS.cancelSubscription, { method: 'POST', body: {} });
}

export function resumeSubscription(request: Request): Promise<unknown> {
  return request(PAYMENTS_PATHS.resumeSubscription, { method: 'POST', body: {} });
}

/** Asks the server to read the finished checkout now instead of waiting for the provider's webhook. */
export async function syncCheckout(request: Request, sessionId: string): Promise<SyncCheckoutResponse> {
  return request<SyncCheckoutResponse>(PAYMENTS_PATHS.syncCheckout, { method: 'POST', body: { sessionId } });
}
