import { promisify } from 'node:util';
import { Readable } from 'node:stream';
import { constants, createGunzip, gzip as gzipCallback } from 'node:zlib';
import type { Region } from '@goldroute/domain';
import { etagOf } from '../../lib/etag';

/** The SPEC JSON answers' content type; the compact ones are TRADE_COLUMNS_TYPE (@goldroute/domain). */
export const JSON_TYPE = 'application/json; charset=utf-8';

export interface CachedResponse {
  etag: string;
  /** The content type of the bytes: the SPEC JSON, or the compact encoding a client asked for. */
  type: string;
  gzip: Buffer;
  /**
   * The bytes for the rare client that does not accept gzip, unzipped as a stream on zlib's threads: a full
   * JSON answer is 28 MB, which unzipped at once would hold the event loop for every other request.
   */
  body(): Readable;
}

/**
 * A full-region flipping answer is ~28 MB of JSON but ~3 MB gzipped: only the gzip is kept. A user's
 * compact answer (asked for by the web client) is an entry of its own, counted alike.
 */
export const PERSONAL_CACHE_MAX_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 2000;
// Level 1 compresses a full answer about four times faster than the default 6 for ~20% more bytes:
// the first request after a new snapshot is what a user waits for.
const GZIP_LEVEL = constants.Z_BEST_SPEED;
// On zlib's thread pool: a full answer takes ~100 ms to compress, which must not stall other requests.
const gzip = promisify(gzipCallback);

/**
 * Gzips an answer already serialised (to JSON bytes, or to the compact encoding), and tags it. The tag is
 * the hash of the gzip bytes, so the two encodings of one answer never share a tag.
 */
export async function compressAnswer(bytes: Uint8Array, type = JSON_TYPE): Promise<CachedResponse> {
  const compressed = await gzip(bytes, { level: GZIP_LEVEL });
  return {
    gzip: compressed,
    etag: etagOf(compressed),
    type,
    body: () => Readable.from([compressed]).pipe(createGunzip()),
  };
}

interface Entry {
  region: Region;
  userId: string;
  response: CachedResponse;
}

/**
 * The "personal" cache: one user's computed market answer per call and region, gzipped once.
 * Dropped for a region when a new snapshot lands, and for a user when their settings change; the least
 * recently used entries go first when it outgrows its byte budget.
 */
export function createPersonalCache(maxBytes = PERSONAL_CACHE_MAX_BYTES) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const key = (region: Region, userId: string, call: string) => `${region}|${userId}|${call}`;

  function remove(k: string): void {
    const entry = entries.get(k);
    if (!entry) return;
    bytes -= entry.response.gzip.length;
    entries.delete(k);
  }

  return {
    get(region: Region, userId: string, call: string): CachedResponse | undefined {
      const k = key(region, userId, call);
      const entry = entries.get(k);
      if (!entry) return undefined;
      // Most recently used last.
      entries.delete(k);
      entries.set(k, entry);
      return entry.response;
    },

    /** Stores a compressed answer (see compressAnswer). */
    put(region: Region, userId: string, call: string, response: CachedResponse): CachedResponse {
      const k = key(region, userId, call);
      remove(k);
      entries.set(k, { region, userId, response });
      bytes += response.gzip.length;
      while ((bytes > maxBytes || entries.size > MAX_ENTRIES) && entries.size > 1) {
        remove(entries.keys().next().value as string);
      }
      return response;
    },

    dropRegion(region: Region): void {
      for (const [k, entry] of entries) if (entry.region === region) remove(k);
    },

    dropUser(userId: string): void {
      for (const [k, entry] of entries) if (entry.userId === userId) remove(k);
    },

    count(region: Region): number {
      let n = 0;
      for (const entry of entries.values()) if (entry.region === region) n++;
      return n;
    },

    /** Compressed bytes held, for the admin cache statistics. */
    bytes: () => bytes,
  };
}

export type PersonalCache = ReturnType<typeof createPersonalCache>;
