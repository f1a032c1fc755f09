import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Counts calls per key in fixed windows: the count so far in the key's window and the ms left in it. */
export interface Counter {
  incr(key: string, windowMs: number): Promise<{ current: number; ttl: number }>;
}

/** Keys kept in memory before expired ones are swept (and, past that, the oldest dropped). */
const MEMORY_KEYS = 20_000;

/** This process's own counts. */
export function memoryCounter(now: () => number = Date.now): Counter & { size(): number } {
  const windows = new Map<string, { count: number; until: number }>();
  function sweep(at: number): void {
    for (const [key, w] of windows) if (w.until <= at) windows.delete(key);
    // Still full of live windows: the oldest go first (Map keeps insertion order).
    for (const key of windows.keys()) {
      if (windows.size < MEMORY_KEYS) break;
      windows.delete(key);
    }
  }
  return {
    async incr(key, windowMs) {
      const at = now();
      let w = windows.get(key);
      if (!w || w.until <= at) {
        if (windows.size >= MEMORY_KEYS) sweep(at);
        w = { count: 0, until: at + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { current: w.count, ttl: w.until - at };
    },
    size: () => windows.size,
  };
}

// One round trip: the count, its window started by the first call (or restored if the key lost it), and
// the time left.
const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`;

/** Counts in Redis, shared by every process. */
export function redisCounter(redis: Redis, namespace: string): Counter {
  return {
    async incr(key, windowMs) {
      const [current, ttl] = (await redis.eval(INCR_SCRIPT, 1, `${namespace}${key}`, windowMs)) as [
        number,
        number,
      ];
      return { current, ttl };
    },
  };
}

/**
 * Redis's shared counts while it answers; this process's own while it does not, so the limits still hold
 * (per process, so N processes allow up to N times the limit meanwhile) instead of failing every limited
 * call, or letting every call through as @fastify/rate-limit's skipOnError would. A connection that is not
 * ready is not even tried, so no call waits on a link that is down.
 */
export function fallbackCounter(
  redis: Redis,
  shared: Counter,
  local: Counter,
  log: FastifyBaseLogger,
): Counter & { readonly fallbacks: number } {
  let fallingBack = false;
  let fallbacks = 0;
  const fallBack = (err: unknown) => {
    fallbacks++;
    if (fallingBack) return;
    fallingBack = true;
    log.warn(
      { err: err instanceof Error ? err.message : err },
      'rate limits counted in this process: Redis out of reach',
    );
  };
  return {
    get fallbacks() {
      return fallbacks;
    },
    async incr(key, windowMs) {
      if (redis.status !== 'ready') {
        fallBack(`connection ${redis.status}`);
        return local.incr(key, windowMs);
      }
      try {
        const counted = await shared.incr(key, windowMs);
        if (fallingBack) {
          fallingBack = false;
          log.info('rate limits shared through Redis again');
        }
        return counted;
      } catch (err) {
        fallBack(err);
        return local.incr(key, windowMs);
      }
    },
  };
}

/** The counter as @fastify/rate-limit's store (route keys are made unique by our key generators). */
export function storeOf(counter: Counter): FastifyRateLimitStoreCtor {
  const store: FastifyRateLimitStore = {
    incr(key, callback, timeWindow) {
      counter.incr(key, timeWindow).then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    },
    child: () => store,
  };
  return function Store() {
    return store;
  } as unknown as FastifyRateLimitStoreCtor;
}
