import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { newSecureToken } from '../../lib/secure-token';
import type { HttpError } from '../../lib/http-error';
import { createTestClock } from '../../test-support/test-clock';
import {
  createLoginThrottle,
  LOGIN_THROTTLE,
  LOGIN_THROTTLE_MESSAGES,
  markDeviceKnown,
  type LoginAttempt,
} from './login-throttle';
import {
  memoryThrottleStore,
  redisThrottleStore,
  withLocalFallback,
  type ThrottleStore,
} from './login-throttle-store';

// The throttle's policy on its own: wrong passwords count per account and device for a device the owner
// has used (its cookie marked known), per account and address for any other, and the per-account limit
// only ever slows unknown devices, never known ones.

const EMAIL = 'owner@example.com';
const HOME = '192.0.2.10';

function setUp(store: ThrottleStore = memoryThrottleStore(createTestClock())) {
  const mailed: string[] = [];
  const throttle = createLoginThrottle(store, {
    onNewDeviceRefused: async (email) => void mailed.push(email),
  });
  const fail = async (attempt: LoginAttempt, times = 1) => {
    for (let i = 0; i < times; i++) await (await throttle.begin(attempt)).failed();
  };
  /** A device the owner logs in with: a correct password from it makes it known. */
  const ownerDevice = async (ip = HOME, email = EMAIL) => {
    const device = newSecureToken();
    await (await throttle.begin({ email, ip, device })).succeeded(device);
    return { email, ip, device };
  };
  return { store, throttle, mailed, fail, ownerDevice };
}

/** The 429 `begin` refuses with, or undefined when it lets the attempt through. */
const refusalOf = (attempt: Promise<unknown>) =>
  attempt.then(
    () => undefined,
    (err: HttpError) => ({ status: err.statusCode, message: err.message }),
  );
const refused = (message: (wait: string) => string) => ({ status: 429, message: message('15 minutes') });

describe('strangers behind the owner’s address', () => {
  it('never make the owner’s known device wait, with no cookie or with a cookie of their own', async () => {
    const { throttle, fail, ownerDevice } = setUp();
    const owner = await ownerDevice();
    const theirs = await ownerDevice(HOME, 'stranger@example.com');
    await fail({ email: EMAIL, ip: HOME, device: undefined }, 6);
    await fail({ email: EMAIL, ip: HOME, device: theirs.device }, 4);
    expect(await refusalOf(throttle.begin({ email: EMAIL, ip: HOME, device: undefined }))).toEqual(
      refused(LOGIN_THROTTLE_MESSAGES.address),
    );
    expect(await refusalOf(throttle.begin({ email: EMAIL, ip: HOME, device: theirs.device }))).toEqual(
      refused(LOGIN_THROTTLE_MESSAGES.address),
    );
    expect(await refusalOf(throttle.begin(owner))).toBeUndefined();
  });

  it('are not helped by a cookie the server never set: counted by address all the same', async () => {
    const { throttle, fail } = setUp();
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++)
      await fail({ email: EMAIL, ip: HOME, device: newSecureToken() });
    expect(await refusalOf(throttle.begin({ email: EMAIL, ip: HOME, device: newSecureToken() }))).toEqual(
      refused(LOGIN_THROTTLE_MESSAGES.address),
    );
  });
});

describe('the owner’s own device', () => {
  it('has a limit of its own: 10 wrong passwords from it make it wait, and nobody else', async () => {
    const { throttle, fail, ownerDevice } = setUp();
    const owner = await ownerDevice();
    const other = await ownerDevice();
    await fail(owner, LOGIN_THROTTLE.perAccountAndDevice - 1);
    expect(await refusalOf(throttle.begin(owner))).toBeUndefined();
    await fail(owner);
    expect(await refusalOf(throttle.begin(owner))).toEqual(refused(LOGIN_THROTTLE_MESSAGES.device));
    expect(await refusalOf(throttle.begin(other))).toBeUndefined();
    expect(await refusalOf(throttle.begin({ ...owner, device: undefined }))).toBeUndefined();
  });

  it('a correct password clears its count', async () => {
    const { throttle, fail, ownerDevice } = setUp();
    const owner = await ownerDevice();
    await fail(owner, LOGIN_THROTTLE.perAccountAndDevice - 1);
    await (await throttle.begin(owner)).succeeded(owner.device);
    await fail(owner, LOGIN_THROTTLE.perAccountAndDevice - 1);
    expect(await refusalOf(throttle.begin(owner))).toBeUndefined();
  });
});

describe('the per-account limit', () => {
  /** Five addresses, each up to its own limit, reach the per-account limit together. */
  const spray = async (fail: ReturnType<typeof setUp>['fail'], email = EMAIL) => {
    for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
      await fail({ email, ip: `203.0.113.${(i % 5) + 1}`, device: undefined });
  };

  it('slows unknown devices only; known devices, even at a sprayed address, get in', async () => {
    const { throttle, fail, ownerDevice } = setUp();
    const owner = await ownerDevice('203.0.113.1');
    await spray(fail);
    expect(await refusalOf(throttle.begin({ email: EMAIL, ip: '198.51.100.7', device: undefined }))).toEqual(
      refused(LOGIN_THROTTLE_MESSAGES.account),
    );
    expect(await refusalOf(throttle.begin(owner))).toBeUndefined();
    // Other accounts are not affected.
    expect(
      await refusalOf(
        throttle.begin({ email: 'bystander@example.com', ip: '198.51.100.7', device: undefined }),
      ),
    ).toBeUndefined();
  });

  it('counts failures from unknown devices only', async () => {
    const { throttle, fail, ownerDevice } = setUp();
    const owner = await ownerDevice();
    await fail(owner, LOGIN_THROTTLE.perAccountAndDevice);
    for (let i = 0; i < LOGIN_THROTTLE.perAccount - LOGIN_THROTTLE.perAccountAndDevice; i++)
      await fail({ email: EMAIL, ip: `203.0.113.${i + 1}`, device: undefined });
    expect(
      await refusalOf(throttle.begin({ email: EMAIL, ip: '198.51.100.7', device: undefined })),
    ).toBeUndefined();
  });

  it('mails one unlock link per account in 15 minutes, however often new devices are refused', async () => {
    const { throttle, fail, mailed } = setUp();
    await spray(fail);
    await spray(fail, 'nobody@example.com');
    for (const ip of ['198.51.100.7', '198.51.100.8', '198.51.100.7'])
      for (const email of [EMAIL, 'nobody@example.com'])
        expect(await refusalOf(throttle.begin({ email, ip, device: undefined }))).toEqual(
          refused(LOGIN_THROTTLE_MESSAGES.account),
        );
    expect(mailed).toEqual([EMAIL, 'nobody@example.com']);
  });

  it('lets a new device in once the unlock link made it known', async () => {
    const { store, throttle, fail } = setUp();
    await spray(fail);
    const laptop = { email: EMAIL, ip: '198.51.100.7', device: newSecureToken() };
    expect(await refusalOf(throttle.begin(laptop))).toEqual(refused(LOGIN_THROTTLE_MESSAGES.account));
    await markDeviceKnown(store, ' Owner@Example.com', laptop.device);
    expect(await refusalOf(throttle.begin(laptop))).toBeUndefined();
  });

  it('tries the unlock mail again at the next refusal when it could not be sent', async () => {
    const store = memoryThrottleStore(createTestClock());
    let calls = 0;
    const throttle = createLoginThrottle(store, {
      onNewDeviceRefused: async () => {
        if (++calls === 1) throw new Error('outbox write failed');
      },
    });
    for (let i = 0; i < LOGIN_THROTTLE.perAccountAndAddress; i++)
      await (await throttle.begin({ email: EMAIL, ip: HOME, device: undefined })).failed();
    const attempt = { email: EMAIL, ip: HOME, device: undefined };
    await expect(throttle.begin(attempt)).rejects.toThrow('outbox write failed');
    expect(await refusalOf(throttle.begin(attempt))).toEqual(refused(LOGIN_THROTTLE_MESSAGES.address));
    expect(await refusalOf(throttle.begin(attempt))).toEqual(refused(LOGIN_THROTTLE_MESSAGES.address));
    expect(calls).toBe(2);
  });
});

describe('the messages', () => {
  it('tell a refused new device to check the account’s e-mail, and a known one only to wait', () => {
    expect(LOGIN_THROTTLE_MESSAGES.account('12 minutes')).toBe(
      'Too many failed logins for this account. We sent an unlock link to its e-mail address; open it on this device, or try again in 12 minutes from a device you used before.',
    );
    expect(LOGIN_THROTTLE_MESSAGES.address('1 minute')).toBe(
      'Too many failed logins for this account from your address. We sent an unlock link to its e-mail address; open it on this device, or try again in 1 minute.',
    );
    expect(LOGIN_THROTTLE_MESSAGES.device('3 minutes')).toBe(
      'Too many failed logins for this account from this device. Please try again in 3 minutes, or reset your password.',
    );
  });
});

/** Every key the throttle wrote or read, through a store that records them. */
function recording(store: ThrottleStore) {
  const keys = new Set<string>();
  const seen =
    <A extends unknown[], R>(run: (key: string, ...rest: A) => R) =>
    (key: string, ...rest: A) => {
      keys.add(key);
      return run(key, ...rest);
    };
  const recorded: ThrottleStore = {
    increment: seen(store.increment),
    read: seen(store.read),
    remove: seen(store.remove),
    mark: seen(store.mark),
    marked: seen(store.marked),
    claim: seen(store.claim),
  };
  return { store: recorded, keys };
}

/** Owner logs in, a stranger sprays the account from many addresses, a new device is refused. */
async function scenario(store: ThrottleStore, email: string, device: string) {
  const { throttle, fail } = setUp(store);
  await (await throttle.begin({ email, ip: HOME, device })).succeeded(device);
  for (let i = 0; i < LOGIN_THROTTLE.perAccount; i++)
    await fail({ email, ip: `203.0.113.${i + 1}`, device: undefined });
  await refusalOf(throttle.begin({ email, ip: '198.51.100.7', device: newSecureToken() }));
}

const clearOf = (keys: Iterable<string>, secrets: string[]) =>
  [...keys].filter((key) => secrets.some((secret) => key.includes(secret)));

describe('what the store holds', () => {
  it('keys hold digests only: no e-mail, address or device cookie', async () => {
    const { store, keys } = recording(memoryThrottleStore(createTestClock()));
    const device = newSecureToken();
    await scenario(store, EMAIL, device);
    expect(keys.size).toBeGreaterThan(5);
    expect(clearOf(keys, [EMAIL, 'owner', HOME, '203.0.113', '198.51.100', device])).toEqual([]);
  });
});

describe('the shared throttle store with its local fallback (Redis away)', () => {
  const clock = createTestClock();
  const down = () => Promise.reject(new Error('Connection is closed.'));
  const failing: ThrottleStore = {
    increment: down,
    read: down,
    remove: down,
    mark: down,
    marked: down,
    claim: down,
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

  it('counts in this process when a shared call fails, marks and claims included', async () => {
    const store = withLocalFallback(failing, memoryThrottleStore(clock), () => true);
    await store.increment('b', 60_000);
    expect((await store.read('b')).count).toBe(1);
    await store.mark('known', 60_000);
    expect(await store.marked('known')).toBe(true);
    expect(await store.claim('mailed', 60_000)).toBe(true);
    expect(await store.claim('mailed', 60_000)).toBe(false);
    await store.remove('b');
    expect((await store.read('b')).count).toBe(0);
  });
});

// Runs when TEST_REDIS_URL is set (as in CI), under a prefix of its own that it removes afterwards.
const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('the Redis store', () => {
  const prefix = `goldroute-login-throttle-test-${randomBytes(4).toString('hex')}`;
  let redis: Redis | undefined;
  const connect = async () => {
    redis ??= new Redis(redisUrl ?? '');
    return redis;
  };
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts, marks and claims as the memory store does', async () => {
    const store = redisThrottleStore(await connect(), prefix);
    await store.increment('c', 60_000);
    const second = await store.increment('c', 60_000);
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(59_000);
    expect(await store.claim('mailed', 60_000)).toBe(true);
    expect(await store.claim('mailed', 60_000)).toBe(false);
    await store.mark('known', 60_000);
    expect(await store.marked('known')).toBe(true);
    await store.remove('c');
    expect(await store.read('c')).toEqual({ count: 0, ttlMs: 0 });
  });

  it('runs the throttle with digests only in its keys', async () => {
    const client = await connect();
    const device = newSecureToken();
    const email = `redis-${prefix}@example.com`;
    await scenario(redisThrottleStore(client, prefix), email, device);
    const keys = (await client.keys(`${prefix}:*`)).map((key) => key.slice(prefix.length));
    expect(keys.length).toBeGreaterThan(5);
    expect(clearOf(keys, [email, 'redis-', HOME, '203.0.113', '198.51.100', device])).toEqual([]);
  });
});
