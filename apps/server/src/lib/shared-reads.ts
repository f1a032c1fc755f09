import type { Clock } from './clock';
import { createTtlCache } from './ttl-cache';

/**
 * Values read from the database and kept `ttlMs` per key (ttl-cache.ts), with the reads under way
 * shared: the calls that miss one key together make one read. A change (fresh, forget) drops the key's
 * value, and a read that began before it is neither kept nor shared after it: its own callers still get
 * what it read, later callers read again. `read` answers null when there is nothing (not kept).
 *
 * A value past half its TTL is still answered, and read again behind it for the next calls: a key asked for
 * steadily (every screen's profile, every data call's access) never waits for the database, which may be
 * busy for a moment with a large write, and no value answered is older than the TTL.
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

  /** A read the calls that miss meanwhile share. */
  function readShared(key: K): Promise<V | null> {
    const loaded = load(key);
    const r = reading.get(key);
    if (r) r.shared = loaded;
    return loaded;
  }

  return {
    /** The kept value, else a read (one for all the calls that ask meanwhile). */
    async get(key: K): Promise<V | null> {
      const value = kept.get(key);
      const shared = reading.get(key)?.shared;
      if (value !== undefined) {
        if (!shared && (kept.age(key) ?? 0) >= ttlMs / 2) readShared(key).catch(() => undefined);
        return value;
      }
      return shared ?? readShared(key);
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
