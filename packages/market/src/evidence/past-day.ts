// A past day of a realm's evidence as the snapshot build reads it. Once a day is over and
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
// A day's arrays are one run of bytes, kept on a shelf (past-day-shelf.ts): in memory, or in a file
// read back when the build reads the day. Reading a day decodes its keys and prices into the working
// arrays of the reader it is given (past-day-reader.ts), which its owner reuses day after day.

import { type DayBucket, lowestByRowOf } from './day-bucket';
import { bytesFor, type Counts, type Sections, sectionsOf, STEP_WHOLE } from './past-day-layout';
import type { PastDayReader } from './past-day-reader';
import { memoryShelf, type PastDayShelf, type ShelvedBytes } from './storage';
import { indexInSorted } from '../sorted-search';

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

export class PastDay {
  /** The sections of a day the process holds, made on first read. */
  private held: Sections | null = null;

  private constructor(
    readonly day: number,
    /** Snapshots of the realm taken in the day (hours of evidence). */
    readonly snapshots: number,
    private readonly counts: Counts,
    private readonly bytes: ShelvedBytes,
  ) {}

  get size(): number {
    return this.counts.cells;
  }

  /** The build's part of a day stored in full (frozen here if it was not), shelved on `shelf`. */
  static of(bucket: DayBucket, shelf: PastDayShelf = memoryShelf): PastDay {
    bucket.freeze();
    const { keys, lowest, size } = bucket.listedCells();
    const sales = bucket.frozenSales();
    let whole = 0;
    for (let s = 0, prev = 0; s < size; s++) {
      const key = keys[s] as number;
      // The first key always goes whole: a day may start at any key.
      if (key - prev >= STEP_WHOLE || s === 0) whole++;
      prev = key;
    }
    const records = sales.recVariant.length;
    const counts: Counts = { cells: size, whole, records, sales: sales.bins.length };
    const bytes = new Uint8Array(bytesFor(counts));
    const { steps, wholeKeys, lows, saleCell, binStart, bins } = sectionsOf(bytes, counts);
    whole = 0;
    let r = 0;
    for (let s = 0, prev = 0; s < size; s++) {
      const key = keys[s] as number;
      const step = key - prev;
      if (step >= STEP_WHOLE || s === 0) {
        steps[s] = STEP_WHOLE;
        wholeKeys[whole++] = key;
      } else steps[s] = step;
      prev = key;
      lows[s] = lowCode(lowest[s] as number);
      // Records ascend by variant like the cells, and each has a cell.
      if (r < records && sales.recVariant[r] === key) saleCell[r++] = s;
    }
    binStart.set(sales.recStart);
    bins.set(sales.bins);
    return new PastDay(bucket.day, bucket.snapshots, counts, shelf.put(bucket.day, bytes));
  }

  /** Bytes of the day the process holds (none when shelved in a file). */
  get byteLength(): number {
    return this.bytes.inMemory ? this.bytes.byteLength : 0;
  }

  /** Bytes of the day shelved outside the process. */
  get shelvedLength(): number {
    return this.bytes.inMemory ? 0 : this.bytes.byteLength;
  }

  /** The day's arrays: held, or read from its shelf into one of the reader's slots. */
  private sections(reader: PastDayReader): Sections {
    if (this.bytes.inMemory) {
      this.held ??= sectionsOf(this.bytes.read(new Uint8Array(0)), this.counts);
      return this.held;
    }
    return reader.sectionsOf(this, this.bytes, this.counts);
  }

  /** The cells' keys, ascending, decoded into the reader's working array; and the day's arrays. */
  private decodeKeys(reader: PastDayReader): { keys: Int32Array; day: Sections } {
    const n = this.size;
    const { keys } = reader.cells(n);
    const day = this.sections(reader);
    const { steps, wholeKeys } = day;
    let key = 0;
    let whole = 0;
    for (let s = 0; s < n; s++) {
      const step = steps[s] as number;
      key = step === STEP_WHOLE ? (wholeKeys[whole++] as number) : key + step;
      keys[s] = key;
    }
    return { keys, day };
  }

  /** As DayBucket.listedCells: views of the reader's working arrays, valid until it reads another day. */
  listedCells(reader: PastDayReader): { keys: Int32Array; lowest: Float32Array; size: number } {
    const { keys, day } = this.decodeKeys(reader);
    const { lowest } = reader.cells(this.size);
    const lows = day.lows;
    for (let s = 0; s < this.size; s++) lowest[s] = lowPrice(lows[s] as number);
    return { keys, lowest, size: this.size };
  }

  /** As DayBucket.lowestByRow. */
  lowestByRow(rowOf: Int32Array, days: Uint8Array, lows: Float64Array, reader: PastDayReader): void {
    const { keys, lowest, size } = this.listedCells(reader);
    lowestByRowOf(keys, lowest, size, rowOf, days, lows);
  }

  /** As DayBucket.countSalesByRow. */
  countSalesByRow(rowOf: Int32Array, counts: Int32Array, reader: PastDayReader): void {
    this.salesByRow(rowOf, counts, null, reader);
  }

  /** As DayBucket.binsByRow. */
  binsByRow(rowOf: Int32Array, fill: Int32Array, out: Uint16Array, reader: PastDayReader): void {
    this.salesByRow(rowOf, fill, out, reader);
  }

  /** Both passes over the records with a row: counts into `at` (out null), else bins from at[row]. */
  private salesByRow(
    rowOf: Int32Array,
    at: Int32Array,
    out: Uint16Array | null,
    reader: PastDayReader,
  ): void {
    const { keys, day } = this.decodeKeys(reader);
    const { saleCell, binStart, bins } = day;
    const limit = rowOf.length;
    for (let r = 0; r < saleCell.length; r++) {
      const v = keys[saleCell[r] as number] as number;
      if (v >= limit) break;
      const row = (rowOf[v] as number) - 1;
      if (row < 0) continue;
      const from = binStart[r] as number;
      const to = binStart[r + 1] as number;
      if (out === null) {
        at[row] = (at[row] as number) + to - from;
        continue;
      }
      let put = at[row] as number;
      for (let k = from; k < to; k++) out[put++] = bins[k] as number;
      at[row] = put;
    }
  }

  /** As DayBucket.collectBins. */
  collectBins(variant: number, out: number[], reader: PastDayReader): number {
    const { keys, day } = this.decodeKeys(reader);
    const s = indexInSorted(keys, this.size, variant);
    const r = s < 0 ? -1 : indexInSorted(day.saleCell, day.saleCell.length, s);
    if (r < 0) return 0;
    const from = day.binStart[r] as number;
    const to = day.binStart[r + 1] as number;
    for (let k = from; k < to; k++) out.push(day.bins[k] as number);
    return to - from;
  }
}

/** A day in a realm's 14-day window: today's (or one not yet stored), in full, or a past one. */
export type WindowDay = DayBucket | PastDay;
