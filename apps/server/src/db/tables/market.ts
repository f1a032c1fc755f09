import { bigint, customType, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { region, timestampTz, updatedAt } from './columns';

/** What the market side keeps: token prices, Blizzard's catalogue, other sites' files, deal evidence. */

/** WoW token price samples per region (copper), kept for 14 days. */
export const tokenPrices = pgTable(
  'token_prices',
  {
    region: region(),
    recordedAt: timestampTz('recorded_at').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.recordedAt] })],
);

/** Blizzard static-namespace data per region and id, fetched once; data null remembers a 404. */
const catalogTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      region: region(),
      id: integer('id').notNull(),
      data: jsonb('data'),
      fetchedAt: timestampTz('fetched_at').notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.region, t.id] })],
  );

/** Blizzard item data. */
export const catalogItems = catalogTable('catalog_items');

/** Blizzard battle pet species. */
export const catalogPets = catalogTable('catalog_pets');

/** The last good copy of JSON files read from other sites (raidbots bonus data, expansion and crafted lists). */
export const sourceDocuments = pgTable('source_documents', {
  name: text('name').primaryKey(),
  data: jsonb('data').notNull(),
  fetchedAt: timestampTz('fetched_at').notNull(),
});

/** Binary column (evidence bytes); node-postgres and PGlite both hand back a Uint8Array or Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A large value stored in parts (stored-parts.ts): part `part` of `parts`, all parts of one write sharing
 * `version`. A reader takes the value only when every part of one version is there.
 */
const partColumns = () => ({
  part: integer('part').notNull().default(0),
  parts: integer('parts').notNull().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Deal evidence: one row per (region, connected realm, UTC day) with that day's bucket as
 * evidence-codec bytes (in parts), so a snapshot writes only the day it changed. Realm id 0 holds the region's
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
    ...partColumns(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.region, t.realmId, t.day, t.part] })],
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
    ...partColumns(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.region, t.realmId, t.part] })],
);
