// The backing services of one fault test file: a fresh PostgreSQL database and a Redis database of its
// own, each reached by the app through a TCP proxy the test controls. The machine's PostgreSQL and Redis
// are only ever used, never stopped or firewalled.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';
import { withClient } from '@goldroute/server/test-support/pg';

/** Redis databases the suite may claim (0 is everyone's, low numbers are often taken by other tools). */
const REDIS_DBS = [15, 14, 13, 12, 11, 10];
const OWNER_KEY = 'goldroute-faults:owner';

export const faultEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL,
  redisUrl: process.env.TEST_REDIS_URL,
};
/** Why the suite does not run, or undefined when it can. */
export const skipReason =
  faultEnv.databaseUrl && faultEnv.redisUrl
    ? undefined
    : 'fault cases on PostgreSQL + Redis skipped: set TEST_DATABASE_URL (postgres://...) and TEST_REDIS_URL (redis://...); the embedded cases run without them';

export interface Backing {
  /** The app's DATABASE_URL: the fresh database, through the PostgreSQL proxy. */
  databaseUrl: string;
  /** The app's REDIS_URL: our Redis database, through the Redis proxy. */
  redisUrl: string;
  pgProxy: TcpProxy;
  redisProxy: TcpProxy;
  /** Runs a query on the fresh database directly (not through the proxy). */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  /** A direct connection to our Redis database (not through the proxy). */
  redis: Redis;
  close(): Promise<void>;
}

/**
 * Claims an empty Redis database: it must hold no key, then our owner key is set with NX, so two runs never
 * share one. Only a database claimed this way is ever flushed.
 */
async function claimRedisDb(url: string, tag: string): Promise<{ redis: Redis; url: string }> {
  for (const db of REDIS_DBS) {
    const u = new URL(url);
    u.pathname = `/${db}`;
    const redis = new Redis(u.toString(), { maxRetriesPerRequest: 1, lazyConnect: true });
    await redis.connect();
    if ((await redis.dbsize()) === 0 && (await redis.set(OWNER_KEY, tag, 'NX')) === 'OK') {
      return { redis, url: u.toString() };
    }
    redis.disconnect();
  }
  throw new Error(`no empty Redis database among ${REDIS_DBS.join(', ')} to run the fault suite on`);
}

export async function startBacking(): Promise<Backing> {
  const adminUrl = faultEnv.databaseUrl;
  const redisUrl = faultEnv.redisUrl;
  if (!adminUrl || !redisUrl) throw new Error(skipReason);
  const tag = randomBytes(6).toString('hex');
  const name = `goldroute_faults_${tag}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const claimed = await claimRedisDb(redisUrl, tag);
  const pgTarget = new URL(adminUrl);
  const redisTarget = new URL(claimed.url);
  const pgProxy = await startTcpProxy({ host: pgTarget.hostname, port: Number(pgTarget.port || 5432) });
  const redisProxy = await startTcpProxy({
    host: redisTarget.hostname,
    port: Number(redisTarget.port || 6379),
  });
  const direct = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  direct.on('error', () => undefined);
  return {
    databaseUrl: pgProxy.via(dbUrl.toString()),
    redisUrl: redisProxy.via(claimed.url),
    pgProxy,
    redisProxy,
    query: async (text, values) => (await direct.query(text, values)).rows,
    redis: claimed.redis,
    async close() {
      await pgProxy.close();
      await redisProxy.close();
      await direct.end();
      await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      // Ours: claimed empty with our owner key, so flushing it removes only what this file wrote.
      if ((await claimed.redis.get(OWNER_KEY)) === tag) await claimed.redis.flushdb();
      await claimed.redis.quit();
    },
  };
}
