import type { Clock } from './clock';
import { createTtlCache } from './ttl-cache';

/**
 * Values read from the database and kept `ttlMs` per key (ttl-cache.ts), with the reads under way
 * shared: the calls that miss one key together make one read. A change (fresh, forget) drops the key's
 * value, and a read that began before it is neither kept nor shared after it: its own callers still get
 * what it read, later callers read again. `read` answers null when there is nothing (not kept).
 */
export function createSharedReads<K, V>(ttlMs: number, clock: Clock, read: (key: K) => Promise<V | null>) {
  const kept = createTtlCache<K, V>(ttlMs, clock);
  /** Keys with reads under way: how many, how many changes came meanwhile, and the read the calls share. */
  const reading = new Map<K, { reads: number; changes: number; shared?: Promise<V | null> }>();

  function changed(key: K): void {
    kept.delete(key);
    const r = reading.get(key);
    if (r) {
      r.changes++;
      delete r.shared;
    }
  }

  async function load(key: K): Promise<V | null> {
    let r = reading.get(key);
    if (!r) reading.set(key, (r = { reads: 0, changes: 0 }));
    r.reads++;
    const since = r.changes;
    try {
      const value = await read(key);
      if (r.changes === since) {
        if (value === null) kept.delete(key);
        else kept.set(key, value);
      }
      return value;
    } finally {
      if (--r.reads === 0) reading.delete(key);
    }
  }

  return {
    /** The kept value, else a read (one for all the calls that ask meanwhile). */
    async get(key: K): Promise<V | null> {
      const value = kept.get(key);
      if (value !== undefined) return value;
      const shared = reading.get(key)?.shared;
      if (shared) return shared;
      const loaded = load(key);
      const r = reading.get(key);
      if (r) r.shared = loaded;
      return loaded;
    },
    /** Read now, past what is kept (after a change this process made). */
    fresh(key: K): Promise<V | null> {
      changed(key);
      return load(key);
    },
    /** The value changed elsewhere: the next call reads it again. */
    forget: (key: K): void => changed(key),
  };
}

export type SharedReads<K, V> = ReturnType<typeof createSharedReads<K, V>>;
