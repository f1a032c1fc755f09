import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedisBus, type BusMessage, type RedisBus } from './redis-bus';

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
