export interface SubscriptionRow {
  source: 'gold' | 'stripe';
  type: string;
  startsAt: Date;
  expiresAt: Date;
}

export interface Access {
  hasAccess: boolean;
  isActive: boolean;
  isExpired: boolean;
  inCancelation: boolean;
  /** Expiration in unix seconds, like the payment provider's subscription times. */
  goldSubscription: { type: string; expiration: number } | null;
}

/** Access is derived from the subscription rows on every read, never stored as a flag. */
export function deriveAccess(rows: readonly SubscriptionRow[], now: Date): Access {
  const active = rows.some((r) => r.startsAt <= now && now < r.expiresAt);
  const latestGold = rows
    .filter((r) => r.source === 'gold')
    .reduce<SubscriptionRow | undefined>(
      (best, r) => (!best || r.expiresAt > best.expiresAt ? r : best),
      undefined,
    );
  return {
    hasAccess: active,
    isActive: active,
    isExpired: !active && rows.length > 0,
    // Only a payment-provider subscription can be in cancelation; granted gold time simply runs out.
    inCancelation: false,
    goldSubscription: latestGold
      ? { type: latestGold.type, expiration: Math.floor(latestGold.expiresAt.getTime() / 1000) }
      : null,
  };
}
