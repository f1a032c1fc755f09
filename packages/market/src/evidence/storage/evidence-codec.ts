// Persistence of a realm's daily buckets (not its last snapshot: after a restart the first snapshot
// only starts following auctions again, so one hour of sales goes unseen). Compact and versioned:
//   version byte (2), varint time of the last snapshot observed in seconds + 1 (0: none), varint day count, then per day: varint UTC day number, varint snapshots taken
//   that day, varint cell count, and
//   per cell by ascending variant: varint variant delta, varint lowest + 1 (0: not listed),
//   varint listings, varint sales, and when sales > 0: varint units, varint total copper and the
//   sorted price bins as a first value then deltas.
// Varints are LEB128 done with arithmetic (not bit operators) so copper totals past 2^32 survive.

import { DayBucket } from '../day-bucket';
import { grown } from '../../grown';

/** What the format keeps of a realm's evidence (a RealmEvidence has both). */
export interface EvidenceDays {
  readonly lastHourMs: number | null;
  readonly buckets: readonly DayBucket[];
}

export const EVIDENCE_FORMAT_VERSION = 2;

export class EvidenceCodecError extends Error {
  override name = 'EvidenceCodecError';
}

class Writer {
  private buf = new Uint8Array(1024);
  private at = 0;

  varint(value: number): void {
    let v = Math.round(value);
    if (!(v >= 0) || v > Number.MAX_SAFE_INTEGER) throw new RangeError(`not a varint: ${value}`);
    if (this.at + 8 > this.buf.length) this.buf = grown(this.buf, this.buf.length * 2);
    while (v >= 128) {
      this.buf[this.at++] = (v % 128) + 128;
      v = Math.floor(v / 128);
    }
    this.buf[this.at++] = v;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.at);
  }
}

class Reader {
  private at = 0;
  constructor(private readonly buf: Uint8Array) {}

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.buf.length) throw new EvidenceCodecError('evidence bytes end early');
      const b = this.buf[this.at++] as number;
      value += (b % 128) * scale;
      if (b < 128) return value;
      scale *= 128;
      if (scale > 2 ** 56) throw new EvidenceCodecError('varint too long');
    }
  }

  get done(): boolean {
    return this.at === this.buf.length;
  }
}

export function evidenceToBytes(evidence: EvidenceDays): Uint8Array {
  const w = new Writer();
  w.varint(EVIDENCE_FORMAT_VERSION);
  const last = evidence.lastHourMs;
  w.varint(last === null ? 0 : Math.floor(last / 1000) + 1);
  w.varint(evidence.buckets.length);
  for (const bucket of evidence.buckets) {
    w.varint(bucket.day);
    w.varint(bucket.snapshots);
    const cells = bucket.cells();
    w.varint(cells.length);
    let prevVariant = 0;
    for (const c of cells) {
      w.varint(c.variant - prevVariant);
      prevVariant = c.variant;
      w.varint(c.lowest === null ? 0 : c.lowest + 1);
      w.varint(c.listings);
      w.varint(c.sales);
      if (c.sales === 0) continue;
      w.varint(c.units);
      w.varint(c.total);
      c.bins.sort((a, b) => a - b);
      let prevBin = 0;
      for (const bin of c.bins) {
        w.varint(bin - prevBin);
        prevBin = bin;
      }
    }
  }
  return w.bytes();
}

/** The days and the last snapshot's time; evidenceFromBytes (evidence-bytes.ts) makes them a RealmEvidence. */
export function evidenceDaysFromBytes(bytes: Uint8Array): EvidenceDays {
  const r = new Reader(bytes);
  const version = r.varint();
  if (version !== EVIDENCE_FORMAT_VERSION) {
    throw new EvidenceCodecError(`evidence format ${version}, expected ${EVIDENCE_FORMAT_VERSION}`);
  }
  const last = r.varint();
  const days: DayBucket[] = [];
  for (let d = r.varint(); d > 0; d--) {
    const bucket = new DayBucket(r.varint());
    bucket.snapshots = r.varint();
    let variant = 0;
    for (let c = r.varint(); c > 0; c--) {
      variant += r.varint();
      const lowest = r.varint();
      bucket.restoreListings(variant, lowest === 0 ? null : lowest - 1, r.varint());
      const sales = r.varint();
      if (sales === 0) continue;
      const units = r.varint();
      const total = r.varint();
      let bin = 0;
      for (let k = 0; k < sales; k++) {
        bin += r.varint();
        // The cell's units and total ride on its first sale; only their sums are ever read.
        bucket.addSaleBin(variant, bin, k === 0 ? units : 0, k === 0 ? total : 0);
      }
    }
    bucket.freeze();
    days.push(bucket);
  }
  if (!r.done) throw new EvidenceCodecError('trailing bytes after the evidence');
  return { buckets: days, lastHourMs: last === 0 ? null : (last - 1) * 1000 };
}
