// The bytes a scan reads: the document's UTF-8 followed by NUL padding (see json-scan.ts for why).
// One buffer is kept between calls and reused by every table: a region's 80-odd dumps are ingested
// one after another, and a fresh 30 MB copy each time would churn the heap. Sharing is safe because
// ingest is synchronous and never re-entered; the buffer is handed to one scanner at a time.
import { JsonScanner } from './json-scan';

const PADDING = 16;
/** Larger buffers (an unusually big dump) are dropped after the scan rather than kept. */
const KEEP_BUFFER_BYTES = 64 << 20;

const encoder = new TextEncoder();
let scanBuffer = new Uint8Array(0);

/** A scanner over a padded copy of `input` in the shared buffer. */
export function scannerFor(input: Uint8Array | string): JsonScanner {
  // UTF-8 needs at most 3 bytes per UTF-16 code unit.
  const need = (typeof input === 'string' ? input.length * 3 : input.length) + PADDING;
  if (scanBuffer.length < need)
    scanBuffer = new Uint8Array(Math.max(need, Math.ceil(scanBuffer.length * 1.25)));
  const buf = scanBuffer;
  let end: number;
  if (typeof input === 'string') end = encoder.encodeInto(input, buf).written;
  else {
    buf.set(input);
    end = input.length;
  }
  buf.fill(0, end, end + PADDING);
  return new JsonScanner(buf, end);
}

/** Called after each scan: lets an unusually large buffer go. */
export function releaseLargeScanBuffer(): void {
  if (scanBuffer.length > KEEP_BUFFER_BYTES) scanBuffer = new Uint8Array(0);
}
