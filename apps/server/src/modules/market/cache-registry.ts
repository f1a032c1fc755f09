import type { CacheName, CacheRegionKey } from '@goldroute/domain';

/** Counts per region key of the catalogue: "global", "1" (NA) or "2" (EU). */
export type CacheCounts = Partial<Record<CacheRegionKey, number>>;

/** A cache or action of the catalogue (domain caches.ts) as this process holds it. */
export interface RegisteredCache {
  name: CacheName;
  /** Entry counts per region key; absent for an action that holds nothing to count (a re-poll). */
  counts?: () => CacheCounts;
  /** Clears or refreshes it; what it did, in words, when it has more to say. Absent for the SPEC §9 five. */
  clear?: (regionKey: CacheRegionKey) => Promise<string | void> | string | void;
  /** Every process keeps its own (answers per user): the deployment's count is the sum over processes. */
  perProcess?: boolean;
}

/** Every cache the admin stats page lists, with its counts and, where allowed, a clear action. */
export function createCacheRegistry() {
  const caches = new Map<string, RegisteredCache>();
  const clearing = new Set<string>();

  return {
    register(cache: RegisteredCache): void {
      caches.set(cache.name, cache);
    },

    stats(): Record<string, CacheCounts> {
      return Object.fromEntries(
        [...caches.values()].flatMap((c) => (c.counts ? [[c.name, c.counts()] as const] : [])),
      );
    },

    /** Names of the caches whose counts add up over processes. */
    perProcess: () => [...caches.values()].filter((c) => c.perProcess).map((c) => c.name),

    holds: (name: string) => caches.has(name),

    /** Every cache and action this process can clear or run. */
    names: () => [...caches.values()].filter((c) => c.clear).map((c) => c.name),

    isClearable: (name: string) => Boolean(caches.get(name)?.clear),

    /** One clear at a time per cache and region key (SPEC §4 Admin). */
    async clear(
      name: string,
      regionKey: CacheRegionKey,
    ): Promise<{ outcome: 'cleared'; message?: string } | { outcome: 'busy' | 'not-clearable' | 'unknown' }> {
      const cache = caches.get(name);
      if (!cache) return { outcome: 'unknown' };
      if (!cache.clear) return { outcome: 'not-clearable' };
      const key = `${name}:${regionKey}`;
      if (clearing.has(key)) return { outcome: 'busy' };
      clearing.add(key);
      try {
        const message = await cache.clear(regionKey);
        return message ? { outcome: 'cleared', message } : { outcome: 'cleared' };
      } finally {
        clearing.delete(key);
      }
    },
  };
}

export type CacheRegistry = ReturnType<typeof createCacheRegistry>;
