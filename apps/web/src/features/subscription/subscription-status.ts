// What the screen reads off the user: whether a provider subscription is running, the current price,
// and which lines the summary shows. Pure, so the rules are tested apart from the screen.
import {
  CHECKOUT_SESSION_PARAM,
  CHECKOUT_SUCCESS_PARAM,
  FALLBACK_PRICE,
  cancelReason,
  currentPriceId,
  providerSubscriptionRunning,
  subscriptionDisplayState,
  subscriptionEndDate,
  subscriptionTerms,
  visiblePrices,
  type Price,
  type PriceInterval,
  type SubscriptionDisplayState,
} from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { SUBSCRIPTION_COPY } from './copy';
import { formatDate } from '../../shared/format-date';

/**
 * "Has a subscription": a provider subscription that is running by the domain's access rule (active,
 * trialing or past due, inside its period), as the server decides it. Granted gold time does not count.
 */
export function hasLiveSubscription(
  user: Pick<User, 'stripeSubscription'>,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  return (
    user.stripeSubscription != null &&
    providerSubscriptionRunning(subscriptionTerms(user.stripeSubscription), nowSeconds)
  );
}

/** Whether the user has or had a subscription of any kind (provider or granted time). */
export function hadSubscription(user: Pick<User, 'stripeSubscription' | 'goldSubscription'>): boolean {
  return user.stripeSubscription !== null || user.goldSubscription !== null;
}

/** The price of the running subscription, when the list has it. */
export function findCurrentPrice(prices: readonly Price[], user: User): Price | null {
  if (!hasLiveSubscription(user)) return null;
  const id = currentPriceId(user.stripeSubscription);
  return prices.find((price) => price.id === id) ?? null;
}

/** Where the toggle starts: a subscriber's own interval, everyone else monthly. */
export function initialInterval(current: Price | null): PriceInterval {
  return current?.recurring.interval ?? 'month';
}

/** Whether the screen can only offer the stand-in plan (the call failed or nothing usable came back). */
export function showsFallback(prices: readonly Price[], user: User): boolean {
  const id = hasLiveSubscription(user) ? currentPriceId(user.stripeSubscription) : null;
  const visible = visiblePrices(prices, id);
  return visible.length === 1 && visible[0]?.id === FALLBACK_PRICE.id;
}

export interface SummaryModel {
  /** The display state with its colour, or null for a user who never had a subscription. */
  state: SubscriptionDisplayState | null;
  /** Renewal or end of the provider subscription, in order of display. */
  periodLines: string[];
  /** Granted time from an admin, when there is some. */
  granted: { type: 'basic' | 'premium'; line: string } | null;
}

/** The lines of the "Your subscription" panel (SPEC §4 Subscription states). */
export function summaryModel(user: User): SummaryModel {
  const state = hadSubscription(user) ? subscriptionDisplayState(user) : null;
  const subscription = user.stripeSubscription;
  const periodLines: string[] = [];
  if (subscription && hasLiveSubscription(user)) {
    const end = subscriptionEndDate(subscription);
    if (user.inCancelation) {
      periodLines.push(cancelReason(subscription.status));
      if (end !== null) periodLines.push(SUBSCRIPTION_COPY.accessEndsOn(formatDate(end)));
    } else if (user.isActive && !user.isExpired) {
      const renewal = subscription.items.data[0]?.current_period_end ?? null;
      if (renewal !== null) periodLines.push(SUBSCRIPTION_COPY.renewsOn(formatDate(renewal)));
    }
  }
  const gold = user.goldSubscription;
  const granted = gold
    ? { type: gold.type, line: SUBSCRIPTION_COPY.grantedUntil(formatDate(gold.expiration)) }
    : null;
  return { state, periodLines, granted };
}

/** The checkout return of SPEC §4: `?checkout_success=true&session_id=…`. */
export interface CheckoutReturn {
  sessionId: string | null;
}

export function readCheckoutReturn(params: URLSearchParams): CheckoutReturn | null {
  if (!params.has(CHECKOUT_SUCCESS_PARAM)) return null;
  const success = params.get(CHECKOUT_SUCCESS_PARAM) === 'true';
  const sessionId = params.get(CHECKOUT_SESSION_PARAM);
  return { sessionId: success && sessionId ? sessionId : null };
}

/** The same query without the checkout return parameters. */
export function withoutCheckoutParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(CHECKOUT_SUCCESS_PARAM);
  next.delete(CHECKOUT_SESSION_PARAM);
  return next;
}
