// Prices, subscribers and a fake payments server for the subscription screen tests.
import type { Price } from '@goldroute/domain';
import type { Invoice, PreviewChangeResponse, StripeSubscription, User } from '@goldroute/domain/api';
import { fakeApi, json, type ApiCall } from '../../test/fake-api';
import { makeUser, price } from '../../test/fixtures';

/**
 * The end of the paid period: far enough ahead that the subscription is running whenever the tests run
 * (the screen asks the domain's access rule against the real clock), at noon UTC so the date reads the
 * same in every time zone.
 */
export const PERIOD_END = Date.UTC(2099, 10, 24, 12) / 1000;
export const PERIOD_END_TEXT = 'November 24, 2099';

export { price };

export const PRICES: Price[] = [
  price('basic-m', 'basic_monthly', 'month', 499),
  price('adv-m', 'advanced_monthly', 'month', 999),
  price('basic-y', 'basic_yearly', 'year', 4790),
  price('adv-y', 'advanced_yearly', 'year', 9590),
];

export const MONTHLY_ONLY = PRICES.filter((p) => p.recurring.interval === 'month');

export function providerSubscription(
  priceId: string,
  overrides: Partial<StripeSubscription> = {},
): StripeSubscription {
  return {
    status: 'active',
    start_date: PERIOD_END - 30 * 86400,
    cancel_at: null,
    items: { data: [{ price: { id: priceId }, current_period_end: PERIOD_END }] },
    ...overrides,
  };
}

/** A subscriber with access on `priceId`. */
export function subscriber(priceId = 'basic-m', overrides: Partial<User> = {}): User {
  return makeUser({ stripeSubscription: providerSubscription(priceId), ...overrides });
}

/** The same subscriber after cancelling: in cancelation until the period ends. */
export function inCancelation(priceId = 'basic-m', overrides: Partial<User> = {}): User {
  return makeUser({
    inCancelation: true,
    stripeSubscription: providerSubscription(priceId, { cancel_at: PERIOD_END }),
    ...overrides,
  });
}

/** Signed in, never subscribed. */
export function withoutSubscription(overrides: Partial<User> = {}): User {
  return makeUser({ hasAccess: false, isActive: false, ...overrides });
}

/** What the server says a change from Basic to Advanced monthly costs now, halfway through the period. */
export const PREVIEW: PreviewChangeResponse = {
  amountDue: 250,
  creditApplied: 0,
  currency: 'usd',
  lines: [
    { description: 'Unused time on 1 × Basic after 10 Nov 2099', amount: -250 },
    { description: 'Remaining time on 1 × Advanced after 10 Nov 2099', amount: 500 },
  ],
  nextRenewal: { amount: 999, date: PERIOD_END },
  prorationDate: PERIOD_END - 14 * 86400,
};

type Route = (call: ApiCall) => Response | Promise<Response>;

/**
 * A payments server: prices and the profile by default (the profile is `state.user`, which routes may
 * replace, as the real server changes the user), anything else through `routes` or a 500.
 */
export function paymentsApi(
  user: User,
  routes: Record<string, Route> = {},
  prices: Price[] | Route = PRICES,
) {
  const state = { user };
  const fake = fakeApi((call) => {
    const route = routes[call.path];
    if (route) return route(call);
    if (call.path === '/shared/payments/prices') {
      return typeof prices === 'function' ? prices(call) : json({ data: prices });
    }
    if (call.path === '/shared/users/profile') return json({ user: state.user });
    if (call.path === '/shared/payments/invoices') return json({ data: [] });
    if (call.path === '/shared/payments/preview-change') return json(PREVIEW);
    return json({ error: `unexpected ${call.method} ${call.path}` }, 500);
  });
  return { ...fake, state };
}

/** Noon UTC of a day in 2099, so the dates read the same in every time zone. */
export const noon = (month: number, day: number) => Date.UTC(2099, month - 1, day, 12) / 1000;

/** A paid invoice of the first month on Basic. */
export function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1',
    created: noon(9, 24),
    status: 'paid',
    reason: 'subscription_create',
    plan: 'Basic',
    interval: 'month',
    amount: 499,
    creditApplied: 0,
    creditAdded: 0,
    amountPaid: 499,
    currency: 'usd',
    periodStart: noon(9, 24),
    periodEnd: noon(10, 24),
    paidAt: noon(9, 24),
    lines: [{ description: '1 × Basic (at $4.99 / month)', amount: 499 }],
    ...overrides,
  };
}

/** A subscribe, an upgrade and a renewal, newest first as the server lists them. */
export const HISTORY: Invoice[] = [
  invoice({
    id: 'in_3',
    created: noon(10, 24),
    reason: 'subscription_cycle',
    plan: 'Advanced',
    amount: 999,
    amountPaid: 999,
  }),
  invoice({
    id: 'in_2',
    created: noon(10, 4),
    reason: 'subscription_update',
    plan: 'Advanced',
    amount: 250,
    amountPaid: 250,
  }),
  invoice(),
];
