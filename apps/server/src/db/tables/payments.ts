import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';
import { userId } from './users';

/**
 * Our side of payments: what we know of each user's subscriptions at the payment provider (Stripe, or the
 * built-in demo provider), read back from the provider after every change, so access derives from it.
 */

const provider = () => text('provider', { enum: ['stripe', 'demo'] }).notNull();

/** Whose record it is: one of our users, at one provider. */
const heldFor = () => ({ userId: userId(), provider: provider() });

/**
 * The terms of a checkout session as Stripe states them; our record of one and the demo provider's own
 * books (demo-payments.ts) both keep them.
 */
export const checkoutTerms = () => ({
  id: text('id').primaryKey(),
  priceId: text('price_id').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  expiresAt: timestampTz('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * The terms of a subscription as Stripe states them (customer, price and item, start, period end, cancel
 * and end times, last invoice); our record of one and the demo provider's own books both keep them.
 */
export const subscriptionTerms = () => ({
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  priceId: text('price_id').notNull(),
  itemId: text('item_id').notNull(),
  startDate: timestampTz('start_date').notNull(),
  currentPeriodEnd: timestampTz('current_period_end').notNull(),
  canceledAt: timestampTz('canceled_at'),
  endedAt: timestampTz('ended_at'),
  latestInvoiceId: text('latest_invoice_id'),
});

/** The user's customer record at a payment provider, created at their first checkout. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    ...heldFor(),
    customerId: text('customer_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Checkout sessions we opened: at most one open per user, and only its owner may ask about it. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    ...checkoutTerms(),
    ...heldFor(),
    url: text('url').notNull(),
  },
  // One open checkout per user: a second click reuses or replaces it, so nobody pays twice by accident.
  (t) => [
    uniqueIndex('payment_checkouts_open_user_idx')
      .on(t.userId)
      .where(sql`status = 'open'`),
  ],
);

/**
 * A provider subscription as last read from the provider. `syncedAt` is when that read started: a read
 * that started earlier never overwrites one that started later, whatever order the answers arrive in.
 */
export const paymentSubscriptions = pgTable(
  'payment_subscriptions',
  {
    ...subscriptionTerms(),
    ...heldFor(),
    status: text('status').notNull(),
    cancelAt: timestampTz('cancel_at'),
    syncedAt: timestampTz('synced_at').notNull(),
  },
  (t) => [index('payment_subscriptions_user_idx').on(t.userId)],
);

/** Provider events applied, by event id: a redelivered event is acknowledged without running again. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: provider(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Subscription mails sent, by what they are about: each goes out once, however often its state is read. */
export const paymentNotifications = pgTable('payment_notifications', {
  key: text('key').primaryKey(),
  userId: userId(),
  createdAt: createdAt(),
});
