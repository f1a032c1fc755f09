import {
  INVOICE_REASONS,
  INVOICE_STATUSES,
  type InvoiceReason,
  type InvoiceStatus,
} from '@goldroute/domain/api';
import type Stripe from 'stripe';
import type { ProviderInvoice, ProviderInvoiceLine } from './payment-provider';

// Stripe's invoices in our terms. The plan and the time an invoice pays for are read from its lines (the
// invoice's own period_start/end name the period just ended on a renewal, and the invoice date otherwise).

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function toLine(line: Stripe.InvoiceLineItem): ProviderInvoiceLine & { start: number; end: number } {
  return {
    description: line.description ?? '',
    amount: line.amount,
    priceId: idOf(line.pricing?.price_details?.price),
    proration: line.parent?.subscription_item_details?.proration ?? false,
    start: line.period.start,
    end: line.period.end,
  };
}

/** The line naming the plan: the period charged, else the new plan's remaining time, else the last. */
function planLine<T extends ProviderInvoiceLine>(lines: T[]): T | undefined {
  const latestFirst = [...lines].reverse();
  return latestFirst.find((l) => !l.proration) ?? latestFirst.find((l) => l.amount > 0) ?? latestFirst[0];
}

export function toInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const lines = invoice.lines.data.map(toLine);
  const status = (INVOICE_STATUSES as readonly string[]).includes(invoice.status ?? '')
    ? (invoice.status as InvoiceStatus)
    : 'draft';
  const reason = (INVOICE_REASONS as readonly string[]).includes(invoice.billing_reason ?? '')
    ? (invoice.billing_reason as InvoiceReason)
    : 'other';
  return {
    id: invoice.id,
    customerId: idOf(invoice.customer) ?? '',
    status,
    reason,
    priceId: planLine(lines)?.priceId ?? null,
    total: invoice.total,
    amountPaid: invoice.amount_paid,
    startingBalance: invoice.starting_balance,
    // A draft (a preview) has no ending balance yet.
    endingBalance: invoice.ending_balance ?? invoice.starting_balance,
    currency: invoice.currency,
    created: invoice.created,
    periodStart: lines.length > 0 ? Math.min(...lines.map((l) => l.start)) : invoice.period_start,
    periodEnd: lines.length > 0 ? Math.max(...lines.map((l) => l.end)) : invoice.period_end,
    paidAt: invoice.status_transitions?.paid_at ?? null,
    lines: lines.map(({ description, amount, priceId, proration }) => ({
      description,
      amount,
      priceId,
      proration,
    })),
  };
}
