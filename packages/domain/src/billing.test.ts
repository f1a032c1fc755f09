import { describe, expect, it } from 'vitest';
import { previewChangeResponseSchema, invoiceSchema } from './api/billing';
import { changeSubscriptionRequestSchema } from './api/payments';
import { formatMoney, INVOICE_STATUS_LABELS } from './billing';

describe('billing wording and wire', () => {
  it('formats minor units as money, credits with a minus', () => {
    expect(formatMoney(300, 'usd')).toBe('$3.00');
    expect(formatMoney(-499, 'usd')).toBe('-$4.99');
    expect(formatMoney(4990, 'eur')).toBe('€49.90');
    expect(INVOICE_STATUS_LABELS.open).toBe('Payment failed');
  });

  it('an invoice names its plan, amounts, period and lines; a preview its date', () => {
    const invoice = {
      id: 'in_1',
      created: 1,
      status: 'paid',
      reason: 'subscription_update',
      plan: 'Advanced',
      interval: 'month',
      amount: -150,
      creditApplied: 0,
      creditAdded: 150,
      amountPaid: 0,
      currency: 'usd',
      periodStart: 1,
      periodEnd: 2,
      paidAt: 1,
      lines: [{ description: 'Unused time on 1 × Advanced after 10 Feb 2026', amount: -400 }],
    };
    expect(invoiceSchema.parse(invoice)).toEqual(invoice);
    expect(invoiceSchema.safeParse({ ...invoice, status: 'late' }).success).toBe(false);
    expect(invoiceSchema.safeParse({ ...invoice, amountPaid: -1 }).success).toBe(false);
    expect(invoiceSchema.safeParse({ ...invoice, creditAdded: -150 }).success).toBe(false);
    const preview = {
      amountDue: 200,
      creditApplied: 0,
      currency: 'usd',
      lines: [],
      nextRenewal: { amount: 799, date: 2 },
      prorationDate: 1,
    };
    expect(previewChangeResponseSchema.parse(preview)).toEqual(preview);
  });

  it('a plan change may carry the confirmed preview date, a whole positive number', () => {
    expect(changeSubscriptionRequestSchema.parse({ newPriceId: 'p', prorationDate: 1_800_000_000 })).toEqual({
      newPriceId: 'p',
      prorationDate: 1_800_000_000,
    });
    expect(changeSubscriptionRequestSchema.safeParse({ newPriceId: 'p', prorationDate: 1.5 }).success).toBe(
      false,
    );
    expect(changeSubscriptionRequestSchema.parse({ newPriceId: 'p' })).toEqual({ newPriceId: 'p' });
  });
});
