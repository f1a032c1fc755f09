import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';
import { emailDigest, hashToken } from '../../lib/secure-token';
import { HttpError } from '../../plugins/errors';

/**
 * Wrong passwords allowed for one account from one address, and for one account from all addresses
 * together, in the window. Past the first, that address waits; past the second, only addresses the owner has
 * logged in from before still get through, so someone without the password can slow an account's unknown
 * devices down but never keep its owner out. A correct password clears that address's count.
 */
export const LOGIN_THROTTLE = {
  perAccountAndAddress: 10,
  perAccount: 50,
  windowMs: 15 * 60_000,
  /** How long a successful login makes an address "known" for that account. */
  knownForMs: 90 * 24 * 3_600_000,
} as const;

export const LOGIN_THROTTLE_MESSAGES = {
  address: (wait: string) =>
    `Too many failed logins for this account from your address. Please try again in ${wait}, or reset your password.`,
  account: (wait: string) =>
    `Too many failed logins for this account. Please try again in ${wait} from a device you used before, or reset your password.`,
} as const;

/** Expiring counters and marks, in this process or in Redis (shared by every API process). */
export interface ThrottleStore {
  /** Adds one to `key` (starting its window if new); returns the count and ms left in the window. */
  increment(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  read(key: string): Promise<{ count: number; ttlMs: number }>;
  remove(key: string): Promise<void>;
  mark(key: string, forMs: number): Promise<void>;
  marked(key: string): Promise<boolean>;
}

export function memoryThrottleStore(clock: Clock): ThrottleStore {
  const counts = new Map<string, { count: number; until: number }>();
  const marks = new Map<string, number>();
  const now = () => clock.now().getTime();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.until <= now()) counts.delete(key);
    return counts.get(key);
  };
  return {
    async increment(key, windowMs) {
      const entry = live(key) ?? { count: 0, until: now() + windowMs };
      entry.count++;
      counts.set(key, entry);
      return { count: entry.count, ttlMs: entry.until - now() };
    },
    async read(key) {
      const entry = live(key);
      return { count: entry?.count ?? 0, ttlMs: entry ? entry.until - now() : 0 };
    },
    remove: async (key) => void counts.delete(key),
    mark: async (key, forMs) => void marks.set(key, now() + forMs),
    marked: async (key) => (marks.get(key) ?? 0) > now(),
  };
}

/**
 * The shared store while Redis answers; while it is away (its connection not ready, or a call failing) this
 * process counts on its own, as the rate limits do (plugins/rate-limit-store.ts): the throttle still holds,
 * per process, and logins keep working.
 */
export function withLocalFallback(
  shared: ThrottleStore,
  local: ThrottleStore,
  sharedReady: () => boolean,
): ThrottleStore {
  const pick = async <T>(run: (store: ThrottleStore) => Promise<T>): Promise<T> => {
    if (!sharedReady()) return run(local);
    try {
      return await run(shared);
    } catch {
      return run(local);
    }
  };
  return {
    increment: (key, windowMs) => pick((s) => s.increment(key, windowMs)),
    read: (key) => pick((s) => s.read(key)),
    remove: (key) => pick((s) => s.remove(key)),
    mark: (key, forMs) => pick((s) => s.mark(key, forMs)),
    marked: (key) => pick((s) => s.marked(key)),
  };
}

export function redisThrottleStore(redis: Redis, prefix: string): ThrottleStore {
  const k = (key: string) => `${prefix}:login:${key}`;
  return {
    async increment(key, windowMs) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(k(key))
        .pexpire(k(key), windowMs, 'NX')
        .pttl(k(key))
        .exec()) as [[null, number], [null, number], [null, number]];
      return { count, ttlMs: ttl };
    },
    async read(key) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return { count: Number(count ?? 0), ttlMs: Math.max(0, ttl) };
    },
    remove: async (key) => void (await redis.del(k(key))),
    mark: async (key, forMs) => void (await redis.set(k(key), '1', 'PX', forMs)),
    marked: async (key) => (await redis.exists(k(key))) === 1,
  };
}

const wait = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

/** The login throttle: checked before the password is hashed, told the outcome after. */
export function createLoginThrottle(store: ThrottleStore) {
  // Only digests are stored: no e-mail or address sits in memory or Redis in the clear.
  const account = (email: string) => emailDigest(email).slice(0, 32);
  const pair = (email: string, ip: string) => `pair:${account(email)}:${hashToken(ip).slice(0, 32)}`;
  const known = (email: string, ip: string) => `known:${account(email)}:${hashToken(ip).slice(0, 32)}`;
  const all = (email: string) => `account:${account(email)}`;
  const refuse = (message: string, ttlMs: number) =>
    new HttpError(429, message, { headers: { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) } });

  return {
    /** Throws 429 when this address, or an unknown address of an account under attack, must wait. */
    async check(email: string, ip: string): Promise<void> {
      const fromHere = await store.read(pair(email, ip));
      if (fromHere.count >= LOGIN_THROTTLE.perAccountAndAddress)
        throw refuse(LOGIN_THROTTLE_MESSAGES.address(wait(fromHere.ttlMs)), fromHere.ttlMs);
      const overall = await store.read(all(email));
      if (overall.count >= LOGIN_THROTTLE.perAccount && !(await store.marked(known(email, ip))))
        throw refuse(LOGIN_THROTTLE_MESSAGES.account(wait(overall.ttlMs)), overall.ttlMs);
    },
    async failed(email: string, ip: string): Promise<void> {
      await Promise.all([
        store.increment(pair(email, ip), LOGIN_THROTTLE.windowMs),
        store.increment(all(email), LOGIN_THROTTLE.windowMs),
      ]);
    },
    async succeeded(email: string, ip: string): Promise<void> {
      await Promise.all([
        store.remove(pair(email, ip)),
        store.mark(known(email, ip), LOGIN_THROTTLE.knownForMs),
      ]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
