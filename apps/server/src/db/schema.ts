import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
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

/** E-mail confirmation and password reset tokens, stored as SHA-256 only, single use. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** Mail kept when no SMTP server is configured, shown on the demo mailbox page. */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

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
