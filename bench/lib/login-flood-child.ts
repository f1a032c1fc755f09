// The real server app for the login-flood benchmark, in its own process (libuv's thread count comes from
// the UV_THREADPOOL_SIZE it is started with). VARIANT picks what is measured:
// - gated: the app as it is (embedded database, or PostgreSQL with DATABASE_URL);
// - ungated: the argon2 gate opened wide, to measure what the gate saves against the same flood;
// - reference: two hashes at once whatever the cores, each login reading its account before asking the gate
//   for room, outside any lane, on a plain pg pool whose every wait for a connection gives up after 3 s
//   (PostgreSQL only): what the gate's order, its lane and the wait-aware pool protect other calls from.
// HASH_IN_FLIGHT, when set, is how many hashes run at once (instead of the gate's rule by cores).
import { buildApp } from '@goldroute/server';
import { loadConfig } from '@goldroute/server/config';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Database, type Db } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema';
import { configureHashGate, HASH_GATE } from '../../apps/server/src/modules/users/passwords';

const variant = process.env.VARIANT ?? 'gated';
const config = loadConfig();

/** PostgreSQL behind a plain pg pool: ten connections, a connect or a wait for one bounded alike by 3 s. */
async function plainPool(url: string): Promise<Database> {
  // Migrates the fresh database (and closes its own pool).
  await (await openDatabase({ databaseUrl: url, dataDir: config.dataDir })).close();
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3_000 });
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => pool.end(),
  };
}

if (process.env.HASH_IN_FLIGHT)
  configureHashGate({ ...HASH_GATE, inFlight: Number(process.env.HASH_IN_FLIGHT) });
if (variant === 'ungated') configureHashGate({ inFlight: 10_000, queued: 0 });
if (variant === 'reference') configureHashGate({ ...HASH_GATE, inFlight: 2 }, { lookupBeforeRoom: true });
const database =
  variant === 'reference' && config.databaseUrl ? await plainPool(config.databaseUrl) : undefined;
const app = await buildApp(config, database ? { database } : {});
await app.server.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => {
  void app.server
    .close()
    .then(() => database?.close())
    .then(() => process.exit(0));
});
