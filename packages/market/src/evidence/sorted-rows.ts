// Parallel columns keyed by variant, kept in ascending variant order at all times and found by binary
// search: a day's cells (day-bucket.ts) and its sales records (day-sales.ts). A snapshot's listings
// and sales come as ascending runs and are merged in, one pass per hour, so no table indexed by
// variant is needed.

import { countMissing, indexInSorted } from '../sorted-search';

export abstract class SortedRows {
  /** Rows in use. */
  protected count = 0;

  /** keys[0..count): the rows' variants, ascending. */
  protected constructor(protected keys: Int32Array) {}

  /** Room for `n` rows in every column (the keys included). */
  protected abstract reserve(n: number): void;
  /** Copies row `from` to row `to` in every column. */
  protected abstract move(from: number, to: number): void;
  /** Makes row `at` the empty row of `variant`. */
  protected abstract clear(at: number, variant: number): void;

  /** The variant's row, or -1. */
  find(variant: number): number {
    return indexInSorted(this.keys, this.count, variant);
  }

  /** The variant's row, made (in variant order) when missing. */
  protected slot(variant: number): number {
    if (variant < 0) throw new RangeError(`variant index ${variant} < 0`);
    const found = this.find(variant);
    if (found >= 0) return found;
    const n = this.count;
    this.reserve(n + 1);
    let r = n;
    // Appending is the common case (the decoder gives ascending variants); otherwise shift.
    while (r > 0 && (this.keys[r - 1] as number) > variant) {
      this.move(r - 1, r);
      r--;
    }
    this.clear(r, variant);
    this.count = n + 1;
    return r;
  }

  /** Makes the rows of the variants vs[0..count), ascending (repeats allowed), in one merge from the back. */
  protected ensureSorted(vs: Int32Array, count: number): void {
    const n = this.count;
    const missing = countMissing(this.keys, n, vs, count);
    if (missing === 0) return;
    if ((vs[0] as number) < 0) throw new RangeError(`variant index ${vs[0]} < 0`);
    this.reserve(n + missing);
    let to = n + missing - 1;
    let a = n - 1;
    let i = count - 1;
    while (i >= 0) {
      const v = vs[i] as number;
      const have = a >= 0 ? (this.keys[a] as number) : -1;
      if (have > v) this.move(a--, to--);
      else {
        if (have !== v) this.clear(to--, v);
        else this.move(a--, to--);
        while (i >= 0 && (vs[i] as number) === v) i--;
      }
    }
    this.count = n + missing;
  }

  /**
   * Makes the rows of the variants vs[0..count) (ascending, repeats allowed), then calls each(row, i)
   * with the row of vs[i], for every i in order: one walk, as both run ascending.
   */
  protected eachSortedRow(vs: Int32Array, count: number, each: (row: number, i: number) => void): void {
    this.ensureSorted(vs, count);
    let r = 0;
    for (let i = 0; i < count; i++) {
      const v = vs[i] as number;
      while ((this.keys[r] as number) < v) r++;
      each(r, i);
    }
  }
}
