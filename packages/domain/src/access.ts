// Who may use the tools: hasAccess, isActive, isExpired and inCancelation of the User (SPEC §3), derived
// from subscription time alone, in one place for the profile, the market calls and the admin counts.
// The rule reads a subscription in our own terms (status, period end, cancel date), whichever provider
// holds it; the Stripe-shaped wire object is only how the User entity shows it.
import type { SubscriptionStatus } from './api/payments';
import type { SUBSCRIPTION_STAT_NAMES } from './constants';
import { isAdmin } from './enums';

/**
 * Statuses in which the payment provider still counts a subscription as running. past_due is one: the
 * provider is retrying the renewal payment, and ends the subscription itself when the retries give up.
 */
const RUNNING_STATUSES: ReadonlySet<SubscriptionStatus> = new Set(['active', 'trialing', 'past_due']);

/**
 * How long a renewing subscription keeps access after its period end while the provider's renewal has
 * not reached us yet (webhooks can lag). It is not the spec's grace period (which is unused): a
 * subscription set to cancel, or past due, gets none.
 */
export const RENEWAL_LEEWAY_SECONDS = 3600;

/** Subscription time granted by an admin (goldSubscription), in unix seconds. */
export interface GrantedTime {
  startsAt: number;
  expiresAt: number;
}

/** A provider subscription as the access rule reads it; times in unix seconds. */
export interface SubscriptionTerms {
  status: SubscriptionStatus;
  /** End of the paid period (the renewal date while it renews). */
  currentPeriodEnd: number;
  /** When it is set to end, or null while it renews. */
  cancelAt: number | null;
}

export interface AccessFlags {
  hasAccess: boolean;
  isActive: boolean;
  isExpired: boolean;
  inCancelation: boolean;
}

/** When the provider subscription's access ends (unix seconds): its period end, or an earlier cancel date. */
export function providerAccessEnd(subscription: SubscriptionTerms): number {
  const periodEnd = subscription.currentPeriodEnd;
  return subscription.cancelAt != null ? Math.min(subscription.cancelAt, periodEnd) : periodEnd;
}

/** Whether a provider subscription gives access at `now` (unix seconds). */
export function providerSubscriptionRunning(subscription: SubscriptionTerms, now: number): boolean {
  if (!RUNNING_STATUSES.has(subscription.status)) return false;
  const renewing = subscription.status !== 'past_due' && subscription.cancelAt == null;
  return now < providerAccessEnd(subscription) + (renewing ? RENEWAL_LEEWAY_SECONDS : 0);
}

/**
 * The one rule. Access: a running provider subscription (active or trialing, one in cancelation until its
 * period ends, one past due while the provider retries) or granted time that covers now.
 * - inCancelation: a running subscription that will end: set to cancel, or past due (SPEC §4: a past-due
 *   cancelation, "Reason: Payment failed").
 * - isExpired: no access because time ran out: granted time that ended, or a subscription that ended at
 *   the end of its period (it was set to cancel, or its renewal never came). A subscription the provider
 *   ended early (payments failed for good, or cancelled at once) is not expired but canceled, as is a user
 *   who never subscribed: both show "Canceled" (SPEC §4 display state "otherwise").
 */
export function deriveAccessFlags(
  granted: readonly GrantedTime[],
  provider: SubscriptionTerms | null,
  now: number,
): AccessFlags {
  const grantedNow = granted.some((g) => g.startsAt <= now && now < g.expiresAt);
  const running = provider !== null && providerSubscriptionRunning(provider, now);
  const hasAccess = grantedNow || running;
  const providerRanOut =
    provider !== null &&
    !running &&
    (RUNNING_STATUSES.has(provider.status) || (provider.status === 'canceled' && provider.cancelAt != null));
  // With both kinds of time, whichever ended last says how access ended.
  const grantedEnd = granted.reduce((end, g) => (g.expiresAt <= now ? Math.max(end, g.expiresAt) : end), -1);
  const grantedLast = grantedEnd >= 0 && (provider === null || grantedEnd > providerAccessEnd(provider));
  return {
    hasAccess,
    isActive: hasAccess,
    isExpired: !hasAccess && (grantedLast || providerRanOut),
    inCancelation:
      running && provider !== null && (provider.cancelAt != null || provider.status === 'past_due'),
  };
}

/**
 * The provider subscription a user sees (SPEC §3 stripeSubscription): the running one that started last,
 * otherwise the one that started last (so a past subscription still shows how it ended).
 */
export function currentProviderSubscription<T extends SubscriptionTerms & { startDate: number }>(
  subscriptions: readonly T[],
  now: number,
): T | null {
  const latest = (list: readonly T[]) =>
    list.reduce<T | null>((best, s) => (!best || s.startDate > best.startDate ? s : best), null);
  return latest(subscriptions.filter((s) => providerSubscriptionRunning(s, now))) ?? latest(subscriptions);
}

export type SubscriptionStatName = (typeof SUBSCRIPTION_STAT_NAMES)[number];

/**
 * The subscription stat card a user counts in (SPEC §3 subscriptionData), by the same flags the rest of the
 * app shows: In cancelation before Active (both have access), Expired, Canceled, or no subscription ever.
 */
export function subscriptionStatName(flags: AccessFlags, hadSubscription: boolean): SubscriptionStatName {
  if (!hadSubscription) return 'no';
  if (flags.inCancelation) return 'in cancelation';
  if (flags.hasAccess) return 'active';
  return flags.isExpired ? 'expired' : 'canceled';
}

/** SPEC §6: an admin has every right of a subscriber ("Everything above"), subscription or not. */
export const hasToolAccess = (
  flags: Pick<AccessFlags, 'hasAccess'>,
  role: string | null | undefined,
): boolean => flags.hasAccess || isAdmin(role);
