import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './errors';
import { UNAVAILABLE_MESSAGE, unavailableService } from './unavailable';

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

  it('leaves a third party out: an HTTP call to a refused port is not ours', async () => {
    const err = await errorOf(() => fetch(`http://127.0.0.1:${refusedPort}/`));
    expect(unavailableService(err)).toBeNull();
    expect(unavailableService(new Error('boom'))).toBeNull();
    expect(unavailableService('boom')).toBeNull();
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
});
