import { deriveAccessFlags, type AccessFlags } from '@goldroute/domain';
import type { StripeSubscription } from '@goldroute/domain/api';
import type { ProviderSubscription } from '../payments/payment-provider';
import { pickCurrent, toWireSubscription } from '../payments/subscription-rows';

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
  const wire = current ? toWireSubscription(current) : null;
  const latestGold = granted
    .filter((r) => r.source === 'gold')
    .reduce<SubscriptionRow | undefined>(
      (best, r) => (!best || r.expiresAt > best.expiresAt ? r : best),
      undefined,
    );
  return {
    ...deriveAccessFlags(
      granted.map((r) => ({ startsAt: seconds(r.startsAt), expiresAt: seconds(r.expiresAt) })),
      wire,
      nowSeconds,
    ),
    goldSubscription: latestGold
      ? { type: latestGold.type, expiration: seconds(latestGold.expiresAt) }
      : null,
    stripeSubscription: wire,
  };
}
