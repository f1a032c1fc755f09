import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, singleUse, timestampTz, updatedAt } from './columns';

/** Accounts and what belongs to them alone: favourites, granted subscription time, a pending Discord link. */

/** A connected-realm id list of the retail settings, empty by default. */
const realmIds = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'`);

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  emailConfirmedAt: timestampTz('email_confirmed_at'),
  region: text('region', { enum: ['us', 'eu'] }),
  config: jsonb('config'),
  retailBuyingRealmsUS: realmIds('retail_buying_realms_us'),
  retailSellingRealmsUS: realmIds('retail_selling_realms_us'),
  retailBuyingRealmsEU: realmIds('retail_buying_realms_eu'),
  retailSellingRealmsEU: realmIds('retail_selling_realms_eu'),
  discordId: text('discord_id').unique(),
  discordUsername: text('discord_username'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The owning user's id; the row goes when the account does. */
export const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const favorites = pgTable(
  'favorites',
  {
    userId: userId(),
    uniqueItemKey: text('unique_item_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.uniqueItemKey] })],
);

/**
 * Named filter presets, a user's own per tool. The view (filters and sort) is kept as the tool's URL
 * parameters (tool-view.ts): the same text a shared link carries, read back through the same checks.
 */
export const filterPresets = pgTable(
  'filter_presets',
  {
    id: uuid('id').primaryKey(),
    userId: userId(),
    tool: text('tool', { enum: ['flipping', 'dropship', 'tsm'] }).notNull(),
    name: text('name').notNull(),
    view: text('view').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('filter_presets_user_tool_name').on(t.userId, t.tool, t.name)],
);

/**
 * Route alert rules: which routes (a flipping preset's filters, or filters of the rule's own, over the user's
 * realms of the region) and where to post them. A webhook's token is what lets anyone post there: it is
 * kept to post with and never sent back whole.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey(),
    userId: userId(),
    region: text('region', { enum: ['us', 'eu'] }).notNull(),
    presetId: uuid('preset_id').references(() => filterPresets.id, { onDelete: 'set null' }),
    view: text('view'),
    minProfit: integer('min_profit').notNull(),
    minConfidence: text('min_confidence', { enum: ['high', 'medium', 'low'] }).notNull(),
    channel: text('channel', { enum: ['webhook', 'dm'] }).notNull(),
    webhookId: text('webhook_id'),
    webhookToken: text('webhook_token'),
    enabled: boolean('enabled').notNull().default(true),
    /** Deliveries failed in a row; past a few the rule is switched off with the reason. */
    failures: integer('failures').notNull().default(0),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('alert_rules_region_idx').on(t.region, t.enabled)],
);

/**
 * The routes already sent to a destination (a webhook, or a user's direct messages), by routeFingerprint: a
 * route is sent again only once one of its listings changed. Kept for the evidence window, then purged.
 */
export const alertSentRoutes = pgTable(
  'alert_sent_routes',
  {
    userId: userId(),
    /** `webhook:<id>` or `dm`. */
    destination: text('destination').notNull(),
    fingerprint: text('fingerprint').notNull(),
    sentAt: timestampTz('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.destination, t.fingerprint] }),
    index('alert_sent_routes_sent_at_idx').on(t.sentAt),
  ],
);

/** Subscription time: granted gold time now, the payment provider's periods later. Access derives from these rows. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: userId(),
    source: text('source', { enum: ['gold', 'stripe'] }).notNull(),
    type: text('type').notNull(),
    startsAt: timestampTz('starts_at').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/** OAuth state of a pending Discord link: bound to the user who asked, single use, short-lived. */
export const discordStates = pgTable('discord_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: userId(),
  ...singleUse(),
});
