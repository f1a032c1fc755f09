import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { fallbackCounter, memoryCounter, redisCounter, type Counter } from './rate-limit-store';

const redisUrl = process.env.TEST_REDIS_URL;

/** A logger that keeps what was said. */
function recordingLog() {
  const lines: string[] = [];
  const log = {
    warn: (_o: unknown, msg?: string) => void lines.push(`warn ${msg ?? _o}`),
    info: (msg: unknown) => void lines.push(`info ${msg}`),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const counts = async (counter: Counter, key: string, n: number, windowMs = 60_000) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await counter.incr(key, windowMs)).current);
  return out;
};

describe('memoryCounter', () => {
  it('counts per key in fixed windows, starting again once a window is over', async () => {
    let now = 1_000;
    const counter = memoryCounter(() => now);
    expect(await counts(counter, 'a', 3, 10_000)).toEqual([1, 2, 3]);
    expect(await counts(counter, 'b', 1, 10_000)).toEqual([1]);
    now += 4_000;
    expect(await counter.incr('a', 10_000)).toEqual({ current: 4, ttl: 6_000 });
    now += 6_000;
    expect(await counter.incr('a', 10_000)).toEqual({ current: 1, ttl: 10_000 });
  });
});

describe('fallbackCounter', () => {
  it('counts in this process while the Redis connection is not ready, without trying it', async () => {
    // Never connected: status "wait"; nothing listens there anyway.
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const redis = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true });
    let tried = 0;
    const shared: Counter = {
      incr: async () => {
        tried++;
        return { current: 1, ttl: 1 };
      },
    };
    const { log, lines } = recordingLog();
    const counter = fallbackCounter(redis, shared, memoryCounter(), log);
    expect(await counts(counter, 'k', 4)).toEqual([1, 2, 3, 4]);
    expect(tried).toBe(0);
    expect(counter.fallbacks).toBe(4);
    // Said once per outage, not per call.
    expect(lines).toEqual(['warn rate limits counted in this process: Redis out of reach']);
  });
});

describe.skipIf(!redisUrl)('on Redis', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  const namespace = `goldroute-rl-test-${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('shares counts through Redis, with the window set by the first call', async () => {
    await redis.connect();
    const a = redisCounter(redis, namespace);
    const b = redisCounter(redis, namespace);
    expect((await a.incr('k', 60_000)).current).toBe(1);
    const second = await b.incr('k', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
  });

  it('uses Redis while it answers, this process when a call fails, and Redis again after', async () => {
    const { log, lines } = recordingLog();
    let failing = false;
    const shared = redisCounter(redis, namespace);
    const flaky: Counter = {
      incr: (key, windowMs) =>
        failing ? Promise.reject(new Error('Connection is closed.')) : shared.incr(key, windowMs),
    };
    const counter = fallbackCounter(redis, flaky, memoryCounter(), log);
    expect(await counts(counter, 'f', 2)).toEqual([1, 2]);
    failing = true;
    expect(await counts(counter, 'f', 2)).toEqual([1, 2]);
    failing = false;
    expect(await counts(counter, 'f', 1)).toEqual([3]);
    expect(lines).toEqual([
      'warn rate limits counted in this process: Redis out of reach',
      'info rate limits shared through Redis again',
    ]);
  });
});
