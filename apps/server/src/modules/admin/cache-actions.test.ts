import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedisBus, type RedisBus } from '../../lib/redis-bus';
import { createCacheRegistry } from '../market/cache-registry';
import { ANNOUNCE_AGAIN_MS, sharedCacheActions, type CacheActions } from './cache-actions';

// Runs when TEST_REDIS_URL is set (as in CI): two processes' buses on one Redis.
const redisUrl = process.env.TEST_REDIS_URL;
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe.skipIf(!redisUrl)('cache actions across processes', () => {
  const prefix = `goldroute-cache-actions-test-${randomBytes(4).toString('hex')}`;
  let callerBus: RedisBus;
  let holderBus: RedisBus;
  let caller: CacheActions;
  let holder: CacheActions;
  let runs = 0;
  /** Announcements the caller's bus lets through; the first few are lost, as to a process reconnecting. */
  let dropping = 0;

  beforeAll(async () => {
    callerBus = await openRedisBus({ url: redisUrl ?? '', prefix, log });
    holderBus = await openRedisBus({ url: redisUrl ?? '', prefix, log });
    const lossy: RedisBus = {
      ...callerBus,
      publish: (message) => (dropping-- > 0 ? Promise.resolve() : callerBus.publish(message)),
    };
    caller = sharedCacheActions(createCacheRegistry(), lossy, log);
    const registry = createCacheRegistry();
    registry.register({ name: 'tsm', clear: () => `TSM region data refreshed (run ${++runs})` });
    holder = sharedCacheActions(registry, holderBus, log);
    // The caller learns who holds what from the holder's report.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  afterAll(async () => {
    await Promise.all([caller?.close(), holder?.close()]);
    await Promise.all([callerBus?.close(), holderBus?.close()]);
  });

  it('runs an action in the process that holds it', async () => {
    runs = 0;
    expect(await caller.run('tsm', '1')).toEqual({
      outcome: 'done',
      message: 'TSM region data refreshed (run 1)',
    });
  });

  it('announces an action again when the holder missed it, and the holder runs it once', async () => {
    runs = 0;
    dropping = 2;
    const started = Date.now();
    const outcome = await caller.run('tsm', '1');
    expect(outcome).toEqual({ outcome: 'done', message: 'TSM region data refreshed (run 1)' });
    // Two announcements lost: the third, 2 x ANNOUNCE_AGAIN_MS later, reached it (not the 120 s wait).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * ANNOUNCE_AGAIN_MS - 100);
    expect(Date.now() - started).toBeLessThan(4 * ANNOUNCE_AGAIN_MS);
    // Announced again while it runs, it still runs once.
    await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_AGAIN_MS));
    expect(runs).toBe(1);
  });
});
