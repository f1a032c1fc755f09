import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Small key/value store for process-wide facts (e.g. whether the demo accounts were seeded).
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  region: text('region', { enum: ['us', 'eu'] }),
  config: jsonb('config'),
  retailBuyingRealmsUS: integer('retail_buying_realms_us')
    .array()
    .notNull()
    .default(sql`'{}'`),
  retailSellingRealmsUS: integer('retail_selling_realms_us')
    .array()
    .notNull()
    .default(sql`'{}'`),
  retailBuyingRealmsEU: integer('retail_buying_realms_eu')
    .array()
    .notNull()
    .default(sql`'{}'`),
  retailSellingRealmsEU: integer('retail_selling_realms_eu')
    .array()
    .notNull()
    .default(sql`'{}'`),
  discordId: text('discord_id').unique(),
  discordUsername: text('discord_username'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uniqueItemKey: text('unique_item_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.uniqueItemKey] })],
);

/** Subscription time: granted gold time now, the payment provider's periods later. Access derives from these rows. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['gold', 'stripe'] }).notNull(),
    type: text('type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** One row per login session; tokenId is its id. Only the current refresh token's hash is kept here. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens already rotated away: presenting one again is theft, and revokes its session. */
export const usedRefreshTokens = pgTable('used_refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  usedAt: createdAt(),
});

/** Remember-me cookies: hashed, rotated on use, with a fixed 30-day absolute expiry. */
export const rememberTokens = pgTable(
  'remember_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('remember_tokens_user_idx').on(t.userId)],
);

/** E-mail confirmation, password reset and login unlock tokens, stored as SHA-256 only, single use. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset', 'unlock-login'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/**
 * Every mail, queued here inside the request that wrote it. With SMTP a background sender delivers it (with
 * retries); without, it stays for the demo mailbox page.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    /** When the SMTP server accepted it; null while queued, and for mail kept for the demo mailbox. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts begun so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When the sender (re)tries it; null when there is nothing to do: sent, given up, or mailbox-only. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Why the last attempt failed. */
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and next_attempt_at is not null`),
  ],
);

/** WoW token price samples per region (copper), kept for 14 days. */
export const tokenPrices = pgTable(
  'token_prices',
  {
    region: text('region', { enum: ['us', 'eu'] }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.recordedAt] })],
);

/** OAuth state of a pending Discord link: bound to the user who asked, single use, short-lived. */
export const discordStates = pgTable('discord_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Blizzard item data per region (static namespace), fetched once; data null remembers a 404. */
export const catalogItems = pgTable(
  'catalog_items',
  {
    region: text('region', { enum: ['us', 'eu'] }).notNull(),
    id: integer('id').notNull(),
    data: jsonb('data'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.region, t.id] })],
);

/** Blizzard battle pet species per region, fetched once; data null remembers a 404. */
export const catalogPets = pgTable(
  'catalog_pets',
  {
    region: text('region', { enum: ['us', 'eu'] }).notNull(),
    id: integer('id').notNull(),
    data: jsonb('data'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.region, t.id] })],
);

/** The last good copy of JSON files read from other sites (raidbots bonus data, expansion and crafted lists). */
export const sourceDocuments = pgTable('source_documents', {
  name: text('name').primaryKey(),
  data: jsonb('data').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});

// Payments. Our side: what we know of each user's subscriptions at the payment provider (Stripe, or the
// built-in demo provider), read back from the provider after every change, so access derives from it.

/** The user's customer record at a payment provider, created at their first checkout. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    customerId: text('customer_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Checkout sessions we opened: at most one open per user, and only its owner may ask about it. */
export const paymentCheckouts = pgTable(
  'payment_checkouts',
  {
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceId: text('price_id').notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
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
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    status: text('status').notNull(),
    priceId: text('price_id').notNull(),
    itemId: text('item_id').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAt: timestamp('cancel_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    latestInvoiceId: text('latest_invoice_id'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_subscriptions_user_idx').on(t.userId)],
);

/** Provider events applied, by event id: a redelivered event is acknowledged without running again. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});

/** Subscription mails sent, by what they are about: each goes out once, however often its state is read. */
export const paymentNotifications = pgTable('payment_notifications', {
  key: text('key').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// The built-in demo payment provider keeps its own books here, apart from ours, as Stripe would.

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
  id: text('id').primaryKey(),
  /** A request repeated with the same key gets the same session, as Stripe's Idempotency-Key does. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  customerId: text('customer_id').notNull(),
  clientReferenceId: text('client_reference_id').notNull(),
  priceId: text('price_id').notNull(),
  status: text('status', { enum: ['open', 'complete', 'expired'] }).notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  subscriptionId: text('subscription_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const demoSubscriptions = pgTable(
  'demo_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
    priceId: text('price_id').notNull(),
    itemId: text('item_id').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** When a failed renewal is retried next (past_due only). */
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    retriesLeft: integer('retries_left').notNull().default(0),
    /** The test switch: the next renewal payment of this subscription fails. */
    failNextPayment: boolean('fail_next_payment').notNull().default(false),
    latestInvoiceId: text('latest_invoice_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_subscriptions_customer_idx').on(t.customerId)],
);

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
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('demo_invoices_subscription_idx').on(t.subscriptionId)],
);

/** Every admin action (grant, clear, refresh): who, what, on which target, when, and how it went. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey(),
    /** Kept as text too, so the record outlives the admin's account. */
    adminId: uuid('admin_id'),
    adminEmail: text('admin_email').notNull(),
    action: text('action', { enum: ['grant', 'clear', 'refresh'] }).notNull(),
    target: text('target').notNull(),
    ok: boolean('ok').notNull(),
    result: text('result').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_audit_at_idx').on(t.at)],
);

/** Binary column (evidence bytes); node-postgres and PGlite both hand back a Uint8Array or Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Deal evidence: one row per (region, connected realm, UTC day) with that day's bucket as
 * evidence-codec bytes, so a snapshot writes only the day it changed. Realm id 0 holds the region's
 * raw variant table, which the bytes' variant ids index (restored before ingesting, so ids stay the
 * same across restarts). Day -1 is the table's row, and a realm's whole 14 days as one blob in rows
 * written before per-day rows (read once, replaced at the next save). Why it is kept: docs/deal-trust.md.
 */
export const marketEvidence = pgTable(
  'market_evidence',
  {
    region: text('region').notNull(),
    realmId: integer('realm_id').notNull(),
    day: integer('day').notNull().default(-1),
    bytes: bytea('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.region, t.realmId, t.day] })],
);

/**
 * Each connected realm's last snapshot as the evidence keeps it (market kept-codec.ts bytes), taken at
 * `hour_ms`: with the day rows it ends with, a restart reads the same listing evidence (listing ages,
 * depth, quantities) as before it and follows the next dump from it.
 */
export const marketKeptSnapshots = pgTable(
  'market_kept_snapshots',
  {
    region: text('region').notNull(),
    realmId: integer('realm_id').notNull(),
    hourMs: bigint('hour_ms', { mode: 'number' }).notNull(),
    bytes: bytea('bytes').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.region, t.realmId] })],
);

/**
 * One row per scheduled job: its last run, how long it took, and its last error, written by
 * whichever process ran it (in-process timer or BullMQ worker), so admin stats and /readyz in any process
 * show the deployment's jobs.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  /** The last run's start; a run under way has it later than finishedAt. */
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  durationMs: integer('duration_ms'),
  ok: boolean('ok'),
  /** The process that ran it last (host:pid). */
  ranBy: text('ran_by').notNull(),
  runs: integer('runs').notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});
