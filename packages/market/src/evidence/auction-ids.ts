// Auction id -> index in one snapshot, as an open-addressing table over typed arrays.
// Measured on Node 20 (60,000 auctions, build + 60,000 look-ups): this table 2.5-4 ms, a
// Map<number, number> 14 ms (ids pass 2^31, so V8 boxes them as heap numbers), and a sorted
// Float64Array with binary search 20 ms (7 ms for the sort alone). At 3,000 auctions all three
// are under 1 ms; the table is still the fastest, so one structure serves both sizes.

const EMPTY = -1;

/** Fibonacci hashing: the top `bits` of id x 2^32/phi, which spreads consecutive ids evenly. */
function slotOf(id: number, shift: number): number {
  const hi = (id / 4294967296) | 0; // ids past 2^32 fold their high half in
  return Math.imul((id >>> 0) ^ Math.imul(hi, 0x85ebca6b), 0x9e3779b1) >>> shift;
}

export class AuctionIdTable {
  private keys = new Float64Array(0);
  private values = new Int32Array(0);
  private mask = 0;
  private shift = 0;

  constructor(ids: Float64Array, count: number) {
    this.fill(ids, count);
  }

  /** Indexes ids[0..count); negative ids (absent in the dump) are left out; reuses arrays of the right size. */
  fill(ids: Float64Array, count: number): this {
    let bits = 4;
    while (1 << bits < count * 2) bits++; // load factor <= 0.5 keeps probe chains short
    const cap = 1 << bits;
    this.shift = 32 - bits;
    this.mask = cap - 1;
    if (this.keys.length === cap) this.keys.fill(EMPTY);
    else {
      this.keys = new Float64Array(cap).fill(EMPTY);
      this.values = new Int32Array(cap);
    }
    for (let i = 0; i < count; i++) {
      const id = ids[i] as number;
      if (id < 0) continue;
      let s = slotOf(id, this.shift);
      while (this.keys[s] !== EMPTY && this.keys[s] !== id) s = (s + 1) & this.mask;
      this.keys[s] = id;
      this.values[s] = i;
    }
    return this;
  }

  /** Index of the auction with this id, or -1. */
  get(id: number): number {
    if (id < 0) return -1;
    let s = slotOf(id, this.shift);
    for (;;) {
      const k = this.keys[s] as number;
      if (k === id) return this.values[s] as number;
      if (k === EMPTY) return -1;
      s = (s + 1) & this.mask;
    }
  }
}
