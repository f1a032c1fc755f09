import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { region, timestampTz } from './columns';

/**
 * How fresh the market data reaches the users: one row per connected realm and dump (its Last-Modified),
 * with when a snapshot carrying it was first published and when an open tool first showed its rows.
 * Every process records what it publishes; the key collapses the copies. Kept for 7 days (jobs/purge.ts).
 */
export const freshnessSamples = pgTable(
  'freshness_samples',
  {
    region: region(),
    realmId: integer('realm_id').notNull(),
    /** Blizzard's Last-Modified of the realm's dump. */
    lastModified: timestampTz('last_modified').notNull(),
    publishedAt: timestampTz('published_at').notNull(),
    /** Null until an open tool reports it has shown a snapshot holding this dump. */
    shownAt: timestampTz('shown_at'),
  },
  (t) => [
    primaryKey({ columns: [t.region, t.realmId, t.lastModified] }),
    index('freshness_samples_region_time_idx').on(t.region, t.lastModified),
  ],
);
