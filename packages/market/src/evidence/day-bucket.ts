// One UTC day of evidence for one connected realm: per variant, the lowest unit price and the most
// listings seen in any of the day's snapshots, and the sales observed that day with their price bins.
// Listings take the day's maximum, not the last snapshot's count, so a day's figure does not depend
// on the hour it is read at, and a day the variant sold out late still shows that it was on offer.

import { DaySales } from './day-sales';
import { grown } from '../grown';
import { priceBin } from './price-bins';
import { SortedRows } from './sorted-rows';

export const DAY_MS = 86_400_000;
/** Smallest daily lowests kept per row by lowestByRow: the lower quartile of 14 days is the 4th. */
export const LOWS_KEPT = 4;

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
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

const U16 = 0xffff;

export class DayBucket extends SortedRows {
  /** Snapshots of the realm taken in this day (hours of evidence). */
  snapshots = 0;
  // Cells are kept in ascending variant order, the variant in `keys` (sorted-rows.ts; a table indexed
  // by variant took 4 B per variant id of the region, ~400 KB a realm). 10 bytes a cell: the lowest
  // price is a 32-bit float (within 1 part in 16 million: a figure for the history and the realm's
  // floor), and listings saturate at 65,535 (realm dumps list items, not commodities). The sales are
  // records of their own (day-sales.ts): most cells never see one.
  private lowest = new Float32Array(256); // Infinity: not listed that day
  private listings = new Uint16Array(256);
  private readonly sales = new DaySales();

  constructor(readonly day: number) {
    super(new Int32Array(256));
  }

  get size(): number {
    return this.count;
  }

  /** Bytes of the typed arrays the day holds (a frozen day: exactly what it uses). */
  get byteLength(): number {
    return this.keys.byteLength + this.lowest.byteLength + this.listings.byteLength + this.sales.byteLength;
  }

  /** Lays out the sales per record, sorted, and shrinks every array to what the day uses. */
  freeze(): void {
    const n = this.count;
    if (this.keys.length > n) {
      this.keys = this.keys.slice(0, n);
      this.lowest = this.lowest.slice(0, n);
      this.listings = this.listings.slice(0, n);
    }
    this.sales.freeze();
  }

  /** Room for `n` cells in every per-cell array. */
  protected reserve(n: number): void {
    this.keys = grown(this.keys, n);
    this.lowest = grown(this.lowest, n);
    this.listings = grown(this.listings, n);
  }

  protected clear(s: number, variant: number): void {
    this.keys[s] = variant;
    this.lowest[s] = Infinity;
    this.listings[s] = 0;
  }

  protected move(from: number, to: number): void {
    this.keys[to] = this.keys[from] as number;
    this.lowest[to] = this.lowest[from] as number;
    this.listings[to] = this.listings[from] as number;
  }

  /**
   * One snapshot's listings: variants[k] ascending with its lowest unit price and its listings
   * start[k + 1] - start[k], for k < m (ListingGroups: the arrays may be longer).
   */
  addListingsSorted(variants: Int32Array, lowest: Float64Array, start: Int32Array, m: number): void {
    if (m === 0) return;
    this.eachSortedRow(variants, m, (s, k) => {
      const low = lowest[k] as number;
      const count = (start[k + 1] as number) - (start[k] as number);
      if (low < (this.lowest[s] as number)) this.lowest[s] = low;
      if (count > (this.listings[s] as number)) this.listings[s] = Math.min(U16, count);
    });
  }

  /** One snapshot's listings of a variant: its lowest unit price and number of listings. */
  addListings(variant: number, lowest: number, listings: number): void {
    const s = this.slot(variant);
    if (lowest < (this.lowest[s] as number)) this.lowest[s] = lowest;
    if (listings > (this.listings[s] as number)) this.listings[s] = Math.min(U16, listings);
  }

  /**
   * Sales seen between two snapshots, `count` of them, ascending by variant: variants[i] sold one
   * auction of quantity[i] units at unitPrice[i].
   */
  addSalesSorted(variants: Int32Array, unitPrice: Float64Array, quantity: Float64Array, count: number): void {
    if (count === 0) return;
    this.ensureSorted(variants, count);
    this.sales.addSorted(variants, unitPrice, quantity, count);
  }

  /** One auction seen sold. */
  addSale(variant: number, unitPrice: number, quantity: number): void {
    this.addSaleBin(variant, priceBin(unitPrice), quantity, unitPrice * quantity);
  }

  /** A sale already binned (the decoder's path; units and total are added separately). */
  addSaleBin(variant: number, bin: number, units: number, total: number): void {
    this.slot(variant);
    this.sales.addOne(variant, bin, units, total);
  }

  /** Appends the variant's sale bins to `out`; returns the number of sales. */
  collectBins(variant: number, out: number[]): number {
    const r = this.sales.find(variant);
    if (r < 0) return 0;
    this.sales.binsOf(r, out, out.length);
    return this.sales.salesOf(r);
  }

  /**
   * For the listing pass (listing-pass.ts): adds each record's sales to counts[rowOf[variant] - 1]
   * (records whose variant has no row, rowOf 0 or past its end, are skipped).
   */
  countSalesByRow(rowOf: Int32Array, counts: Int32Array): void {
    this.salesByRow(rowOf, counts, null);
  }

  /** Then copies each record's bins to bins[fill[row]..], advancing fill[row]. */
  binsByRow(rowOf: Int32Array, fill: Int32Array, bins: Uint16Array): void {
    this.salesByRow(rowOf, fill, bins);
  }

  /** Both passes over the records with a row: counts into `at` (bins null), else bins from at[row]. */
  private salesByRow(rowOf: Int32Array, at: Int32Array, bins: Uint16Array | null): void {
    const limit = rowOf.length;
    const sales = this.sales;
    for (let r = 0; r < sales.records; r++) {
      const v = sales.variantOf(r);
      if (v >= limit) break;
      const row = (rowOf[v] as number) - 1;
      if (row < 0) continue;
      const from = at[row] as number;
      at[row] = bins === null ? from + sales.salesOf(r) : sales.binsOf(r, bins, from);
    }
  }

  /** See lowestByRowOf. */
  lowestByRow(rowOf: Int32Array, days: Uint8Array, lows: Float64Array): void {
    lowestByRowOf(this.keys, this.lowest, this.count, rowOf, days, lows);
  }

  /**
   * The cells' keys (ascending) and lowest prices (Infinity: not listed that day), the first `size`
   * entries of each, for a pass over every cell of the day (item-floor.ts). Read-only views of the
   * day's own arrays, valid until it next takes data.
   */
  listedCells(): { keys: Int32Array; lowest: Float32Array; size: number } {
    return { keys: this.keys, lowest: this.lowest, size: this.count };
  }

  /** The day's sales frozen (DaySales.frozen): read-only views, every record's variant with a cell. */
  frozenSales(): { recVariant: Int32Array; recStart: Int32Array; bins: Uint16Array } {
    return this.sales.frozen();
  }

  cell(variant: number): DayCell | null {
    const s = this.find(variant);
    if (s < 0) return null;
    const bins: number[] = [];
    const r = this.sales.find(variant);
    if (r >= 0) this.sales.binsOf(r, bins, 0);
    const lowest = this.lowest[s] as number;
    return {
      variant,
      lowest: lowest === Infinity ? null : lowest,
      listings: this.listings[s] as number,
      sales: r < 0 ? 0 : this.sales.salesOf(r),
      units: r < 0 ? 0 : this.sales.unitsOf(r),
      total: r < 0 ? 0 : this.sales.totalOf(r),
      bins,
    };
  }

  /** Every cell, by ascending variant (the serialisation order). */
  cells(): DayCell[] {
    const out: DayCell[] = [];
    for (let s = 0; s < this.count; s++) out.push(this.cell(this.keys[s] as number) as DayCell);
    return out;
  }

  /** A cell as decoded: listing figures only; its sales come through addSaleBin. */
  restoreListings(variant: number, lowest: number | null, listings: number): void {
    const s = this.slot(variant);
    this.lowest[s] = lowest ?? Infinity;
    this.listings[s] = Math.min(U16, listings);
  }
}

/**
 * For each row (rowOf[key] - 1) whose variant was listed in a day of cells keys[0..size) (ascending,
 * their lowest prices in `lowest`, Infinity: not listed): counts the day in days[row] and inserts its
 * lowest into lows[row * LOWS_KEPT ..], the row's smallest daily lowests, ascending.
 */
export function lowestByRowOf(
  keys: Int32Array,
  lowest: Float32Array,
  size: number,
  rowOf: Int32Array,
  days: Uint8Array,
  lows: Float64Array,
): void {
  const limit = rowOf.length;
  for (let s = 0; s < size; s++) {
    const v = keys[s] as number;
    if (v >= limit) break;
    const r = (rowOf[v] as number) - 1;
    const low = lowest[s] as number;
    if (r < 0 || low === Infinity) continue;
    days[r] = (days[r] as number) + 1;
    let at = r * LOWS_KEPT + LOWS_KEPT - 1;
    if (low >= (lows[at] as number)) continue;
    while (at > r * LOWS_KEPT && low < (lows[at - 1] as number)) {
      lows[at] = lows[at - 1] as number;
      at--;
    }
    lows[at] = low;
  }
}
