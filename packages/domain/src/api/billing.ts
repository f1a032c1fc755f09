// Billing calls under /shared/payments/: the caller's invoices, a receipt, what a plan change costs now,
// and the provider's page for paying a failed invoice or changing the card. Times are unix seconds and
// amounts minor units (cents), as the providers send them.
import { z } from 'zod';
import { idStringSchema } from './common';
import { PRICE_INTERVALS } from './payments';

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Why an invoice was made: the first payment, a renewal, a plan change, or anything else. */
export const INVOICE_REASONS = [
  'subscription_create',
  'subscription_cycle',
  'subscription_update',
  'other',
] as const;
export type InvoiceReason = (typeof INVOICE_REASONS)[number];

export const invoiceLineSchema = z.object({
  description: z.string(),
  /** Negative for a credit (unused time on the plan left). */
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  created: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  reason: z.enum(INVOICE_REASONS),
  /** "Basic" / "Advanced" (the plan the invoice is for; after a change, the new one). */
  plan: z.string(),
  interval: z.enum(PRICE_INTERVALS).nullable(),
  /** The invoice's total: negative when a change credited more than it charged. */
  amount: z.number().int(),
  /** Credit from earlier invoices (a downgrade's unused time) that paid part or all of this one. */
  creditApplied: z.number().int().nonnegative(),
  /** What this invoice's credit left over went to the balance, for the next invoices. */
  creditAdded: z.number().int().nonnegative(),
  amountPaid: z.number().int().nonnegative(),
  currency: z.string(),
  /** The time the invoice pays for. */
  periodStart: z.number().int(),
  periodEnd: z.number().int(),
  paidAt: z.number().int().nullable(),
  lines: z.array(invoiceLineSchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

// GET /shared/payments/invoices: the caller's invoices, newest first.
export const invoicesResponseSchema = z.object({ data: z.array(invoiceSchema) });
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

// GET /shared/payments/invoices/{id}: one of the caller's invoices (a receipt); 404 for anyone else's.
export const invoiceResponseSchema = invoiceSchema;

// POST /shared/payments/preview-change: what changing to newPriceId would cost now, before confirming.
export const previewChangeRequestSchema = z.object({ newPriceId: idStringSchema });
export type PreviewChangeRequest = z.infer<typeof previewChangeRequestSchema>;
export const previewChangeResponseSchema = z.object({
  /** Charged at once, after any credit on the account; negative: the change's credit, kept for the next invoices. */
  amountDue: z.number().int(),
  /** Credit on the account (from an earlier downgrade) that pays part or all of this change. */
  creditApplied: z.number().int().nonnegative(),
  currency: z.string(),
  lines: z.array(invoiceLineSchema),
  /** The next renewal on the new plan. */
  nextRenewal: z.object({ amount: z.number().int(), date: z.number().int() }),
  /** The time the figure was computed for: sent back with the change so it charges exactly this. */
  prorationDate: z.number().int(),
});
export type PreviewChangeResponse = z.infer<typeof previewChangeResponseSchema>;

// POST /shared/payments/billing-portal: where the user pays a failed invoice or changes the card.
export const billingPortalRequestSchema = z.object({});
export const billingPortalResponseSchema = z.object({ url: z.string().min(1) });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;
