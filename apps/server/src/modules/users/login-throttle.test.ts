import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, startHarness, type Harness } from '../../test-support/accounts';
import {
  LOGIN_THROTTLE,
  LOGIN_THROTTLE_MESSAGES,
  memoryThrottleStore,
  withLocalFallback,
  type ThrottleStore,
} from './login-throttle';

// Someone without the password must not be able to keep the owner out: wrong passwords count per account
// and address; only when an account is attacked from everywhere do unknown addresses wait, and the owner's
// known addresses still get in. Addresses come through one trusted proxy (X-Forwarded-For).

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '1' });
});
afterAll(() => h.close());

const login = (email: string, password: string, address: string) =>
  fetch(`${h.app.baseUrl}/shared/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: string } }));

describe('an attacker at one address', () => {
  it('is stopped after 10 wrong passwords, even with the right one; the owner elsewhere logs in', async () => {
    const email = 'owner-one@example.com';
    await h.signUp(email);
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++)
      expect((await login(email, `Wrong#${i}aA`, '198.51.100.9')).status).toBe(401);
    const stopped = await login(email, STRONG_PASSWORD, '198.51.100.9');
    expect(stopped.status).toBe(429);
    expect(stopped.body.error).toBe(LOGIN_THROTTLE_MESSAGES.address('15 minutes'));
    expect((await login(email, STRONG_PASSWORD, '192.0.2.10')).status).toBe(200);
  });

  it('a correct password clears that address’s count', async () => {
    const email = 'owner-typo@example.com';
    await h.signUp(email);
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress - 1; i++)
      await login(email, `Typo#${i}aA`, '192.0.2.30');
    expect((await login(email, STRONG_PASSWORD, '192.0.2.30')).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress - 1; i++)
      expect((await login(email, `Typo#${i}bB`, '192.0.2.30')).status).toBe(401);
  });
});

describe('an attacker rotating addresses', () => {
  it('makes unknown addresses wait, but the owner’s known address still gets in', async () => {
    const email = 'owner-many@example.com';
    await h.signUp(email);
    expect((await login(email, STRONG_PASSWORD, '192.0.2.20')).status).toBe(200);
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
      expect((await login(email, `Spray#${i}aA`, `203.0.113.${i + 1}`)).status).toBe(401);
    const unknown = await login(email, STRONG_PASSWORD, '192.0.2.99');
    expect(unknown.status).toBe(429);
    expect(unknown.body.error).toBe(LOGIN_THROTTLE_MESSAGES.account('15 minutes'));
    expect((await login(email, STRONG_PASSWORD, '192.0.2.20')).status).toBe(200);
    // Other accounts are not affected.
    await h.signUp('bystander-login@example.com');
    expect((await login('bystander-login@example.com', STRONG_PASSWORD, '192.0.2.99')).status).toBe(200);
  });
});

describe('the shared throttle store with its local fallback (Redis away)', () => {
  const clock = { now: () => new Date('2026-11-25T09:00:00Z') };
  const failing: ThrottleStore = {
    increment: () => Promise.reject(new Error('Connection is closed.')),
    read: () => Promise.reject(new Error('Connection is closed.')),
    remove: () => Promise.reject(new Error('Connection is closed.')),
    mark: () => Promise.reject(new Error('Connection is closed.')),
    marked: () => Promise.reject(new Error('Connection is closed.')),
  };

  it('counts in this process while the shared store is not ready, and the shared one again after', async () => {
    const shared = memoryThrottleStore(clock);
    let ready = false;
    const store = withLocalFallback(shared, memoryThrottleStore(clock), () => ready);
    await store.increment('a', 60_000);
    expect((await store.increment('a', 60_000)).count).toBe(2);
    expect((await shared.read('a')).count).toBe(0);
    ready = true;
    expect((await store.increment('a', 60_000)).count).toBe(1);
    expect((await shared.read('a')).count).toBe(1);
  });

  it('counts in this process when a shared call fails, marks included', async () => {
    const store = withLocalFallback(failing, memoryThrottleStore(clock), () => true);
    await store.increment('b', 60_000);
    expect(await store.read('b')).toEqual({ count: 1, ttlMs: 60_000 });
    await store.mark('known', 60_000);
    expect(await store.marked('known')).toBe(true);
    await store.remove('b');
    expect((await store.read('b')).count).toBe(0);
  });
});
