// Auction id -> position in the previous snapshot, as an open-addressing table over typed arrays.
// Measured on Node 20 (60,000 auctions, build + 60,000 look-ups): a table like this 2.5-4 ms, a
// Map<number, number> 14 ms (ids pass 2^31, so V8 boxes them as heap numbers), and a sorted
// Float64Array with binary search 20 ms (7 ms for the sort alone).
// follow (regroup.ts) walks the kept dump in order and builds the table over its Uint32 ids
// (kept-snapshot.ts) only when an auction is not where the order puts it; the table is dropped after
// that observe: its slots are one buffer (IdTableSlots) its owner reuses, so nothing is kept between hours
// (a table kept with each realm's snapshot cost ~5.7 B per auction). Each slot holds the key next to
// the position, so a probe reads one cache line (reading the key back from the id column took a
// second random read per probe), at a load factor of at most 1/2 (a power of two).

const EMPTY = -1;

/** The key of an auction without an id (kept-snapshot.ts). */
export const ABSENT_ID = 0xffffffff;

/**
 * The auction's id as kept: its low 32 bits (ids are counters, so two auctions alive at once are
 * never 2^32 apart). An id that is itself 2^32 - 1 modulo 2^32 reads as absent: such an auction is
 * never followed (about one in four billion).
 */
export function idKey(id: number): number {
  return id < 0 ? ABSENT_ID : id >>> 0;
}

/** The slots every table of one owner uses in turn (each SnapshotBuilder's, through its ObserveScratch). */
export class IdTableSlots {
  slots = new Int32Array(0);
}

export class AuctionIdTable {
  /** Pairs: the key (as an Int32) then the position, EMPTY when the pair is free. */
  private readonly slots: Int32Array;
  private readonly shift: number;
  private readonly mask: number;

  /**
   * Indexes ids[0..count) (ABSENT_ID left out). Valid until the next table is made over the same
   * slots.
   */
  constructor(ids: Uint32Array, count: number, room = new IdTableSlots()) {
    let bits = 4;
    while (1 << bits < 2 * count) bits++;
    const cap = 1 << bits;
    if (room.slots.length < 2 * cap) room.slots = new Int32Array(2 * cap);
    const slots = room.slots;
    for (let s = 1; s < 2 * cap; s += 2) slots[s] = EMPTY;
    const shift = 32 - bits;
    const mask = cap - 1;
    for (let i = 0; i < count; i++) {
      const id = ids[i] as number;
      if (id === ABSENT_ID) continue;
      const key = id | 0;
      let s = Math.imul(id, 0x9e3779b1) >>> shift;
      // A repeated id takes the later position, as a Map would.
      while (slots[2 * s + 1] !== EMPTY && slots[2 * s] !== key) s = (s + 1) & mask;
      slots[2 * s] = key;
      slots[2 * s + 1] = i;
    }
    this.slots = slots;
    this.shift = shift;
    this.mask = mask;
  }

  /** Position of the auction with this key (kept-snapshot.ts idKey), or -1. */
  get(id: number): number {
    if (id === ABSENT_ID) return -1;
    const slots = this.slots;
    const mask = this.mask;
    const key = id | 0;
    let s = Math.imul(id, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const at = slots[2 * s + 1] as number;
      if (at === EMPTY || slots[2 * s] === key) return at;
      s = (s + 1) & mask;
    }
  }
}
