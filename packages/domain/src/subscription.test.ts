import { describe, expect, it } from 'vitest';
import type { Price } from './price';
import {
  FALLBACK_PRICE,
  cancelReason,
  currentPriceId,
  formatPriceAmount,
  hasYearlyPrices,
  planButtonLabel,
  planTypeFromLookupKey,
  subscriptionActions,
  subscriptionDisplayState,
  subscriptionEndDate,
  subscriptionTerms,
  visiblePrices,
  yearlySavingsPercent,
} from './subscription';
import { makeUser } from './test-fixtures';

function price(id: string, lookupKey: string | null, interval: 'month' | 'year', active = true): Price {
  return { id, active, unit_amount: 999, currency: 'usd', recurring: { interval }, lookup_key: lookupKey };
}

const basicMonthly = price('basic_m', 'goldroute_basic_monthly', 'month');
const basicYearly = price('basic_y', 'goldroute_basic_yearly', 'year');
const advancedMonthly = price('adv_m', 'goldroute_advanced_monthly', 'month');
const advancedYearly = price('adv_y', 'goldroute_advanced_yearly', 'year');
const standardMonthly = price('std_m', 'goldroute_monthly', 'month');

describe('"Plan type derives from lookup_key"', () => {
  it.each([
    ['goldroute_advanced_monthly', 'Advanced'],
    ['ADVANCED', 'Advanced'],
    ['basic_yearly', 'Basic'],
    ['advanced_basic', 'Advanced'],
    ['pro_monthly', 'Standard'],
    ['', 'Standard'],
    [null, 'Standard'],
  ])('%j -> %s', (key, type) => {
    expect(planTypeFromLookupKey(key)).toBe(type);
  });
});

describe('"Yearly savings are shown as a percentage against 12 monthly payments"', () => {
  it.each([
    [499, 4990, 17], // 5988 vs 4990
    [1000, 12000, 0],
    [1000, 10000, 17],
    [1000, 6000, 50],
    [1000, 13000, 0], // dearer yearly: no negative saving
    [0, 1000, 0],
  ])('monthly %i, yearly %i -> %i%%', (monthly, yearly, pct) => {
    expect(yearlySavingsPercent(monthly, yearly)).toBe(pct);
  });
});

describe('"Plan button labels relative to the current plan"', () => {
  it.each<[string, Price, Price | null, boolean, string]>([
    ['no subscription', advancedMonthly, null, false, 'Subscribe now'],
    ['no subscription even with a stale current price', basicMonthly, basicMonthly, false, 'Subscribe now'],
    ['same price', basicMonthly, basicMonthly, true, 'Current Plan'],
    ['same plan, yearly card', basicYearly, basicMonthly, true, 'Switch to yearly'],
    ['same plan, monthly card', advancedMonthly, advancedYearly, true, 'Switch to monthly'],
    ['basic to advanced, same interval', advancedMonthly, basicMonthly, true, 'Upgrade to Advanced'],
    ['basic to advanced, other interval', advancedYearly, basicMonthly, true, 'Upgrade to Advanced'],
    ['standard to advanced', advancedMonthly, standardMonthly, true, 'Upgrade to Advanced'],
    ['advanced to basic, same interval', basicMonthly, advancedMonthly, true, 'Downgrade to Basic'],
    ['advanced to basic, yearly card', basicYearly, advancedMonthly, true, 'Downgrade to Basic (yearly)'],
    ['advanced to basic, monthly card', basicMonthly, advancedYearly, true, 'Downgrade to Basic (monthly)'],
    ['basic to standard', standardMonthly, basicMonthly, true, 'Switch Plan'],
    ['advanced to standard', standardMonthly, advancedYearly, true, 'Switch Plan'],
    [
      'two prices of one plan and interval',
      price('basic_m2', 'basic_monthly_v2', 'month'),
      basicMonthly,
      true,
      'Switch Plan',
    ],
    ['subscriber whose price is unknown', basicMonthly, null, true, 'Switch Plan'],
  ])('%s -> %s', (_label, card, current, hasSubscription, label) => {
    expect(planButtonLabel(card, current, hasSubscription)).toBe(label);
  });
});

describe('"Display state: Active (green), Expired (red), In cancelation (yellow), otherwise Canceled (red)"', () => {
  it.each([
    [{ isActive: true, isExpired: false, inCancelation: false }, 'Active', 'green'],
    [{ isActive: false, isExpired: true, inCancelation: false }, 'Expired', 'red'],
    [{ isActive: false, isExpired: false, inCancelation: true }, 'In cancelation', 'yellow'],
    [{ isActive: true, isExpired: false, inCancelation: true }, 'In cancelation', 'yellow'],
    [{ isActive: false, isExpired: true, inCancelation: true }, 'Expired', 'red'],
    [{ isActive: false, isExpired: false, inCancelation: false }, 'Canceled', 'red'],
  ])('%j -> %s (%s)', (flags, label, color) => {
    expect(subscriptionDisplayState(flags)).toEqual({ label, color });
  });
});

describe('cancel and resume', () => {
  const sub = (status: 'active' | 'past_due') => ({
    status,
    start_date: 1700000000,
    cancel_at: null,
    items: { data: [{ price: { id: 'basic_m' }, current_period_end: 1702592000 }] },
  });

  it.each([
    ['"An active subscription offers Cancel Subscription"', makeUser(), true, false],
    [
      '"A subscription in cancelation that is not past_due offers Resume Subscription"',
      makeUser({ inCancelation: true, stripeSubscription: sub('active') }),
      false,
      true,
    ],
    [
      'past_due in cancelation offers no resume',
      makeUser({ inCancelation: true, stripeSubscription: sub('past_due') }),
      false,
      false,
    ],
    ['expired offers nothing', makeUser({ isActive: false, isExpired: true }), false, false],
  ])('%s', (_label, user, canCancel, canResume) => {
    expect(subscriptionActions(user)).toEqual({ canCancel, canResume });
  });

  it.each([
    ['past_due', 'Reason: Payment failed'],
    ['active', 'Reason: Cancelled'],
    ['canceled', 'Reason: Cancelled'],
    [null, 'Reason: Cancelled'],
  ])(
    '"For a past-due cancelation the reason shown is "Reason: Payment failed"": status %j',
    (status, reason) => {
      expect(cancelReason(status)).toBe(reason);
    },
  );

  it.each([
    [null, null],
    [{ ...sub('active'), cancel_at: 1701000000 }, 1701000000],
    [sub('active'), 1702592000],
    [{ ...sub('active'), items: { data: [] } }, null],
  ])('end date %#', (subscription, end) => {
    expect(subscriptionEndDate(subscription)).toBe(end);
  });

  it('reads the wire subscription in the terms of the access rule (no item: period end 0)', () => {
    expect(subscriptionTerms({ ...sub('past_due'), cancel_at: 1701000000 })).toEqual({
      status: 'past_due',
      currentPeriodEnd: 1702592000,
      cancelAt: 1701000000,
    });
    expect(subscriptionTerms({ ...sub('active'), items: { data: [] } })).toEqual({
      status: 'active',
      currentPeriodEnd: 0,
      cancelAt: null,
    });
  });

  it('reads the current price id from items.data[0].price.id', () => {
    expect(currentPriceId(sub('active'))).toBe('basic_m');
    expect(currentPriceId(null)).toBeNull();
  });
});

describe('prices: "Only active prices, or the price in the user\'s current subscription, are kept"', () => {
  const retired = price('old', 'basic_monthly', 'month', false);

  it.each<[string, Price[], string | undefined, string[]]>([
    ['active only', [basicMonthly, retired, advancedYearly], undefined, ['basic_m', 'adv_y']],
    [
      'plus the current retired price',
      [basicMonthly, retired, advancedYearly],
      'old',
      ['basic_m', 'old', 'adv_y'],
    ],
    ['empty list -> fallback', [], undefined, ['fallback']],
    ['nothing active -> fallback', [retired], undefined, ['fallback']],
  ])('%s', (_label, prices, current, ids) => {
    expect(visiblePrices(prices, current).map((p) => p.id)).toEqual(ids);
  });

  it('"a single fallback plan is shown at $4.99 USD per month"', () => {
    expect(FALLBACK_PRICE).toMatchObject({
      unit_amount: 499,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    expect(formatPriceAmount(FALLBACK_PRICE)).toBe('$4.99');
  });

  it.each([
    [[basicMonthly, advancedMonthly], false],
    [[basicMonthly, basicYearly], true],
    [[], false],
  ])('"Yearly is offered only if yearly prices exist" %#', (prices, expected) => {
    expect(hasYearlyPrices(prices)).toBe(expected);
  });
});
