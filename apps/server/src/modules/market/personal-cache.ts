import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Region } from '@goldroute/domain';

export interface CachedResponse {
  etag: string;
  json: string;
  gzip: Buffer;
}

const MAX_ENTRIES = 2000;

/**
 * The "personal" cache: one user's computed market answer per call and region, serialised and gzipped once.
 * Dropped for a region when a new snapshot lands, and for a user when their settings change.
 */
export function createPersonalCache() {
  const entries = new Map<string, CachedResponse>();
  const key = (region: Region, userId: string, call: string) => `${region}|${userId}|${call}`;

  return {
    get: (region: Region, userId: string, call: string) => entries.get(key(region, userId, call)),

    /** Stores an answer already serialised to JSON text. */
    put(region: Region, userId: string, call: string, json: string): CachedResponse {
      const entry = {
        json,
        gzip: gzipSync(json),
        etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
      };
      entries.delete(key(region, userId, call));
      entries.set(key(region, userId, call), entry);
      // Oldest first out: Map keeps insertion order.
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      return entry;
    },

    dropRegion(region: Region): void {
      for (const k of entries.keys()) if (k.startsWith(`${region}|`)) entries.delete(k);
    },

    dropUser(userId: string): void {
      for (const k of entries.keys()) if (k.split('|')[1] === userId) entries.delete(k);
    },

    count: (region: Region) => [...entries.keys()].filter((k) => k.startsWith(`${region}|`)).length,
  };
}

export type PersonalCache = ReturnType<typeof createPersonalCache>;
