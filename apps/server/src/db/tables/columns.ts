import { text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column shapes that many tables share, so each is written once: every time is a timestamp with time zone,
 * and rows carry the same creation, update and single-use columns.
 */

/** A timestamp with time zone: the only kind of time the schema stores. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();

/** A game region. */
export const region = () => text('region', { enum: ['us', 'eu'] }).notNull();

/** The life of a single-use secret (a token, an OAuth state): when it lapses, when it was spent, when made. */
export const singleUse = () => ({
  expiresAt: timestampTz('expires_at').notNull(),
  usedAt: timestampTz('used_at'),
  createdAt: createdAt(),
});
