// Reduces a realm's auctions, one at a time, to raw variants with their lowest unit price and total
// quantity. Each auction's item signature is interned in the region's RawVariantTable; a scratch
// index kept for the table (raw id -> position in this realm's arrays) finds the realm's entry
// without a hash lookup of its own.
import { AuctionColumns } from './auction-columns';
import type { AuctionFields } from './auction-fields';
import type { RawVariantTable } from './raw-variants';
import { SIG_HEADER } from './raw-variants';
import { grown } from '../grown';
import { insertSorted } from '../sorted-search';

/**
 * Working memory kept for one table between calls (a region's realms are ingested one after another
 * into the same table; IngestScratch holds it). stampOf/localOf map raw id -> position in the realm
 * being ingested, valid where stampOf[raw] === stamp: bumping the stamp empties it in O(1) for the next realm, and it
 * grows with the table. `columns` is made on the first call that asks for auctions and then
 * reused, so later realms do not allocate, zero and regrow five arrays of their own; the realm's
 * raw/min/qty arrays likewise (the listing keeps copies of their used part), which spares the
 * garbage collector hundreds of MiB of regrown arrays over a day of hourly dumps.
 */
export class TableScratch {
  stamp = 0;
  stampOf: Int32Array = new Int32Array(1 << 12);
  localOf: Int32Array = new Int32Array(1 << 12);
  columns: AuctionColumns | null = null;
  raw: Int32Array = new Int32Array(1024);
  min: Float64Array = new Float64Array(1024);
  qty: Float64Array = new Float64Array(1024);

  constructor(readonly table: RawVariantTable) {}
}

export class RealmAccumulator {
  auctionCount = 0;
  priced = 0;
  size = 0;
  /** The table's scratch arrays (see TableScratch): valid up to `size`, until the next realm starts. */
  raw: Int32Array;
  min: Float64Array;
  qty: Float64Array;
  /** Signature being built: SIG_HEADER fields, then the sorted bonus ids. */
  private sig = new Int32Array(SIG_HEADER + 64);
  private readonly scratch: TableScratch;
  /** Per-auction columns to fill as well, or null. */
  readonly columns: AuctionColumns | null;

  readonly table: RawVariantTable;

  /** Accumulates into `scratch.table`, in the scratch's arrays. */
  constructor(scratch: TableScratch, keepAuctions: boolean) {
    this.table = scratch.table;
    this.scratch = scratch;
    this.raw = scratch.raw;
    this.min = scratch.min;
    this.qty = scratch.qty;
    if (keepAuctions) scratch.columns ??= new AuctionColumns();
    this.columns = keepAuctions ? scratch.columns : null;
  }

  /** Starts over (a repeated "auctions" member replaces the earlier one, as with JSON.parse). */
  reset(): void {
    this.auctionCount = 0;
    this.priced = 0;
    this.size = 0;
    this.scratch.stamp++;
    if (this.columns) this.columns.count = 0;
  }

  /** Counts one auction and, when it has an item, a quantity and a price, adds it. */
  addAuction(f: AuctionFields): void {
    this.auctionCount++;
    const quantity = f.quantity;
    if (f.itemId < 0 || !(quantity > 0)) return;
    // Unit price as money.unitPrice: buyout / quantity, rounded, at least 1 copper.
    let price: number;
    if (f.buyout >= 0) price = Math.max(1, Math.round(f.buyout / quantity));
    else if (f.unit >= 0) price = Math.max(1, Math.round(f.unit));
    else return;
    const raw = this.add(f, price, quantity);
    if (this.columns) this.columns.push(f, raw, price);
  }

  /** Tallies a priced auction under its raw variant; returns the raw variant id. */
  private add(f: AuctionFields, price: number, quantity: number): number {
    this.priced++;
    const len = this.signature(f);
    const raw = this.table.intern(this.sig, len);
    const scratch = this.scratch;
    if (raw >= scratch.stampOf.length) {
      let cap = scratch.stampOf.length * 2;
      while (cap <= raw) cap *= 2;
      scratch.stampOf = grown(scratch.stampOf, cap);
      scratch.localOf = grown(scratch.localOf, cap);
    }
    if (scratch.stampOf[raw] === scratch.stamp) {
      const local = scratch.localOf[raw] as number;
      if (price < (this.min[local] as number)) this.min[local] = price;
      this.qty[local] = (this.qty[local] as number) + quantity;
      return raw;
    }
    const local = this.size++;
    if (local === this.raw.length) {
      const cap = local * 2;
      this.raw = scratch.raw = grown(this.raw, cap);
      this.min = scratch.min = grown(this.min, cap);
      this.qty = scratch.qty = grown(this.qty, cap);
    }
    scratch.stampOf[raw] = scratch.stamp;
    scratch.localOf[raw] = local;
    this.raw[local] = raw;
    this.min[local] = price;
    this.qty[local] = quantity;
    return raw;
  }

  /** Writes the auction's signature (raw-variants.ts layout) into `sig`; returns its length. */
  private signature(f: AuctionFields): number {
    const bonusLength = f.bonusLength;
    if (SIG_HEADER + bonusLength > this.sig.length) this.sig = new Int32Array(SIG_HEADER + bonusLength * 2);
    const g = this.sig;
    let len = SIG_HEADER;
    g[0] = f.itemId;
    if (f.petSpecies > 0) {
      // A pet's identity is species, level and quality; its bonus ids and drop level do not count.
      g[1] = f.petSpecies;
      g[2] = f.petLevel > 0 ? f.petLevel : 1;
      g[3] = f.petQuality > 0 ? f.petQuality : 1;
      g[4] = -1;
      g[5] = -1;
      g[6] = -1;
    } else {
      g[1] = 0;
      g[2] = 0;
      g[3] = 0;
      g[4] = f.drop;
      g[5] = f.craft1;
      g[6] = f.craft2;
      // Insertion sort of the (short) bonus list into the signature.
      const bonus = f.bonus;
      for (let k = 0; k < bonusLength; k++) insertSorted(g, SIG_HEADER, len++, bonus[k] as number);
    }
    return len;
  }
}
