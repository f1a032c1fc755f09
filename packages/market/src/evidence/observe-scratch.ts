// The working arrays of RealmEvidence.observe. Each SnapshotBuilder owns one and hands it to every
// realm's observe, so a builder's realms reuse the same arrays (its observes run one after another)
// and two builders never share any; an observe given none makes its own for that call.

import { grown } from '../grown';
import { RegroupScratch } from './regroup';

/** The auctions seen sold in one observe: sold.variant[k], .price[k], .quantity[k]. */
export interface Sold {
  variant: Int32Array;
  price: Float64Array;
  quantity: Float64Array;
}

export class ObserveScratch {
  /** Age of each auction of the snapshot being observed, in dump order. */
  age = new Uint16Array(0);
  private soldVariant = new Int32Array(0);
  private soldPrice = new Float64Array(0);
  private soldQuantity = new Float64Array(0);
  /** follow's and the grouping's arrays (regroup.ts, listing-groups.ts, auction-ids.ts). */
  readonly regroup = new RegroupScratch();

  /** The age column with room for `n` auctions (its contents are stale). */
  ages(n: number): Uint16Array {
    if (this.age.length < n) this.age = new Uint16Array(Math.max(n, this.age.length * 2));
    return this.age;
  }

  /**
   * The sold arrays with room for `n`, keeping the entries so far. They grow with the sales seen
   * (a few in a hundred auctions an hour), not with the snapshot: sized by the auctions they took
   * 20 B for each auction of the largest realm.
   */
  sold(n: number): Sold {
    if (this.soldVariant.length < n) {
      const cap = Math.max(n, 1024, this.soldVariant.length * 2);
      this.soldVariant = grown(this.soldVariant, cap);
      this.soldPrice = grown(this.soldPrice, cap);
      this.soldQuantity = grown(this.soldQuantity, cap);
    }
    return { variant: this.soldVariant, price: this.soldPrice, quantity: this.soldQuantity };
  }
}
