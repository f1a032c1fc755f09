import type { Clock } from './clock';

/**
 * A small in-process cache whose entries live `ttlMs` on the app clock. It spares hot guarded calls their
 * database round trips; whoever changes the underlying rows deletes the entry, and the short life bounds
 * how stale another process can be.
 */
export function createTtlCache<K, V>(ttlMs: number, clock: Clock, maxEntries = 10_000) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key: K): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until > clock.now().getTime()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, { value, until: clock.now().getTime() + ttlMs });
      // Oldest first out: a Map keeps insertion order.
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as K);
    },
    /** How long ago the live entry was set, ms; undefined when there is none. */
    age(key: K): number | undefined {
      const hit = entries.get(key);
      const now = clock.now().getTime();
      return hit && hit.until > now ? now - (hit.until - ttlMs) : undefined;
    },
    delete: (key: K) => void entries.delete(key),
    /** Drops every entry whose value matches (e.g. all sessions of one user). */
    deleteWhere(match: (value: V, key: K) => boolean): void {
      for (const [key, hit] of entries) if (match(hit.value, key)) entries.delete(key);
    },
  };
}

export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>;
