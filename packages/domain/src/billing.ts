// Money and invoice wording shared by the server's pages and the web app.
import type { InvoiceReason, InvoiceStatus } from './api/billing';

/** "$4.99", "-$1.50" from minor units. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Payment failed',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

export const INVOICE_REASON_LABELS: Record<InvoiceReason, string> = {
  subscription_create: 'New subscription',
  subscription_cycle: 'Renewal',
  subscription_update: 'Plan change',
  other: 'Charge',
};
