// One UTC day of evidence for one connected realm: per variant, the lowest unit price and the most
// listings seen in any of the day's snapshots, and the sales observed that day with their price bins.
// Listings take the day's maximum, not the last snapshot's count, so a day's figure does not depend
// on the hour it is read at, and a day the variant sold out late still shows that it was on offer.

import { priceBin } from './price-bins';
import { indexInSorted } from './sorted-search';

export const DAY_MS = 86_400_000;

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

function grown<T extends Float64Array | Int32Array | Uint16Array>(arr: T, min: number): T {
  if (min <= arr.length) return arr;
  const next = new (arr.constructor as new (n: number) => T)(Math.max(min, arr.length * 2));
  next.set(arr);
  return next;
}

/** One variant's figures for the day, as read back. */
export interface DayCell {
  variant: number;
  /** Lowest unit price listed in any snapshot of the day, copper; null when never listed. */
  lowest: number | null;
  /** Most listings seen in one snapshot of the day. */
  listings: number;
  /** Auctions seen sold (one per auction, whatever its quantity). */
  sales: number;
  /** Units in those auctions. */
  units: number;
  /** Copper paid for them (unit price x quantity). */
  total: number;
  /** Price bin of each sale (price-bins.ts), unordered. */
  bins: number[];
}

export class DayBucket {
  private size_ = 0;
  /** Snapshots of the realm taken in this day (hours of evidence). */
  snapshots = 0;
  // Finding a variant's slot: while the day is live, a table indexed by variant (slot + 1; 0: none),
  // the fast path for ~25,000 variants an hour (a Map took ~5 ms an hour); once the day is over,
  // freeze() drops it and reorders the cells by variant, found then by binary search.
  private index: Int32Array | null = new Int32Array(1024);
  private variants = new Int32Array(256);
  private lowest = new Float64Array(256); // Infinity: not listed that day
  private listings = new Int32Array(256);
  private sales = new Int32Array(256);
  private units = new Float64Array(256);
  private total = new Float64Array(256);
  // Sale bins as one log, chained per cell (firstSale/nextSale), so a variant's bins are read without
  // scanning the others' and a sale costs 6 bytes in memory.
  private firstSale = new Int32Array(256);
  private saleBin = new Uint16Array(1024);
  private nextSale = new Int32Array(1024);
  private saleCount = 0;

  constructor(readonly day: number) {}

  get size(): number {
    return this.size_;
  }

  /** The variant's slot, or -1. */
  private find(variant: number): number {
    if (this.index !== null) return variant < this.index.length ? (this.index[variant] as number) - 1 : -1;
    return indexInSorted(this.variants, this.size_, variant);
  }

  /** Drops the variant-indexed table of a day that takes no more snapshots (memory: see index). */
  freeze(): void {
    if (this.index === null) return;
    const n = this.size_;
    const order = Array.from({ length: n }, (_, s) => s).sort(
      (a, b) => (this.variants[a] as number) - (this.variants[b] as number),
    );
    this.index = null;
    // Cells move to variant order (a sale's chain moves with its cell's firstSale), and the arrays,
    // grown by doubling, shrink to what the day uses: it is kept for two weeks.
    this.variants = Int32Array.from(order, (k) => this.variants[k] as number);
    this.lowest = Float64Array.from(order, (k) => this.lowest[k] as number);
    this.listings = Int32Array.from(order, (k) => this.listings[k] as number);
    this.sales = Int32Array.from(order, (k) => this.sales[k] as number);
    this.units = Float64Array.from(order, (k) => this.units[k] as number);
    this.total = Float64Array.from(order, (k) => this.total[k] as number);
    this.firstSale = Int32Array.from(order, (k) => this.firstSale[k] as number);
    this.saleBin = this.saleBin.slice(0, this.saleCount);
    this.nextSale = this.nextSale.slice(0, this.saleCount);
  }

  private slot(variant: number): number {
    if (variant < 0) throw new RangeError(`variant index ${variant} < 0`);
    let s = this.find(variant);
    if (s >= 0) return s;
    if (this.index === null) {
      // A frozen day taking data again (a restored today): rebuild the table.
      this.index = new Int32Array(1024);
      for (let k = 0; k < this.size_; k++) this.indexSet(this.variants[k] as number, k);
    }
    s = this.size_++;
    this.indexSet(variant, s);
    const n = s + 1;
    this.variants = grown(this.variants, n);
    this.lowest = grown(this.lowest, n);
    this.listings = grown(this.listings, n);
    this.sales = grown(this.sales, n);
    this.units = grown(this.units, n);
    this.total = grown(this.total, n);
    this.firstSale = grown(this.firstSale, n);
    this.variants[s] = variant;
    this.lowest[s] = Infinity;
    this.listings[s] = 0;
    this.sales[s] = 0;
    this.units[s] = 0;
    this.total[s] = 0;
    this.firstSale[s] = -1;
    return s;
  }

  private indexSet(variant: number, s: number): void {
    let index = this.index as Int32Array;
    if (variant >= index.length) index = this.index = grown(index, variant + 1);
    index[variant] = s + 1;
  }

  /** One snapshot's listings of a variant: its lowest unit price and number of listings. */
  addListings(variant: number, lowest: number, listings: number): void {
    const s = this.slot(variant);
    if (lowest < (this.lowest[s] as number)) this.lowest[s] = lowest;
    if (listings > (this.listings[s] as number)) this.listings[s] = listings;
  }

  /** One auction seen sold. */
  addSale(variant: number, unitPrice: number, quantity: number): void {
    this.addSaleBin(variant, priceBin(unitPrice), quantity, unitPrice * quantity);
  }

  /** A sale already binned (the decoder's path; units and total are added separately). */
  addSaleBin(variant: number, bin: number, units: number, total: number): void {
    const s = this.slot(variant);
    const k = this.saleCount++;
    this.saleBin = grown(this.saleBin, k + 1);
    this.nextSale = grown(this.nextSale, k + 1);
    this.saleBin[k] = bin;
    this.nextSale[k] = this.firstSale[s] as number;
    this.firstSale[s] = k;
    this.sales[s] = (this.sales[s] as number) + 1;
    this.units[s] = (this.units[s] as number) + units;
    this.total[s] = (this.total[s] as number) + total;
  }

  /** Appends the variant's sale bins to `out`; returns the number of sales. */
  collectBins(variant: number, out: number[]): number {
    const s = this.find(variant);
    if (s < 0) return 0;
    for (let k = this.firstSale[s] as number; k >= 0; k = this.nextSale[k] as number) {
      out.push(this.saleBin[k] as number);
    }
    return this.sales[s] as number;
  }

  cell(variant: number): DayCell | null {
    const s = this.find(variant);
    if (s < 0) return null;
    const bins: number[] = [];
    this.collectBins(variant, bins);
    const lowest = this.lowest[s] as number;
    return {
      variant,
      lowest: lowest === Infinity ? null : lowest,
      listings: this.listings[s] as number,
      sales: this.sales[s] as number,
      units: this.units[s] as number,
      total: this.total[s] as number,
      bins,
    };
  }

  /** Every cell, by ascending variant (the serialisation order). */
  cells(): DayCell[] {
    const variants = Array.from(this.variants.subarray(0, this.size_)).sort((a, b) => a - b);
    return variants.map((v) => this.cell(v) as DayCell);
  }

  /** A cell as decoded: listing figures only; its sales come through addSaleBin. */
  restoreListings(variant: number, lowest: number | null, listings: number): void {
    const s = this.slot(variant);
    this.lowest[s] = lowest ?? Infinity;
    this.listings[s] = listings;
  }
}
