// What a Redis that came back empty looks like to one deployment: every key under its prefix gone. Deleted
// with SCAN + DEL, never FLUSHALL/FLUSHDB: the machine's Redis is shared with other tests and tools.
import type { Redis } from 'ioredis';

/** Deletes every key matching `pattern` (e.g. `goldroute:*`); resolves with how many there were. */
export async function deleteKeys(redis: Redis, pattern: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await redis.del(...keys);
  } while (cursor !== '0');
  return deleted;
}
