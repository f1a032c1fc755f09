// Plans, prices and subscription display rules (SPEC §3 Price, §4 Subscription states).
import type { SubscriptionTerms } from './access';
import type { StripeSubscription } from './api/payments';
import type { User } from './api/users';
import { CANCEL_REASONS, PLAN_LABELS, SUBSCRIPTION_STATE_LABELS } from './messages';
import type { StatusColor } from './format';
import type { Price, PriceInterval } from './price';

export type PlanType = 'Advanced' | 'Basic' | 'Standard';

/** lookup_key containing "advanced" is Advanced, "basic" is Basic, anything else Standard (case ignored). */
export function planTypeFromLookupKey(key: string | null | undefined): PlanType {
  const lower = (key ?? '').toLowerCase();
  if (lower.includes('advanced')) return 'Advanced';
  if (lower.includes('basic')) return 'Basic';
  return 'Standard';
}

/** Saving of a yearly price against 12 monthly payments, whole percent; never below 0. */
export function yearlySavingsPercent(monthlyUnitAmount: number, yearlyUnitAmount: number): number {
  const twelveMonths = monthlyUnitAmount * 12;
  if (twelveMonths <= 0) return 0;
  return Math.max(0, Math.round((1 - yearlyUnitAmount / twelveMonths) * 100));
}

function intervalWord(interval: PriceInterval): 'monthly' | 'yearly' {
  return interval === 'year' ? 'yearly' : 'monthly';
}

/**
 * Label of a plan card's button relative to the user's current price. A subscriber whose current
 * price is unknown (not in the list) gets "Switch Plan" on every card.
 */
export function planButtonLabel(
  price: Price,
  current: Price | null | undefined,
  hasSubscription: boolean,
): string {
  if (!hasSubscription) return PLAN_LABELS.subscribeNow;
  if (!current) return PLAN_LABELS.switchPlan;
  if (price.id === current.id) return PLAN_LABELS.currentPlan;
  const target = planTypeFromLookupKey(price.lookup_key);
  const now = planTypeFromLookupKey(current.lookup_key);
  const sameInterval = price.recurring.interval === current.recurring.interval;
  if (target === now) {
    return sameInterval
      ? PLAN_LABELS.switchPlan
      : PLAN_LABELS.switchTo(intervalWord(price.recurring.interval));
  }
  if (target === 'Advanced') return PLAN_LABELS.upgradeToAdvanced;
  if (target === 'Basic' && now === 'Advanced') {
    return sameInterval
      ? PLAN_LABELS.downgradeToBasic
      : PLAN_LABELS.downgradeToBasicWithInterval(intervalWord(price.recurring.interval));
  }
  return PLAN_LABELS.switchPlan;
}

export interface SubscriptionDisplayState {
  label: (typeof SUBSCRIPTION_STATE_LABELS)[keyof typeof SUBSCRIPTION_STATE_LABELS];
  color: StatusColor;
}

/**
 * The flags overlap (a cancelled subscription stays active until its period ends), so the more
 * specific state wins: Expired, then In cancelation, then Active, otherwise Canceled.
 */
export function subscriptionDisplayState(
  user: Pick<User, 'isActive' | 'isExpired' | 'inCancelation'>,
): SubscriptionDisplayState {
  if (user.isExpired) return { label: SUBSCRIPTION_STATE_LABELS.expired, color: 'red' };
  if (user.inCancelation) return { label: SUBSCRIPTION_STATE_LABELS.inCancelation, color: 'yellow' };
  if (user.isActive) return { label: SUBSCRIPTION_STATE_LABELS.active, color: 'green' };
  return { label: SUBSCRIPTION_STATE_LABELS.canceled, color: 'red' };
}

type SubscriptionUser = Pick<User, 'isActive' | 'isExpired' | 'inCancelation' | 'stripeSubscription'>;

/** Active subscriptions offer cancel; those in cancelation offer resume unless payment failed. */
export function subscriptionActions(user: SubscriptionUser): { canCancel: boolean; canResume: boolean } {
  const pastDue = user.stripeSubscription?.status === 'past_due';
  return {
    canCancel: user.isActive && !user.isExpired && !user.inCancelation,
    canResume: user.inCancelation && !pastDue,
  };
}

export function cancelReason(status: string | null | undefined): string {
  return status === 'past_due' ? CANCEL_REASONS.paymentFailed : CANCEL_REASONS.cancelled;
}

/** When access ends: the scheduled cancel time, else the end of the paid period (unix seconds). */
export function subscriptionEndDate(subscription: User['stripeSubscription']): number | null {
  if (!subscription) return null;
  return subscription.cancel_at ?? subscription.items.data[0]?.current_period_end ?? null;
}

/** The User's provider subscription (its Stripe-shaped wire object) in the terms the access rule reads. */
export function subscriptionTerms(subscription: StripeSubscription): SubscriptionTerms {
  return {
    status: subscription.status,
    currentPeriodEnd: subscription.items.data[0]?.current_period_end ?? 0,
    cancelAt: subscription.cancel_at,
  };
}

export function currentPriceId(subscription: User['stripeSubscription']): string | null {
  return subscription?.items.data[0]?.price.id ?? null;
}

/** Shown alone when prices cannot be loaded or none remain (SPEC §8): $4.99 USD per month. */
export const FALLBACK_PRICE: Readonly<Price> = Object.freeze({
  id: 'fallback',
  active: true,
  unit_amount: 499,
  currency: 'usd',
  recurring: Object.freeze({ interval: 'month' as const }),
  lookup_key: null,
});

/** Active prices plus the user's current one (even if retired); the fallback when nothing is left. */
export function visiblePrices(prices: readonly Price[], currentPriceId?: string | null): Price[] {
  const kept = prices.filter((p) => p.active || (currentPriceId != null && p.id === currentPriceId));
  return kept.length > 0 ? kept : [FALLBACK_PRICE];
}

/** Yearly is offered only if yearly prices exist; otherwise the toggle defaults to monthly. */
export function hasYearlyPrices(prices: readonly Price[]): boolean {
  return prices.some((p) => p.recurring.interval === 'year');
}

/** "$4.99" from minor units. */
export function formatPriceAmount(price: Pick<Price, 'unit_amount' | 'currency'>): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency.toUpperCase() }).format(
    price.unit_amount / 100,
  );
}
