// A past day of a realm's evidence as the snapshot build reads it (issue 13). Once a day is over and
// stored in full (evidence-codec.ts, in the database), memory keeps only what the build reads of it for
// the 13 days it stays in the window: per variant listed or sold that day, its key and its lowest
// price, and its sales as price bins. The listings counts and the sales' units and copper are read by
// the history alone, and the history reads the stored days (deal-history.ts).
//
// About 3 bytes a cell where a frozen DayBucket takes 14 (2.7 million cells a day in a full region):
// - keys ascend, so each is kept as its step from the one before, in a byte; steps of 255 or more go
//   whole to a side list (variant keys are dense, so a realm's steps are small);
// - the lowest price as a 16-bit code on a log scale 0.05% wide, read back rounded to the copper:
//   within 0.025% of the listed price and half a copper (exact up to 2,000 copper), where the floors
//   built from it compare prices within 0.5% (item-floor.ts, trust.ts);
// - per cell that sold (one in ten), its place and where its bins start; 2 bytes a sale.
// Reading a day decodes its keys and prices into working arrays shared by every past day: one day is
// read at a time.

import { type DayBucket, lowestByRowOf } from './day-bucket';
import { indexInSorted } from './sorted-search';

const STEP_WHOLE = 0xff;
const LOG_LOW_RATIO = Math.log(1.0005);
const LOW_CODES = 0x10000;

/** Code of a lowest price, copper: 1 + its step on the log scale; 0 stands for "not listed". */
export function lowCode(price: number): number {
  if (price === Infinity) return 0;
  if (!(price > 1)) return 1;
  return Math.min(LOW_CODES - 1, 1 + Math.round(Math.log(price) / LOG_LOW_RATIO));
}

/** The price of each code, computed on first use (0: not yet); Infinity for code 0. */
const lowPrices = new Float32Array(LOW_CODES);
lowPrices[0] = Infinity;

export function lowPrice(code: number): number {
  const known = lowPrices[code] as number;
  if (known !== 0) return known;
  return (lowPrices[code] = Math.round(Math.exp((code - 1) * LOG_LOW_RATIO)));
}

/** The decoded keys and lowest prices of the day read last (listedCells). */
const scratch = { keys: new Int32Array(0), lowest: new Float32Array(0) };

export class PastDay {
  private constructor(
    readonly day: number,
    /** Snapshots of the realm taken in the day (hours of evidence). */
    readonly snapshots: number,
    readonly size: number,
    /** Per cell: its key's step from the one before (STEP_WHOLE: the key is next in `wholeKeys`). */
    private readonly steps: Uint8Array,
    private readonly wholeKeys: Int32Array,
    /** Per cell: lowCode of its lowest price. */
    private readonly lows: Uint16Array,
    /** Per cell that sold, ascending: its place, and its bins at bins[binStart[r]..binStart[r + 1]). */
    private readonly saleCell: Int32Array,
    private readonly binStart: Int32Array,
    private readonly bins: Uint16Array,
  ) {}

  /** The build's part of a day stored in full (frozen here if it was not). */
  static of(bucket: DayBucket): PastDay {
    bucket.freeze();
    const { keys, lowest, size } = bucket.listedCells();
    const steps = new Uint8Array(size);
    const lows = new Uint16Array(size);
    let whole = 0;
    let prev = 0;
    for (let s = 0; s < size; s++) {
      const key = keys[s] as number;
      if (key - prev >= STEP_WHOLE || s === 0) whole++;
      prev = key;
    }
    const wholeKeys = new Int32Array(whole);
    whole = 0;
    prev = 0;
    for (let s = 0; s < size; s++) {
      const key = keys[s] as number;
      const step = key - prev;
      // The first key always goes whole: a day may start at any key.
      if (step >= STEP_WHOLE || s === 0) {
        steps[s] = STEP_WHOLE;
        wholeKeys[whole++] = key;
      } else steps[s] = step;
      prev = key;
      lows[s] = lowCode(lowest[s] as number);
    }
    const sales = bucket.frozenSales();
    let records = 0;
    for (let s = 0; s < size; s++) if ((sales.saleOf[s] as number) >= 0) records++;
    const saleCell = new Int32Array(records);
    const binStart = new Int32Array(records + 1);
    const bins = new Uint16Array(sales.bins.length);
    let r = 0;
    let at = 0;
    for (let s = 0; s < size; s++) {
      const rec = sales.saleOf[s] as number;
      if (rec < 0) continue;
      saleCell[r] = s;
      binStart[r++] = at;
      const from = sales.recStart[rec] as number;
      const to = sales.recStart[rec + 1] as number;
      bins.set(sales.bins.subarray(from, to), at);
      at += to - from;
    }
    binStart[records] = at;
    return new PastDay(bucket.day, bucket.snapshots, size, steps, wholeKeys, lows, saleCell, binStart, bins);
  }

  /** Bytes of the typed arrays the day holds. */
  get byteLength(): number {
    return (
      this.steps.byteLength +
      this.wholeKeys.byteLength +
      this.lows.byteLength +
      this.saleCell.byteLength +
      this.binStart.byteLength +
      this.bins.byteLength
    );
  }

  /** The cells' keys, ascending, decoded into the shared working array. */
  private decodeKeys(): Int32Array {
    const n = this.size;
    if (scratch.keys.length < n) {
      scratch.keys = new Int32Array(Math.max(n, scratch.keys.length * 2));
      scratch.lowest = new Float32Array(scratch.keys.length);
    }
    const keys = scratch.keys;
    const { steps, wholeKeys } = this;
    let key = 0;
    let whole = 0;
    for (let s = 0; s < n; s++) {
      const step = steps[s] as number;
      key = step === STEP_WHOLE ? (wholeKeys[whole++] as number) : key + step;
      keys[s] = key;
    }
    return keys;
  }

  /** As DayBucket.listedCells: views of working arrays shared by every past day, valid until another is read. */
  listedCells(): { keys: Int32Array; lowest: Float32Array; size: number } {
    const keys = this.decodeKeys();
    const lowest = scratch.lowest;
    const lows = this.lows;
    for (let s = 0; s < this.size; s++) lowest[s] = lowPrice(lows[s] as number);
    return { keys, lowest, size: this.size };
  }

  /** As DayBucket.lowestByRow. */
  lowestByRow(rowOf: Int32Array, days: Uint8Array, lows: Float64Array): void {
    const { keys, lowest, size } = this.listedCells();
    lowestByRowOf(keys, lowest, size, rowOf, days, lows);
  }

  /** As DayBucket.countSalesByRow. */
  countSalesByRow(rowOf: Int32Array, counts: Int32Array): void {
    const keys = this.decodeKeys();
    const { saleCell, binStart } = this;
    const limit = rowOf.length;
    for (let r = 0; r < saleCell.length; r++) {
      const v = keys[saleCell[r] as number] as number;
      if (v >= limit) break;
      const row = (rowOf[v] as number) - 1;
      if (row < 0) continue;
      counts[row] = (counts[row] as number) + (binStart[r + 1] as number) - (binStart[r] as number);
    }
  }

  /** As DayBucket.binsByRow. */
  binsByRow(rowOf: Int32Array, fill: Int32Array, bins: Uint16Array): void {
    const keys = this.decodeKeys();
    const { saleCell, binStart } = this;
    const limit = rowOf.length;
    for (let r = 0; r < saleCell.length; r++) {
      const v = keys[saleCell[r] as number] as number;
      if (v >= limit) break;
      const row = (rowOf[v] as number) - 1;
      if (row < 0) continue;
      const from = binStart[r] as number;
      const to = binStart[r + 1] as number;
      bins.set(this.bins.subarray(from, to), fill[row] as number);
      fill[row] = (fill[row] as number) + to - from;
    }
  }

  /** As DayBucket.collectBins. */
  collectBins(variant: number, out: number[]): number {
    const s = indexInSorted(this.decodeKeys(), this.size, variant);
    const r = s < 0 ? -1 : indexInSorted(this.saleCell, this.saleCell.length, s);
    if (r < 0) return 0;
    const from = this.binStart[r] as number;
    const to = this.binStart[r + 1] as number;
    for (let k = from; k < to; k++) out.push(this.bins[k] as number);
    return to - from;
  }
}

/** A day in a realm's 14-day window: today's (or one not yet stored), in full, or a past one. */
export type WindowDay = DayBucket | PastDay;
