// The server's one reader of the domain's access rule: a user's granted time and provider subscriptions, as
// stored, go in; the User entity's access flags and the subscription it shows come out. Payments (is the
// subscription running, which one is current) and the admin counts ask here too.
import {
  currentProviderSubscription,
  deriveAccessFlags,
  providerSubscriptionRunning,
  type AccessFlags,
} from '@goldroute/domain';
import type { StripeSubscription } from '@goldroute/domain/api';
import type { ProviderSubscription } from '../payments/payment-provider';

export interface SubscriptionRow {
  source: 'gold' | 'stripe';
  type: string;
  startsAt: Date;
  expiresAt: Date;
}

export interface Access extends AccessFlags {
  /** Expiration in unix seconds, like the payment provider's subscription times. */
  goldSubscription: { type: string; expiration: number } | null;
  /** The provider subscription the user sees (SPEC §3), for Stripe and the demo provider alike. */
  stripeSubscription: StripeSubscription | null;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Running now by the domain's access rule (active, trialing or past due, inside its period). */
export const isLive = (subscription: ProviderSubscription, nowSeconds: number): boolean =>
  providerSubscriptionRunning(subscription, nowSeconds);

/** The subscription the user sees and acts on: the running one that started last, else the last one. */
export const pickCurrent = (
  subscriptions: readonly ProviderSubscription[],
  nowSeconds: number,
): ProviderSubscription | null => currentProviderSubscription(subscriptions, nowSeconds);

/** The subscription object of the User entity and of the payment calls (SPEC §3), for either provider. */
export function toWireSubscription(s: ProviderSubscription): StripeSubscription {
  return {
    status: s.status,
    start_date: s.startDate,
    cancel_at: s.cancelAt,
    items: { data: [{ price: { id: s.priceId }, current_period_end: s.currentPeriodEnd }] },
  };
}

/**
 * Access is derived from subscription time on every read, never stored as a flag: granted (gold) rows and
 * the provider subscriptions as last read from the provider, by the domain's one rule.
 */
export function deriveAccess(
  granted: readonly SubscriptionRow[],
  provider: readonly ProviderSubscription[],
  now: Date,
): Access {
  const nowSeconds = seconds(now);
  const current = pickCurrent(provider, nowSeconds);
  const latestGold = granted
    .filter((r) => r.source === 'gold')
    .reduce<SubscriptionRow | undefined>(
      (best, r) => (!best || r.expiresAt > best.expiresAt ? r : best),
      undefined,
    );
  return {
    ...deriveAccessFlags(
      granted.map((r) => ({ startsAt: seconds(r.startsAt), expiresAt: seconds(r.expiresAt) })),
      current,
      nowSeconds,
    ),
    goldSubscription: latestGold
      ? { type: latestGold.type, expiration: seconds(latestGold.expiresAt) }
      : null,
    stripeSubscription: current ? toWireSubscription(current) : null,
  };
}
