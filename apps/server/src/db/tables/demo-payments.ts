import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz, updatedAt } from './columns';
import { checkoutTerms, subscriptionTerms } from './payments';

/**
 * The built-in demo payment provider's own books, apart from ours (payments.ts), as Stripe keeps its own:
 * the same checkout and subscription terms, plus what only the provider knows (retries, invoices).
 */

export const demoPrices = pgTable('demo_prices', {
  id: text('id').primaryKey(),
  lookupKey: text('lookup_key').notNull(),
  unitAmount: integer('unit_amount').notNull(),
  currency: text('currency').notNull(),
  interval: text('interval', { enum: ['month', 'year'] }).notNull(),
  active: boolean('active').notNull(),
  createdAt: createdAt(),
});

export const demoCheckoutSessions = pgTable('demo_checkout_sessions', {
  ...checkoutTerms(),
  /** A request repeated with the same key gets the same session, as Stripe's Idempotency-Key does. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  customerId: text('customer_id').notNull(),
  clientReferenceId: text('client_reference_id').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  subscriptionId: text('subscription_id'),
});

export const demoSubscriptions = pgTable(
  'demo_subscriptions',
  {
    ...subscriptionTerms(),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
    currentPeriodStart: timestampTz('current_period_start').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When a failed renewal is retried next (past_due only). */
    nextRetryAt: timestampTz('next_retry_at'),
    retriesLeft: integer('retries_left').notNull().default(0),
    /** The test switch: the next renewal payment of this subscription fails. */
    failNextPayment: boolean('fail_next_payment').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index('demo_subscriptions_customer_idx').on(t.customerId)],
);

/** One line of a demo invoice, described as Stripe describes its own (a period, or a proration). */
export interface DemoInvoiceLine {
  description: string;
  amount: number;
  priceId: string;
  proration: boolean;
}

/** Every demo charge: a paid invoice is money taken, an open one a payment that failed. */
export const demoInvoices = pgTable(
  'demo_invoices',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    customerId: text('customer_id').notNull(),
    status: text('status', { enum: ['paid', 'open', 'void'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    billingReason: text('billing_reason').notNull(),
    periodStart: timestampTz('period_start').notNull(),
    periodEnd: timestampTz('period_end').notNull(),
    /** The plan the invoice is for (after a change, the new one); absent on invoices made before it was kept. */
    priceId: text('price_id'),
    lines: jsonb('lines').$type<DemoInvoiceLine[]>().notNull().default([]),
    /**
     * The customer's balance before and after this invoice, cents, as Stripe shows them on an invoice: negative
     * is credit (a downgrade's unused time), applied to the next invoices (demoCustomerBalances keeps it).
     */
    startingBalance: integer('starting_balance').notNull().default(0),
    endingBalance: integer('ending_balance').notNull().default(0),
    paidAt: timestampTz('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('demo_invoices_subscription_idx').on(t.subscriptionId),
    index('demo_invoices_customer_idx').on(t.customerId),
  ],
);

/**
 * Each demo customer's balance, cents, as Stripe keeps a customer's: negative is credit (a downgrade's unused
 * time) that the next invoices draw on. Written with each invoice, under a lock on the customer
 * (demo-invoices.ts).
 */
export const demoCustomerBalances = pgTable('demo_customer_balances', {
  customerId: text('customer_id').primaryKey(),
  balance: integer('balance').notNull().default(0),
  updatedAt: updatedAt(),
});

/** The demo's customer portal, as Stripe's billing portal sessions: a short-lived page for one customer. */
export const demoPortalSessions = pgTable('demo_portal_sessions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  returnUrl: text('return_url').notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
  createdAt: createdAt(),
});
