import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test-support/accounts';
import { HASH_BUSY_MESSAGE, HASH_GATE, configureHashGate, hashGateHighWater } from './passwords';

// Every argon2 hash holds 19 MiB: a flood of logins must queue a few and turn the rest away at once.

let h: Harness;
const defaults = { ...HASH_GATE };
beforeAll(async () => {
  h = await startHarness();
  await h.signUp('flooded@example.com');
  configureHashGate({ inFlight: 1, queued: 2 });
});
afterAll(async () => {
  configureHashGate(defaults);
  await h.close();
});

describe('the hash gate', () => {
  it('runs one hash at a time here, queues two, and answers the rest 503 with Retry-After at once', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.api.post('/shared/users/login', { email: 'flooded@example.com', password: `Wrong#${i}aA` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // Requests arrive over a few milliseconds while a hash takes tens: which ones find room varies.
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(b.body.error).toBe(HASH_BUSY_MESSAGE);
      expect(b.headers.get('retry-after')).toBe('1');
    }
    expect(hashGateHighWater()).toBe(1);
    // The turned-away did not wait for the hashes: all answered in about three hashes' time.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('serves the right password once the flood is over', async () => {
    const ok = await h.api.post('/shared/users/login', {
      email: 'flooded@example.com',
      password: 'GoldRoute#2026',
    });
    expect(ok.status).toBe(200);
  });
});
