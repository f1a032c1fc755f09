import { randomUUID } from 'node:crypto';
import type { CacheRegionKey } from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { BusMessage, RedisBus } from '../../lib/redis-bus';
import type { CacheCounts, CacheRegistry } from '../market/cache-registry';

/** How often each process tells the others what it holds; a record older than STALE_MS is a gone process. */
export const CACHE_REPORT_EVERY_MS = 10_000;
const STALE_MS = 3 * CACHE_REPORT_EVERY_MS;
/** The longest a clear or refresh may run (a market re-poll of a full region included). */
const ACTION_TIMEOUT_MS = 120_000;
const POLL_MS = 100;
/**
 * An action is announced again this often until every holder has taken it: pub/sub delivers a message
 * only to the processes subscribed at that moment, and one reconnecting to Redis misses it.
 */
export const ANNOUNCE_AGAIN_MS = 2_000;

type Counts = Record<string, CacheCounts>;

/** What one process holds, as it reports it to the others. */
interface Report {
  at: number;
  counts: Counts;
  /** Caches and actions this process can clear or run. */
  holds: string[];
  /** Caches every process keeps for itself (summed over processes). */
  perProcess: string[];
}

export type ActionOutcome =
  | { outcome: 'done'; message: string }
  | { outcome: 'busy' | 'not-clearable' | 'unknown' }
  | { outcome: 'failed'; message: string };

export interface CacheActions {
  /** Counts of the whole deployment: every process's caches, per-process ones summed. */
  counts(): Promise<Counts>;
  /** Clears a cache or runs an action wherever it is held; one at a time per name and region key. */
  run(name: string, regionKey: CacheRegionKey): Promise<ActionOutcome>;
  close(): Promise<void>;
}

const failed = (err: unknown): ActionOutcome => ({
  outcome: 'failed',
  message: err instanceof Error ? err.message : String(err),
});

async function runLocal(registry: CacheRegistry, name: string, key: CacheRegionKey): Promise<ActionOutcome> {
  try {
    const result = await registry.clear(name, key);
    return result.outcome === 'cleared'
      ? { outcome: 'done', message: result.message ?? `${name} cleared` }
      : { outcome: result.outcome };
  } catch (err) {
    return failed(err);
  }
}

/** One process: the registry is the whole deployment, and its own in-flight set keeps clears apart. */
export function localCacheActions(registry: CacheRegistry): CacheActions {
  return {
    counts: async () => registry.stats(),
    run: (name, key) => runLocal(registry, name, key),
    close: async () => undefined,
  };
}

/**
 * Processes sharing Redis. Each reports its counts and what it holds every few seconds (a hash, one field
 * per process), so any process answers the stats of the whole deployment. A clear takes a Redis lock on
 * (name, region key), so a second one anywhere answers busy; it runs here when this process holds the
 * cache, and is announced on the bus to every other process that holds it (a web process's answers, the
 * worker's TSM and catalog data), each of which pushes its outcome to a list the caller waits on.
 */
export function sharedCacheActions(
  registry: CacheRegistry,
  bus: RedisBus,
  log: FastifyBaseLogger,
): CacheActions {
  const reportsKey = `${bus.prefix}:cache-reports`;
  const replyKey = (id: string) => `${bus.prefix}:cache-action:${id}`;
  /** The processes that have taken an action (each runs it once, however often it is announced). */
  const takenKey = (id: string) => `${bus.prefix}:cache-action-taken:${id}`;
  const lockKey = (name: string, key: CacheRegionKey) => `${bus.prefix}:cache-lock:${name}:${key}`;

  const own = (): Report => ({
    at: Date.now(),
    counts: registry.stats(),
    holds: registry.names(),
    perProcess: registry.perProcess(),
  });
  const report = () =>
    bus.redis
      .hset(reportsKey, bus.processId, JSON.stringify(own()))
      .then(() => undefined)
      .catch((err: unknown) => log.warn({ err }, 'cache report not shared'));
  void report();
  const timer = setInterval(() => void report(), CACHE_REPORT_EVERY_MS);
  timer.unref();

  async function others(): Promise<Map<string, Report>> {
    const all = await bus.redis.hgetall(reportsKey);
    const live = new Map<string, Report>();
    for (const [processId, text] of Object.entries(all)) {
      if (processId === bus.processId) continue;
      const r = JSON.parse(text) as Report;
      if (Date.now() - r.at < STALE_MS) live.set(processId, r);
      else await bus.redis.hdel(reportsKey, processId);
    }
    return live;
  }

  bus.subscribe((message) => {
    if (message.type !== 'cache-action' || !registry.holds(message.name)) return;
    void (async () => {
      const first = await bus.redis.sadd(takenKey(message.id), bus.processId);
      await bus.redis.pexpire(takenKey(message.id), ACTION_TIMEOUT_MS);
      if (first === 0) return;
      const outcome = await runLocal(registry, message.name, message.regionKey);
      await bus.redis.rpush(replyKey(message.id), JSON.stringify(outcome));
      await bus.redis.pexpire(replyKey(message.id), ACTION_TIMEOUT_MS);
      await report();
    })().catch((err: unknown) => log.error({ err, cache: message.name }, 'cache action failed'));
  });

  /** Announces the action, again while fewer than `count` holders have taken it, and waits for their outcomes. */
  async function announce(
    message: Extract<BusMessage, { type: 'cache-action' }>,
    count: number,
  ): Promise<ActionOutcome[]> {
    const { id } = message;
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    let announced = 0;
    while (Date.now() < deadline) {
      if (Date.now() - announced >= ANNOUNCE_AGAIN_MS && (await bus.redis.scard(takenKey(id))) < count) {
        await bus.publish(message);
        announced = Date.now();
      }
      const replies = await bus.redis.lrange(replyKey(id), 0, -1);
      if (replies.length >= count) return replies.map((r) => JSON.parse(r) as ActionOutcome);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return [{ outcome: 'failed', message: 'no answer from the process that holds it' }];
  }

  return {
    async counts() {
      const merged: Counts = structuredClone(registry.stats());
      const summed = new Set<string>(registry.perProcess());
      for (const r of (await others()).values()) {
        for (const name of r.perProcess) summed.add(name);
        for (const [name, byKey] of Object.entries(r.counts)) {
          const into = (merged[name] ??= {});
          for (const [key, n] of Object.entries(byKey) as [CacheRegionKey, number][]) {
            into[key] = summed.has(name) ? (into[key] ?? 0) + n : Math.max(into[key] ?? 0, n);
          }
        }
      }
      return merged;
    },

    async run(name, key) {
      const holders = [...(await others()).values()].filter((r) => r.holds.includes(name)).length;
      const here = registry.holds(name);
      if (!here && holders === 0) return { outcome: 'unknown' };
      const token = randomUUID();
      const locked = await bus.redis.set(lockKey(name, key), token, 'PX', ACTION_TIMEOUT_MS, 'NX');
      if (locked !== 'OK') return { outcome: 'busy' };
      try {
        const message = { type: 'cache-action', id: randomUUID(), name, regionKey: key } as const;
        const [local, remote] = await Promise.all([
          here ? runLocal(registry, name, key) : null,
          holders > 0 ? announce(message, holders) : [],
        ]);
        const outcomes = [...(local ? [local] : []), ...remote];
        await report();
        return outcomes.find((o) => o.outcome !== 'done') ?? outcomes[0] ?? { outcome: 'unknown' };
      } finally {
        // Released by its holder only (compare and delete).
        await bus.redis
          .eval(
            `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`,
            1,
            lockKey(name, key),
            token,
          )
          .catch(() => undefined);
      }
    },

    async close() {
      clearInterval(timer);
      await bus.redis.hdel(reportsKey, bus.processId).catch(() => undefined);
    },
  };
}
