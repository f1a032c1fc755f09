// The bytes a scan reads: the document's UTF-8 followed by NUL padding (see json-scan.ts for why).
// The buffer is kept between calls by its owner (IngestScratch) and reused: a region's 80-odd dumps
// are ingested one after another, and a fresh 30 MB copy each time would churn the heap. It is
// handed to one scanner at a time: the next scan overwrites it.
import { JsonScanner } from './json-scan';

const PADDING = 16;
/** Larger buffers (an unusually big dump) are dropped after the scan rather than kept. */
const KEEP_BUFFER_BYTES = 64 << 20;

const encoder = new TextEncoder();

export class ScanBuffer {
  private bytes = new Uint8Array(0);

  /** A scanner over a padded copy of `input` in this buffer, valid until the next call. */
  scannerFor(input: Uint8Array | string): JsonScanner {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    const need = (typeof input === 'string' ? input.length * 3 : input.length) + PADDING;
    if (this.bytes.length < need)
      this.bytes = new Uint8Array(Math.max(need, Math.ceil(this.bytes.length * 1.25)));
    const buf = this.bytes;
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
  releaseLarge(): void {
    if (this.bytes.length > KEEP_BUFFER_BYTES) this.bytes = new Uint8Array(0);
  }
}
