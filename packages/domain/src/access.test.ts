import { describe, expect, it } from 'vitest';
import {
  RENEWAL_LEEWAY_SECONDS,
  currentProviderSubscription,
  deriveAccessFlags,
  hasToolAccess,
  providerAccessEnd,
  subscriptionStatName,
  type SubscriptionTerms,
} from './access';
import type { SubscriptionStatus } from './api/payments';

const NOW = 1_800_000_000;
const DAY = 86_400;

function sub(
  status: SubscriptionStatus,
  periodEnd: number,
  options: { cancelAt?: number | null; start?: number; price?: string } = {},
): SubscriptionTerms & { startDate: number; priceId: string } {
  return {
    status,
    startDate: options.start ?? periodEnd - 30 * DAY,
    currentPeriodEnd: periodEnd,
    cancelAt: options.cancelAt ?? null,
    priceId: options.price ?? 'price_basic_monthly',
  };
}

const flags = (hasAccess: boolean, isExpired: boolean, inCancelation: boolean) => ({
  hasAccess,
  isActive: hasAccess,
  isExpired,
  inCancelation,
});

describe('deriveAccessFlags (the one access rule)', () => {
  it.each([
    ['never subscribed: no access, not expired (shown as Canceled)', [], null, flags(false, false, false)],
    [
      'granted time running now',
      [{ startsAt: NOW - DAY, expiresAt: NOW + DAY }],
      null,
      flags(true, false, false),
    ],
    [
      'granted time that ended: Expired',
      [{ startsAt: NOW - 9 * DAY, expiresAt: NOW - DAY }],
      null,
      flags(false, true, false),
    ],
    [
      'granted time that has not started yet',
      [{ startsAt: NOW + DAY, expiresAt: NOW + 9 * DAY }],
      null,
      flags(false, false, false),
    ],
    ['active subscription inside its period', [], sub('active', NOW + 9 * DAY), flags(true, false, false)],
    ['trialing subscription', [], sub('trialing', NOW + 9 * DAY), flags(true, false, false)],
    [
      'set to cancel: access kept until the period ends, in cancelation',
      [],
      sub('active', NOW + 9 * DAY, { cancelAt: NOW + 9 * DAY }),
      flags(true, false, true),
    ],
    [
      'set to cancel and the period is over: Expired, no leeway',
      [],
      sub('active', NOW - 1, { cancelAt: NOW - 1 }),
      flags(false, true, false),
    ],
    [
      'canceled by the provider after the scheduled cancel: Expired',
      [],
      sub('canceled', NOW - DAY, { cancelAt: NOW - DAY }),
      flags(false, true, false),
    ],
    [
      'past due: the provider retries, in cancelation with access',
      [],
      sub('past_due', NOW + 9 * DAY),
      flags(true, false, true),
    ],
    [
      'canceled at once by the provider (payments failed for good): Canceled',
      [],
      sub('canceled', NOW + 9 * DAY),
      flags(false, false, false),
    ],
    [
      'incomplete checkout never gives access',
      [],
      sub('incomplete', NOW + 9 * DAY),
      flags(false, false, false),
    ],
    [
      'a renewal not reported yet keeps access for the leeway',
      [],
      sub('active', NOW - RENEWAL_LEEWAY_SECONDS + 5),
      flags(true, false, false),
    ],
    [
      'a renewal that never came: Expired after the leeway',
      [],
      sub('active', NOW - RENEWAL_LEEWAY_SECONDS),
      flags(false, true, false),
    ],
    [
      'granted time covers a canceled subscription',
      [{ startsAt: NOW - DAY, expiresAt: NOW + DAY }],
      sub('canceled', NOW + 9 * DAY),
      flags(true, false, false),
    ],
    [
      'granted time that ended after an early cancel: Expired',
      [{ startsAt: NOW - 40 * DAY, expiresAt: NOW - DAY }],
      sub('canceled', NOW - 20 * DAY),
      flags(false, true, false),
    ],
  ])('%s', (_name, granted, provider, expected) => {
    expect(deriveAccessFlags(granted, provider, NOW)).toEqual(expected);
  });
});

describe("subscriptionStatName (the admin page's subscription cards)", () => {
  it.each([
    ['never subscribed', [], null, false, 'no'],
    ['granted time running', [{ startsAt: NOW - DAY, expiresAt: NOW + DAY }], null, true, 'active'],
    [
      'set to cancel, still running',
      [],
      sub('active', NOW + DAY, { cancelAt: NOW + DAY }),
      true,
      'in cancelation',
    ],
    ['past due', [], sub('past_due', NOW + DAY), true, 'in cancelation'],
    ['ran out', [{ startsAt: NOW - 9 * DAY, expiresAt: NOW - DAY }], null, true, 'expired'],
    ['ended early by the provider', [], sub('canceled', NOW + DAY), true, 'canceled'],
  ] as const)('%s: %s', (_name, granted, provider, had, expected) => {
    expect(subscriptionStatName(deriveAccessFlags(granted, provider, NOW), had)).toBe(expected);
  });

  it('an admin has tool access without a subscription; a user does not', () => {
    const none = deriveAccessFlags([], null, NOW);
    expect(hasToolAccess(none, 'admin')).toBe(true);
    expect(hasToolAccess(none, 'user')).toBe(false);
  });
});

describe('providerAccessEnd', () => {
  it('is the period end, or an earlier cancel date', () => {
    expect(providerAccessEnd(sub('active', NOW + DAY))).toBe(NOW + DAY);
    expect(providerAccessEnd(sub('active', NOW + DAY, { cancelAt: NOW + 60 }))).toBe(NOW + 60);
  });
});

describe('currentProviderSubscription', () => {
  it('prefers the running subscription that started last, else the last one started', () => {
    const old = sub('canceled', NOW - DAY, { start: NOW - 90 * DAY, price: 'old' });
    const running = sub('active', NOW + DAY, { start: NOW - 60 * DAY, price: 'running' });
    const newerEnded = sub('canceled', NOW + DAY, { start: NOW - 10 * DAY, price: 'newer-ended' });
    expect(currentProviderSubscription([old, running, newerEnded], NOW)?.priceId).toBe('running');
    expect(currentProviderSubscription([old, newerEnded], NOW)?.priceId).toBe('newer-ended');
    expect(currentProviderSubscription([], NOW)).toBeNull();
  });
});
