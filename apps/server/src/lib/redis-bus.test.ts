import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedisBus, REDIS_COMMAND_TIMEOUT_MS, type BusMessage, type RedisBus } from './redis-bus';

// Runs when TEST_REDIS_URL is set (as in CI). Connections are cut from the Redis side (CLIENT KILL), so
// ioredis sees what it sees when the link drops, and reconnects by itself.
const redisUrl = process.env.TEST_REDIS_URL;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await sleep(20);
  }
}

describe.skipIf(!redisUrl)('openRedisBus after a lost link', () => {
  const prefix = `goldroute-bus-test-${randomBytes(4).toString('hex')}`;
  const lines: string[] = [];
  const log = pino(
    { level: 'info' },
    { write: (s: string) => void lines.push(JSON.parse(s).msg) },
  ) as unknown as FastifyBaseLogger;
  let admin: Redis;
  let a: RedisBus;
  let b: RedisBus;

  beforeAll(async () => {
    admin = new Redis(redisUrl ?? '');
    a = await openRedisBus({ url: redisUrl ?? '', prefix, log });
    b = await openRedisBus({ url: redisUrl ?? '', prefix, log });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await admin?.quit();
  });

  /** Kills every connection of `bus` in Redis (they are named after the prefix and process). */
  async function cut(bus: RedisBus): Promise<number> {
    const list = (await admin.client('LIST')) as string;
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${prefix}:${bus.processId.slice(0, 8)}:`))
      .map((line) => /^id=(\d+)/.exec(line)?.[1])
      .filter((id): id is string => !!id);
    for (const id of ids) await admin.client('KILL', 'ID', id);
    return ids.length;
  }

  it('tells its handlers once, when every connection is back, and the channel works again', async () => {
    let reconnects = 0;
    a.onReconnect(() => reconnects++);
    const heard: BusMessage[] = [];
    a.subscribe((m) => heard.push(m));

    expect(await cut(a)).toBe(3);
    await until(() => reconnects > 0);
    await sleep(300);
    expect(reconnects).toBe(1);
    expect([a.redis.status, a.bulk.status]).toEqual(['ready', 'ready']);
    // Resubscribed: a message from the other process arrives again.
    await b.publish({ type: 'user-changed', userId: 'u1' });
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ type: 'user-changed', userId: 'u1', from: b.processId }]);
    // One line per connection lost, one when all are back; not one per reconnect attempt.
    expect(lines.filter((l) => l.startsWith('Redis connection lost'))).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith('Redis is back'))).toHaveLength(1);
  });
});

/**
 * A loopback link to Redis that can go silent: the connections stay open (and new ones are accepted) but
 * no byte passes either way, as when packets are dropped or the server hangs.
 */
async function silentLink(target: URL) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => undefined);
      from.on('data', (chunk) => void (silent || to.write(chunk)));
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    silence: () => void (silent = true),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!redisUrl)('openRedisBus on a silent link', () => {
  it('gives up on a message under way within the command timeout instead of waiting for the link', async () => {
    const link = await silentLink(new URL(redisUrl ?? ''));
    const warned: string[] = [];
    const log = pino(
      { level: 'warn' },
      { write: (s: string) => void warned.push(JSON.parse(s).msg) },
    ) as unknown as FastifyBaseLogger;
    const bus = await openRedisBus({
      url: link.url,
      prefix: `goldroute-silent-${randomBytes(4).toString('hex')}`,
      log,
    });
    try {
      link.silence();
      const started = Date.now();
      // Sent on a ready connection whose link then says nothing: without a command timeout it is sent again
      // on every reconnect and waits until the link speaks again (a settings write waited 10 s in a cut).
      await bus.publish({ type: 'user-changed', userId: 'u1' });
      const ms = Date.now() - started;
      expect(ms).toBeGreaterThanOrEqual(REDIS_COMMAND_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 1_000);
      expect(warned).toContain('could not tell the other processes');
    } finally {
      await bus.close();
      await link.close();
    }
  });
});
