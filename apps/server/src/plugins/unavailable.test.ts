import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { openDatabase } from '../db/client';
import { PoolBusyError, WaitAwarePool } from '../db/pg-pool';
import { createTestDatabase } from '../test-support/test-database';
import { registerErrorHandler } from './errors';
import { BUSY_MESSAGE, isPoolBusy, UNAVAILABLE_MESSAGE, unavailableService } from './unavailable';

// The errors are the real ones: pg, pg-pool, Drizzle and ioredis against a closed port and a server that
// accepts connections but never answers, so a library that words them differently fails here.

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Rejects with what `run` throws (fails the test if it does not throw). */
async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

let refusedPort: number;
let silent: net.Server;
let silentPort: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  refusedPort = await closedPort();
  // Accepts and never answers: a dropped link or a hung server.
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  silent.listen(0, '127.0.0.1');
  await new Promise((resolve) => silent.once('listening', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

function pool(port: number) {
  const p = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 300 });
  p.on('error', () => undefined);
  return p;
}

describe('unavailableService', () => {
  it('names the database for a query whose connection was refused or got no answer', async () => {
    for (const port of [refusedPort, silentPort]) {
      const p = pool(port);
      const db = drizzlePg(p);
      expect(unavailableService(await errorOf(() => db.execute(sql`select 1`)))).toBe('database');
      // A transaction connects first, outside Drizzle's wrapping.
      expect(
        unavailableService(await errorOf(() => db.transaction(async (tx) => tx.execute(sql`select 1`)))),
      ).toBe('database');
      await p.end();
    }
  });

  it('leaves a failed query a 500: the database answered', async () => {
    const client = new PGlite();
    const db = drizzlePglite(client);
    const err = await errorOf(() => db.execute(sql`select * from no_such_table`));
    expect(unavailableService(err)).toBeNull();
    await client.close();
  });

  it('names Redis for a command on a connection that is down', async () => {
    const url = `redis://127.0.0.1:${refusedPort}`;
    const offline = new Redis(url, { lazyConnect: true, enableOfflineQueue: false });
    expect(unavailableService(await errorOf(() => offline.get('k')))).toBe('redis');
    offline.disconnect();
    const retrying = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 10 });
    retrying.on('error', () => undefined);
    expect(unavailableService(await errorOf(() => retrying.get('k')))).toBe('redis');
    retrying.disconnect();
  });

  it("names the database when the app's pool gets no answer: a wait queued behind connects too", async () => {
    for (const port of [refusedPort, silentPort]) {
      const p = new WaitAwarePool({ host: '127.0.0.1', port, user: 'x', database: 'x', max: 2 });
      p.on('error', () => undefined);
      const db = drizzlePg(p);
      const started = Date.now();
      // Two connect, three wait for one of them: every one is told the database is out of reach.
      const errors = await Promise.all(
        Array.from({ length: 5 }, () => errorOf(() => db.execute(sql`select 1`))),
      );
      expect(errors.map(unavailableService)).toEqual(Array(5).fill('database'));
      expect(Date.now() - started).toBeLessThan(5_000);
      await p.end();
    }
  });

  it('does not call a busy pool an outage: a wait for a free connection while queries complete', async () => {
    const busy = new DrizzleQueryError('select 1', [], new PoolBusyError());
    expect(unavailableService(busy)).toBeNull();
    expect(isPoolBusy(busy)).toBe(true);
    expect(isPoolBusy(new PoolBusyError())).toBe(true);
    expect(isPoolBusy(new Error('timeout exceeded when trying to connect'))).toBe(false);
  });

  it('leaves a third party out: an HTTP call to a refused port is not ours', async () => {
    const err = await errorOf(() => fetch(`http://127.0.0.1:${refusedPort}/`));
    expect(unavailableService(err)).toBeNull();
    expect(unavailableService(new Error('boom'))).toBeNull();
    expect(unavailableService('boom')).toBeNull();
  });
});

// Only PostgreSQL has a pool to queue for (PGlite is one connection in the process).
describe.skipIf(!process.env.TEST_DATABASE_URL)("the app's PostgreSQL pool, busy", () => {
  it('lets calls queued behind ten busy connections wait past 3 s while the database answers', async () => {
    const fresh = await createTestDatabase();
    const database = await openDatabase(fresh);
    try {
      // 150 statements of 0.25 s on 10 connections: the last start about 3.5 s after they were asked for.
      const started = Date.now();
      const outcomes = await Promise.all(
        Array.from({ length: 150 }, () =>
          database.db.execute(sql`select pg_sleep(0.25)`).then(
            () => 'done',
            (err: unknown) => unavailableService(err) ?? String(err),
          ),
        ),
      );
      expect(Date.now() - started).toBeGreaterThan(3_000);
      expect(outcomes.filter((o) => o !== 'done')).toEqual([]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

describe('the error handler', () => {
  it('answers 503 with Retry-After while the database is out of reach, 500 for anything else', async () => {
    const p = pool(refusedPort);
    const db = drizzlePg(p);
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/db', async () => db.execute(sql`select 1`));
    app.get('/bug', async () => {
      throw new Error('a bug');
    });
    const down = await app.inject({ method: 'GET', url: '/db' });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    expect(bug.json()).toEqual({ error: 'Internal server error' });
    await app.close();
    await p.end();
  });

  it('answers a busy pool 503 "busy" with Retry-After 1, not "briefly unavailable"', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/busy', async () => {
      throw new DrizzleQueryError('select 1', [], new PoolBusyError());
    });
    const busy = await app.inject({ method: 'GET', url: '/busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({ error: BUSY_MESSAGE });
    expect(BUSY_MESSAGE).toBe('The server is busy. Please try again in a moment.');
    await app.close();
  });
});
