// A dump as Blizzard sends it when asked for gzip (most of a dump's bytes on the wire): inflated by the
// ingest, in the thread that ingests it (a builder thread by default), not in the thread that fetched it.
import { gunzipSync } from 'node:zlib';
import { IngestError } from './ingest-error';

/** Whether a dump is gzip (its two magic bytes; a JSON document never starts with them). */
export const isGzip = (bytes: Uint8Array): boolean =>
  bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** The dump's JSON: gzip bytes inflated, anything else as it is. A corrupt or cut gzip is an IngestError. */
export function inflateDump(input: Uint8Array | string): Uint8Array | string {
  if (typeof input === 'string' || !isGzip(input)) return input;
  try {
    return gunzipSync(input);
  } catch (err) {
    throw new IngestError(`Malformed gzip (${err instanceof Error ? err.message : String(err)})`, 0);
  }
}
