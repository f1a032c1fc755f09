import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { WaitAwarePool } from './pg-pool';
import { migrationsFolder, openPgliteClient } from './pglite-client';
import { startDatabaseThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_ID = 727_001;
/** Connections of one process's pool; the login path may use only a few of them (users/passwords.ts). */
export const POOL_SIZE = 10;

/**
 * Opens PostgreSQL when a URL is given, otherwise embedded PGlite in dataDir; applies committed migrations.
 * An in-memory PGlite may start from a dumped data directory (`startFrom`, PGlite's `dumpDataDir`): tests
 * open hundreds of databases, and loading one migrated copy costs a fraction of initialising each anew.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  startFrom?: Blob | undefined;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, options.startFrom);
}

/** A Database of either driver: its ping is a trivial query. */
function databaseOf(db: Db, kind: Database['kind'], close: () => Promise<void>): Database {
  return { db, kind, ping: async () => void (await db.execute(sql`select 1`)), close };
}

/**
 * The embedded default's database (on disk) opens in a thread of its own (pglite-thread.ts), so its
 * statements never hold the thread that answers requests; an in-memory one (tests) in this thread.
 */
async function openPglite(dataDir: string, startFrom: Blob | undefined): Promise<Database> {
  if (dataDir !== 'memory://') {
    const thread = await startDatabaseThread(dataDir);
    return databaseOf(drizzlePg(thread.pool, { schema }) as unknown as Db, 'pglite', thread.close);
  }
  const client = await openPgliteClient(dataDir, startFrom);
  return databaseOf(drizzlePglite(client, { schema }) as unknown as Db, 'pglite', () => client.close());
}

async function openPostgres(url: string): Promise<Database> {
  await migratePostgresLocked(url);
  // PostgreSQL out of reach must fail a call within seconds (a 503, plugins/errors.ts), not hang it: a
  // connect that is refused fails at once, one that gets no answer (a dropped link) gives up after 3 s, and
  // so does a call queued for a free client while the database says nothing. A queue behind busy
  // connections is no outage: it waits on while queries complete (pg-pool.ts). Later calls connect again.
  const pool = new WaitAwarePool({ connectionString: url, max: POOL_SIZE });
  // An idle client the server dropped (a restart, a failover, a database dropped under a test) emits an
  // error: the pool discards it and the next query opens another. Unheard, that error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return databaseOf(db as unknown as Db, 'postgres', () => pool.end());
}

// Several API processes may start together: an advisory lock makes them migrate one after another.
async function migratePostgresLocked(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
