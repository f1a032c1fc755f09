import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../test-support/accounts';

let h: Harness;
// With TEST_REDIS_URL set, the counters live in Redis (as with several API processes).
const redisUrl = process.env.TEST_REDIS_URL;
beforeAll(async () => {
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl);
    // Fresh counters: a previous run's keys would make the first attempts look limited.
    const keys = [...(await redis.keys('goldroute-rl:*')), ...(await redis.keys('goldroute:login:*'))];
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  h = await startHarness({ RATE_LIMIT_ENABLED: 'true', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
});
afterAll(() => h.close());

describe('rate limits', () => {
  it('limits wrong passwords per account and address: the 11th gets 429 with Retry-After', async () => {
    const attempts = [];
    for (let i = 0; i < 11; i++) {
      attempts.push(
        await h.api.post('/shared/users/login', { email: 'target@example.com', password: `Guess#${i}aA` }),
      );
    }
    expect(attempts.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(401));
    const limited = attempts[10];
    expect(limited?.status).toBe(429);
    expect(limited?.body.error).toMatch(/^Too many failed logins for this account from your address\./);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);

    // Another account from the same address is still served.
    const other = await h.api.post('/shared/users/login', {
      email: 'other@example.com',
      password: 'Guess#0aA',
    });
    expect(other.status).toBe(401);
  });

  it('limits forgot-password per account to 3 an hour', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await h.api.post('/shared/users/forgot-password', { email: 'spam@example.com' })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
