// Per priced auction, what the evidence needs to follow listings from one snapshot to the next
// (deal trust): its id, raw variant, unit price, quantity and time left, as parallel typed arrays.
// Filled only when IngestOptions.auctions asks for it; plain listings never pay for it.

/** A realm's priced auctions in dump order, as parallel arrays of `count` entries. */
export interface RealmAuctions {
  readonly count: number;
  /** Auction id (stable while the listing lives; Blizzard ids pass 2^31, so doubles); -1 when absent. */
  readonly id: Float64Array;
  /** Raw variant id (the same numbering as RealmListing.rawIds). */
  readonly raw: Int32Array;
  /** Unit price, copper, rounded as RealmListing.minUnitPrice. */
  readonly unitPrice: Float64Array;
  readonly quantity: Float64Array;
  /** time-left.ts code: 0 SHORT, 1 MEDIUM, 2 LONG, 3 VERY_LONG (also for absent or unknown values). */
  readonly timeLeft: Uint8Array;
}

import type { AuctionFields } from './auction-fields';
import { grown } from '../grown';

export class AuctionColumns {
  count = 0;
  private id = new Float64Array(4096);
  private raw = new Int32Array(4096);
  private unitPrice = new Float64Array(4096);
  private quantity = new Float64Array(4096);
  private timeLeft = new Uint8Array(4096);

  /**
   * One auction: its id and time left read from the parsed fields here, not passed as arguments (an id
   * past 2^31 passed to a call that is not inlined is boxed: one heap number per auction for the GC).
   */
  push(f: AuctionFields, raw: number, unitPrice: number): void {
    const n = this.count++;
    if (n === this.id.length) this.grow(n * 2);
    this.id[n] = f.id;
    this.raw[n] = raw;
    this.unitPrice[n] = unitPrice;
    this.quantity[n] = f.quantity;
    this.timeLeft[n] = f.timeLeft;
  }

  private grow(cap: number): void {
    this.id = grown(this.id, cap);
    this.raw = grown(this.raw, cap);
    this.unitPrice = grown(this.unitPrice, cap);
    this.quantity = grown(this.quantity, cap);
    this.timeLeft = grown(this.timeLeft, cap);
  }

  /**
   * Views of the working arrays, exactly `count` long: valid until the next ingest that asks for
   * auctions (the evidence reads them at once and keeps its own compact copy). Copies per realm and
   * hour were ~29 B an auction of garbage, 150 MB an hour in a full region, which the peak RSS carried.
   */
  result(): RealmAuctions {
    const n = this.count;
    return {
      count: n,
      id: this.id.subarray(0, n),
      raw: this.raw.subarray(0, n),
      unitPrice: this.unitPrice.subarray(0, n),
      quantity: this.quantity.subarray(0, n),
      timeLeft: this.timeLeft.subarray(0, n),
    };
  }
}
