/** Region keys as the admin stats page reads them: "global", "1" (NA) or "2" (EU). */
export type RegionKey = 'global' | '1' | '2';

export interface RegisteredCache {
  name: string;
  /** Entry counts per region key. */
  counts(): Partial<Record<RegionKey, number>>;
  /** Absent for the caches SPEC §9 lists as not clearable. */
  clear?: (regionKey: RegionKey) => Promise<void> | void;
}

/** Every cache the admin stats page lists, with its counts and, where allowed, a clear action. */
export function createCacheRegistry() {
  const caches = new Map<string, RegisteredCache>();
  const clearing = new Set<string>();

  return {
    register(cache: RegisteredCache): void {
      caches.set(cache.name, cache);
    },

    stats(): Record<string, Partial<Record<RegionKey, number>>> {
      return Object.fromEntries([...caches.values()].map((c) => [c.name, c.counts()]));
    },

    isClearable: (name: string) => Boolean(caches.get(name)?.clear),

    /** One clear at a time per cache and region key (SPEC §4 Admin). */
    async clear(
      name: string,
      regionKey: RegionKey,
    ): Promise<'cleared' | 'busy' | 'not-clearable' | 'unknown'> {
      const cache = caches.get(name);
      if (!cache) return 'unknown';
      if (!cache.clear) return 'not-clearable';
      const key = `${name}:${regionKey}`;
      if (clearing.has(key)) return 'busy';
      clearing.add(key);
      try {
        await cache.clear(regionKey);
        return 'cleared';
      } finally {
        clearing.delete(key);
      }
    },
  };
}

export type CacheRegistry = ReturnType<typeof createCacheRegistry>;
