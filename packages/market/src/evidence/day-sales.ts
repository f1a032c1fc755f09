// The sales of one day of a realm's evidence (day-bucket.ts): one record per variant seen sold that
// day, ascending by variant like the day's cells (every record's variant has a cell), with the units
// and copper (unit price x quantity) of its sales and each sale's price bin. Most cells never see a
// sale in their day, so the figures live here and not in every cell.

import { grown } from '../grown';
import { priceBin } from './price-bins';
import { SortedRows } from './sorted-rows';

const EMPTY_I32 = new Int32Array(0);

export class DaySales extends SortedRows {
  private recUnits = new Float64Array(64);
  private recTotal = new Float64Array(64);
  // While the day is live, sale bins are one log chained per record (recFirst/nextSale), so a
  // variant's bins are read without scanning the others'; `recSales` counts them per record.
  // freeze() lays each record's bins out contiguously and sorted (recStart[r]..recStart[r+1]), at
  // 2 bytes a sale, and drops the chains: a frozen day is kept until it is stored and compacted.
  private recSales: Int32Array = new Int32Array(64);
  private recFirst: Int32Array = new Int32Array(64);
  private nextSale: Int32Array = new Int32Array(1024);
  private recStart: Int32Array | null = null;
  private saleBin = new Uint16Array(1024);
  private saleCount = 0;

  constructor() {
    super(new Int32Array(64));
  }

  /** Records (variants seen sold). */
  get records(): number {
    return this.count;
  }

  get byteLength(): number {
    return (
      this.keys.byteLength +
      this.recUnits.byteLength +
      this.recTotal.byteLength +
      this.recSales.byteLength +
      this.recFirst.byteLength +
      this.nextSale.byteLength +
      (this.recStart?.byteLength ?? 0) +
      this.saleBin.byteLength
    );
  }

  variantOf(r: number): number {
    return this.keys[r] as number;
  }

  unitsOf(r: number): number {
    return this.recUnits[r] as number;
  }

  totalOf(r: number): number {
    return this.recTotal[r] as number;
  }

  /** Sales of record `r`. */
  salesOf(r: number): number {
    const start = this.recStart;
    return start === null ? (this.recSales[r] as number) : (start[r + 1] as number) - (start[r] as number);
  }

  /** Lays out the sales per record, sorted, and shrinks every array to what the day uses. */
  freeze(): void {
    if (this.recStart !== null) return;
    const records = this.count;
    const start = new Int32Array(records + 1);
    const bins = new Uint16Array(this.saleCount);
    let at = 0;
    for (let r = 0; r < records; r++) {
      start[r] = at;
      const from = at;
      for (let k = this.recFirst[r] as number; k >= 0; k = this.nextSale[k] as number) {
        bins[at++] = this.saleBin[k] as number;
      }
      if (at - from > 1) bins.subarray(from, at).sort();
    }
    start[records] = at;
    this.recStart = start;
    this.saleBin = bins;
    this.keys = this.keys.slice(0, records);
    this.recUnits = this.recUnits.slice(0, records);
    this.recTotal = this.recTotal.slice(0, records);
    this.recSales = EMPTY_I32;
    this.recFirst = EMPTY_I32;
    this.nextSale = EMPTY_I32;
  }

  /** Frozen sales taking more (a restored today): back to chained sales. */
  private thaw(): void {
    const start = this.recStart;
    if (start === null) return;
    const records = this.count;
    this.recSales = new Int32Array(Math.max(records, 16));
    this.recFirst = new Int32Array(Math.max(records, 16)).fill(-1);
    this.nextSale = new Int32Array(Math.max(this.saleCount, 16));
    for (let r = 0; r < records; r++) {
      const from = start[r] as number;
      const to = start[r + 1] as number;
      this.recSales[r] = to - from;
      for (let k = from; k < to; k++) {
        this.nextSale[k] = this.recFirst[r] as number;
        this.recFirst[r] = k;
      }
    }
    this.recStart = null;
  }

  /** Room for `n` records in every per-record array. */
  protected reserve(n: number): void {
    this.keys = grown(this.keys, n);
    this.recUnits = grown(this.recUnits, n);
    this.recTotal = grown(this.recTotal, n);
    this.recSales = grown(this.recSales, n);
    this.recFirst = grown(this.recFirst, n);
  }

  protected move(from: number, to: number): void {
    this.keys[to] = this.keys[from] as number;
    this.recUnits[to] = this.recUnits[from] as number;
    this.recTotal[to] = this.recTotal[from] as number;
    this.recSales[to] = this.recSales[from] as number;
    this.recFirst[to] = this.recFirst[from] as number;
  }

  protected clear(r: number, variant: number): void {
    this.keys[r] = variant;
    this.recUnits[r] = 0;
    this.recTotal[r] = 0;
    this.recSales[r] = 0;
    this.recFirst[r] = -1;
  }

  /** Sales ascending by variant: variants[i] sold one auction of quantity[i] units at unitPrice[i]. */
  addSorted(variants: Int32Array, unitPrice: Float64Array, quantity: Float64Array, count: number): void {
    this.thaw();
    this.eachSortedRow(variants, count, (r, i) => {
      const price = unitPrice[i] as number;
      const q = quantity[i] as number;
      this.add(r, priceBin(price), q, price * q);
    });
  }

  /** One sale of the variant, already binned. */
  addOne(variant: number, bin: number, units: number, total: number): void {
    this.thaw();
    this.add(this.slot(variant), bin, units, total);
  }

  private add(r: number, bin: number, units: number, total: number): void {
    const k = this.saleCount++;
    this.saleBin = grown(this.saleBin, k + 1);
    this.nextSale = grown(this.nextSale, k + 1);
    this.saleBin[k] = bin;
    this.nextSale[k] = this.recFirst[r] as number;
    this.recFirst[r] = k;
    this.recSales[r] = (this.recSales[r] as number) + 1;
    this.recUnits[r] = (this.recUnits[r] as number) + units;
    this.recTotal[r] = (this.recTotal[r] as number) + total;
  }

  /** Writes the bins of record `r` to out[at..]; returns the position after them. */
  binsOf(r: number, out: number[] | Uint16Array, at: number): number {
    const start = this.recStart;
    const saleBin = this.saleBin;
    let to = at;
    if (start === null) {
      for (let k = this.recFirst[r] as number; k >= 0; k = this.nextSale[k] as number) {
        out[to++] = saleBin[k] as number;
      }
    } else {
      const end = start[r + 1] as number;
      for (let k = start[r] as number; k < end; k++) out[to++] = saleBin[k] as number;
    }
    return to;
  }

  /** Frozen first: per record its variant, and its bins at bins[recStart[r]..recStart[r + 1]), ascending. */
  frozen(): { recVariant: Int32Array; recStart: Int32Array; bins: Uint16Array } {
    this.freeze();
    return { recVariant: this.keys, recStart: this.recStart as Int32Array, bins: this.saleBin };
  }
}
