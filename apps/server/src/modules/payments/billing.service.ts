import { planTypeFromLookupKey, TOASTS } from '@goldroute/domain';
import type { Invoice, PreviewChangeResponse } from '@goldroute/domain/api';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { paymentCustomers } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import type { PaymentProvider, ProviderInvoice } from './payment-provider';
import { PAYMENT_ERRORS, type PaymentsService } from './payments.service';
import type { PriceList } from './price-list';
import { withProvider } from './provider-call';

export const BILLING_FAILURES = {
  invoices: 'Failed to load your invoices',
  preview: 'Failed to work out the price of this change',
  portal: 'Failed to open the billing page',
} as const;

/** Ids are the provider's (in_…); anything else names no invoice of anyone's. */
const INVOICE_ID = /^[\w-]{1,255}$/;

export type BillingService = ReturnType<typeof createBillingService>;

/** The credit an invoice drew from the customer's balance, and the credit it added (balances: negative is credit). */
function creditMoves(startingBalance: number, endingBalance: number) {
  const credit = (balance: number) => Math.max(0, -balance);
  const before = credit(startingBalance);
  const after = credit(endingBalance);
  return { creditApplied: Math.max(0, before - after), creditAdded: Math.max(0, after - before) };
}

/**
 * The billing section of /subscription for either provider: the caller's own invoices (only those of their
 * own customer record at the provider), what a plan change costs now, and the provider's page for paying a
 * failed invoice or changing the card.
 */
export function createBillingService(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  prices: PriceList;
  payments: PaymentsService;
  publicUrl: string;
}) {
  const { db, clock, log, provider, prices } = deps;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  // Stripe needs an absolute return URL; the demo's portal lives on our own origin, so a path does.
  const base = provider.kind === 'stripe' ? deps.publicUrl : '';

  async function customerOf(userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.kind)));
    return row?.id;
  }

  async function toWire(invoice: ProviderInvoice): Promise<Invoice> {
    const price = invoice.priceId ? await prices.find(invoice.priceId).catch(() => null) : null;
    return {
      id: invoice.id,
      created: invoice.created,
      status: invoice.status,
      reason: invoice.reason,
      plan: planTypeFromLookupKey(price?.lookup_key),
      interval: price?.recurring.interval ?? null,
      amount: invoice.total,
      ...creditMoves(invoice.startingBalance, invoice.endingBalance),
      amountPaid: invoice.amountPaid,
      currency: invoice.currency,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      paidAt: invoice.paidAt,
      lines: invoice.lines.map(({ description, amount }) => ({ description, amount })),
    };
  }

  return {
    /** The caller's invoices, newest first; none before their first checkout. */
    async invoices(userId: string): Promise<Invoice[]> {
      const customerId = await customerOf(userId);
      if (!customerId) return [];
      const found = await withProvider(log, BILLING_FAILURES.invoices, () =>
        provider.listInvoices(customerId),
      );
      // A draft is not a bill yet.
      return Promise.all(found.filter((i) => i.status !== 'draft').map(toWire));
    },

    /** One of the caller's invoices; anyone else's is not found, exactly like one that does not exist. */
    async invoice(userId: string, id: string): Promise<Invoice> {
      const customerId = await customerOf(userId);
      if (!customerId || !INVOICE_ID.test(id)) throw new HttpError(404, PAYMENT_ERRORS.invoiceNotFound);
      const found = await withProvider(log, BILLING_FAILURES.invoices, () => provider.retrieveInvoice(id));
      if (found?.customerId !== customerId || found.status === 'draft')
        throw new HttpError(404, PAYMENT_ERRORS.invoiceNotFound);
      return toWire(found);
    },

    /** What changing to `newPriceId` charges now, with the same checks as the change itself. */
    async previewChange(userId: string, newPriceId: string): Promise<PreviewChangeResponse> {
      const price = await deps.payments.activePrice(newPriceId, TOASTS.changeFailed);
      const subscription = await deps.payments.changeable(userId, newPriceId);
      const preview = await withProvider(log, BILLING_FAILURES.preview, () =>
        provider.previewChange(subscription, newPriceId, nowSeconds()),
      );
      const creditApplied = Math.max(0, Math.min(preview.total, -preview.startingBalance));
      return {
        amountDue: preview.total - creditApplied,
        creditApplied,
        currency: preview.currency,
        lines: preview.lines.map(({ description, amount }) => ({ description, amount })),
        nextRenewal: { amount: price.unit_amount, date: preview.periodEnd },
        prorationDate: preview.prorationDate,
      };
    },

    /** The provider's page for the caller's billing: pay an open invoice, change the card. */
    async portal(userId: string): Promise<{ url: string }> {
      const customerId = await customerOf(userId);
      if (!customerId) throw new HttpError(409, PAYMENT_ERRORS.noBillingAccount);
      return withProvider(log, BILLING_FAILURES.portal, () =>
        provider.createPortalSession({ customerId, returnUrl: `${base}/subscription` }),
      );
    },
  };
}
