import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { formatDate } from '../../shared/format-date';
import {
  hasLiveSubscription,
  readCheckoutReturn,
  showsFallback,
  summaryModel,
  withoutCheckoutParams,
} from './subscription-status';
import {
  PERIOD_END,
  PERIOD_END_TEXT,
  PRICES,
  inCancelation,
  price,
  providerSubscription,
  subscriber,
} from './test-utils';

describe('subscription status rules', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', true],
    ['canceled', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['unpaid', false],
    ['paused', false],
  ] as const)('a provider subscription with status %s is live: %s', (status, live) => {
    expect(hasLiveSubscription({ stripeSubscription: providerSubscription('p', { status }) })).toBe(live);
  });

  it('granted time alone is not a live subscription', () => {
    expect(
      hasLiveSubscription(makeUser({ goldSubscription: { type: 'basic', expiration: PERIOD_END } })),
    ).toBe(false);
  });

  it('formats unix seconds as a long date', () => {
    expect(formatDate(PERIOD_END)).toBe(PERIOD_END_TEXT);
  });

  it('builds the summary lines for each state', () => {
    expect(summaryModel(makeUser({ hasAccess: false, isActive: false }))).toEqual({
      state: null,
      periodLines: [],
      granted: null,
    });
    expect(summaryModel(subscriber()).periodLines).toEqual([`Renews on ${PERIOD_END_TEXT}`]);
    expect(summaryModel(inCancelation()).periodLines).toEqual([
      'Reason: Cancelled',
      `Access ends on ${PERIOD_END_TEXT}`,
    ]);
    // Without a scheduled cancel time the end of the paid period is the end.
    const endless = inCancelation('basic-m', { stripeSubscription: providerSubscription('basic-m') });
    expect(summaryModel(endless).periodLines).toEqual([
      'Reason: Cancelled',
      `Access ends on ${PERIOD_END_TEXT}`,
    ]);
    const gold = summaryModel(makeUser({ goldSubscription: { type: 'premium', expiration: PERIOD_END } }));
    expect(gold.state?.label).toBe('Active');
    expect(gold.granted).toEqual({ type: 'premium', line: `Granted time until ${PERIOD_END_TEXT}` });
  });

  it('shows the fallback only when nothing usable is left', () => {
    const user = makeUser();
    expect(showsFallback([], user)).toBe(true);
    expect(showsFallback([{ ...price('x', 'basic', 'month', 1), active: false }], user)).toBe(true);
    expect(showsFallback(PRICES, user)).toBe(false);
    // The subscriber's retired price still counts.
    const retired = { ...price('old', 'basic_old', 'month', 399), active: false };
    expect(showsFallback([retired], subscriber('old'))).toBe(false);
  });

  it('reads and strips the checkout return parameters', () => {
    expect(readCheckoutReturn(new URLSearchParams('a=1'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('checkout_success=true&session_id=cs_1'))).toEqual({
      sessionId: 'cs_1',
    });
    expect(readCheckoutReturn(new URLSearchParams('checkout_success=true'))).toEqual({ sessionId: null });
    expect(readCheckoutReturn(new URLSearchParams('checkout_success=false&session_id=cs_1'))).toEqual({
      sessionId: null,
    });
    expect(
      withoutCheckoutParams(new URLSearchParams('checkout_success=true&session_id=cs_1&ref=x')).toString(),
    ).toBe('ref=x');
  });
});
