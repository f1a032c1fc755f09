import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';
import type { RedisBus } from '../../lib/redis-bus';

/** Expiring counters and marks, in this process or in Redis (shared by every API process). */
export interface ThrottleStore {
  /** Adds one to `key` (starting its window if new); returns the count and ms left in the window. */
  increment(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  read(key: string): Promise<{ count: number; ttlMs: number }>;
  remove(key: string): Promise<void>;
  mark(key: string, forMs: number): Promise<void>;
  marked(key: string): Promise<boolean>;
  /** Marks `key` unless it is marked already: true for the one caller that marked it. */
  claim(key: string, forMs: number): Promise<boolean>;
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
  const marked = (key: string) => (marks.get(key) ?? 0) > now();
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
    async remove(key) {
      counts.delete(key);
      marks.delete(key);
    },
    mark: async (key, forMs) => void marks.set(key, now() + forMs),
    marked: async (key) => marked(key),
    async claim(key, forMs) {
      if (marked(key)) return false;
      marks.set(key, now() + forMs);
      return true;
    },
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
    claim: (key, forMs) => pick((s) => s.claim(key, forMs)),
  };
}

export function redisThrottleStore(redis: Redis, prefix: string): ThrottleStore {
  const k = (key: string) => `${prefix}:login:${key}`;
  return {
    async increment(key, windowMs) {
      const [[, count], , [, ttl]] = (await redis
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
    claim: async (key, forMs) => (await redis.set(k(key), '1', 'PX', forMs, 'NX')) === 'OK',
  };
}

/** The store the login throttle uses: shared through Redis when there is a bus, else this process's own. */
export function loginThrottleStore(clock: Clock, bus: RedisBus | undefined): ThrottleStore {
  if (!bus) return memoryThrottleStore(clock);
  return withLocalFallback(
    redisThrottleStore(bus.redis, bus.prefix),
    memoryThrottleStore(clock),
    () => bus.redis.status === 'ready',
  );
}
