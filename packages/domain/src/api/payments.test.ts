import { describe, expect, it } from 'vitest';
import { FALLBACK_PRICE } from '../subscription';
import {
  cancelSubscriptionRequestSchema,
  changeSubscriptionRequestSchema,
  changeSubscriptionResponseSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  pricesResponseSchema,
} from './payments';

describe('payments (SPEC §7)', () => {
  it('"data is a list of prices"', () => {
    const body = {
      data: [
        FALLBACK_PRICE,
        {
          id: 'p2',
          active: false,
          unit_amount: 4990,
          currency: 'usd',
          recurring: { interval: 'year' },
          lookup_key: 'basic_yearly',
        },
      ],
    };
    expect(pricesResponseSchema.parse(body)).toEqual(body);
  });

  it.each([
    [{ ...FALLBACK_PRICE, unit_amount: 4.99 }],
    [{ ...FALLBACK_PRICE, recurring: { interval: 'week' } }],
    [{ ...FALLBACK_PRICE, unit_amount: -1 }],
  ])('refuses a malformed price %#', (price) => {
    expect(pricesResponseSchema.safeParse({ data: [price] }).success).toBe(false);
  });

  it('checkout "priceId" -> "paymentSessionUrl"', () => {
    expect(checkoutRequestSchema.parse({ priceId: 'price_1' })).toEqual({ priceId: 'price_1' });
    expect(checkoutRequestSchema.safeParse({ priceId: '' }).success).toBe(false);
    expect(checkoutResponseSchema.parse({ paymentSessionUrl: 'https://checkout.test/s' })).toEqual({
      paymentSessionUrl: 'https://checkout.test/s',
    });
  });

  it('change-subscription "newPriceId" -> the subscription object', () => {
    expect(changeSubscriptionRequestSchema.parse({ newPriceId: 'price_2' })).toEqual({
      newPriceId: 'price_2',
    });
    const sub = {
      status: 'past_due',
      start_date: 1,
      cancel_at: 2,
      items: { data: [{ price: { id: 'price_2' }, current_period_end: 3 }] },
    };
    expect(changeSubscriptionResponseSchema.parse(sub)).toEqual(sub);
    expect(changeSubscriptionResponseSchema.safeParse({ ...sub, status: 'weird' }).success).toBe(false);
  });

  it('cancel-subscription has "no body"', () => {
    expect(cancelSubscriptionRequestSchema.parse({ anything: 1 })).toEqual({});
  });
});
