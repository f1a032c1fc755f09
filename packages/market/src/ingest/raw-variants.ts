// Region-wide interning of raw auction variants: the fields of an auction's item that can change
// its identity (item id, sorted bonus ids, drop level, crafted stats; pet species, level and quality). Ingest
// maps every auction to a raw variant id without allocating strings; the snapshot builder
// resolves each raw variant once into a readable variant key.
import { grown } from '../grown';

/**
 * Signature layout: [itemId, petSpecies (0: not a pet), petLevel, petQuality, dropLevel (-1: none),
 * craftedStat1, craftedStat2 (modifiers 29 and 30; -1: none), ...bonusIds].
 */
export const SIG_HEADER = 7;
/** The header before crafted stats were part of a signature: tables saved then are read with it. */
const SIG_HEADER_V1 = 5;
/** First value of toInt32() since the header grew (a count is never negative). */
const LAYOUT_V2 = -2;

/** `arr` copied into a length doubled (as often as it takes) to hold `min`. */
function grow(arr: Int32Array<ArrayBuffer>, min: number): Int32Array<ArrayBuffer> {
  let n = arr.length * 2;
  while (n < min) n *= 2;
  return grown(arr, n);
}

/** Hash of a signature (32-bit). */
export function signatureHash(sig: Int32Array, len: number): number {
  let h = 0x811c9dc5 ^ len;
  for (let i = 0; i < len; i++) {
    h = Math.imul(h ^ (sig[i] as number), 0x9e3779b1);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
  return (h ^ (h >>> 16)) >>> 0;
}

export class RawVariantTable {
  private data = new Int32Array(1 << 16);
  private dataLength = 0;
  private starts = new Int32Array(1 << 12);
  private slots = new Int32Array(1 << 13); // raw id + 1; 0 = empty
  private hashes = new Int32Array(1 << 12);
  private size = 0;

  get count(): number {
    return this.size;
  }

  /** Returns the id of the signature, adding it when new. */
  intern(sig: Int32Array, len: number): number {
    const hash = signatureHash(sig, len) | 0;
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (;;) {
      const entry = this.slots[slot] as number;
      if (entry === 0) break;
      const id = entry - 1;
      if ((this.hashes[id] as number) === hash && this.equals(id, sig, len)) return id;
      slot = (slot + 1) & mask;
    }
    const id = this.size++;
    if (this.size + 1 >= this.starts.length) {
      this.starts = grow(this.starts, this.size + 2);
      this.hashes = grow(this.hashes, this.size + 2);
    }
    if (this.dataLength + len > this.data.length) this.data = grow(this.data, this.dataLength + len);
    this.data.set(sig.subarray(0, len), this.dataLength);
    this.starts[id] = this.dataLength;
    this.dataLength += len;
    this.starts[id + 1] = this.dataLength;
    this.hashes[id] = hash;
    this.slots[slot] = id + 1;
    if (this.size * 2 > this.slots.length) this.rehash();
    return id;
  }

  private equals(id: number, sig: Int32Array, len: number): boolean {
    const start = this.starts[id] as number;
    if ((this.starts[id + 1] as number) - start !== len) return false;
    for (let i = 0; i < len; i++) if (this.data[start + i] !== sig[i]) return false;
    return true;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.size; id++) {
      let slot = (this.hashes[id] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }

  itemId(id: number): number {
    return this.data[this.starts[id] as number] as number;
  }

  /** Pet species id, 0 when the raw variant is not a battle pet. */
  petSpecies(id: number): number {
    return this.data[(this.starts[id] as number) + 1] as number;
  }

  petLevel(id: number): number {
    return this.data[(this.starts[id] as number) + 2] as number;
  }

  petQuality(id: number): number {
    return this.data[(this.starts[id] as number) + 3] as number;
  }

  /** Drop level (modifier type 9), -1 when absent. */
  dropLevel(id: number): number {
    return this.data[(this.starts[id] as number) + 4] as number;
  }

  /** The crafted stat ids of modifiers 29 and 30; -1 where absent. */
  craftedStats(id: number): [number, number] {
    const start = this.starts[id] as number;
    return [this.data[start + 5] as number, this.data[start + 6] as number];
  }

  /**
   * Every signature in id order (a varint-free layout: per id its length, then its values), so a
   * restarted process can restore the same ids before ingesting (stored evidence names raw ids).
   */
  toInt32(): Int32Array {
    const out = new Int32Array(2 + this.size + this.dataLength);
    out[0] = LAYOUT_V2;
    out[1] = this.size;
    let at = 2;
    for (let id = 0; id < this.size; id++) {
      const start = this.starts[id] as number;
      const end = this.starts[id + 1] as number;
      out[at++] = end - start;
      out.set(this.data.subarray(start, end), at);
      at += end - start;
    }
    return out;
  }

  /**
   * Interns the signatures of toInt32() in order: into an empty table, each gets its old id. A table
   * saved before crafted stats were kept reads as pieces without them (their evidence stays theirs).
   */
  restore(saved: Int32Array): void {
    if (this.size !== 0) throw new Error('restore needs an empty raw variant table');
    const v2 = saved[0] === LAYOUT_V2;
    const header = v2 ? SIG_HEADER : SIG_HEADER_V1;
    const count = (v2 ? saved[1] : saved[0]) ?? 0;
    let at = v2 ? 2 : 1;
    const sig = new Int32Array(64);
    for (let id = 0; id < count; id++) {
      const len = saved[at++] as number;
      if (!(len >= header) || at + len > saved.length) throw new RangeError('bad raw variant table');
      if (v2) this.intern(saved.subarray(at, at + len), len);
      else {
        const bonus = len - SIG_HEADER_V1;
        const into = sig.length >= SIG_HEADER + bonus ? sig : new Int32Array(SIG_HEADER + bonus);
        into.set(saved.subarray(at, at + SIG_HEADER_V1), 0);
        into[5] = -1;
        into[6] = -1;
        into.set(saved.subarray(at + SIG_HEADER_V1, at + len), SIG_HEADER);
        this.intern(into, SIG_HEADER + bonus);
      }
      at += len;
    }
  }

  bonusIds(id: number): number[] {
    const start = (this.starts[id] as number) + SIG_HEADER;
    const end = this.starts[id + 1] as number;
    return Array.from(this.data.subarray(start, end));
  }
}
