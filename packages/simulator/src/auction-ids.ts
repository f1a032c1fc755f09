// Auction ids: stable for a listing's whole life, unique across every connected realm of the
// economy for weeks, and computable from (realm, hour posted, posting slot) alone, so any hour can
// be generated without counting the auctions posted before it. Within an hour the slots are shuffled
// by a seeded permutation, so an id says nothing about what kind of listing it is.
import { hash4 } from './random';

/** Lowest id handed out (ids stay below 2^31, so they fit any signed 32-bit column). */
const ID_FLOOR = 100_000_000;
const ID_CEILING = 2 ** 31 - 1;
const SLOT_BITS = 14;
export const SLOTS_PER_HOUR = 1 << SLOT_BITS;
const HALF_BITS = SLOT_BITS / 2;
const HALF_MASK = (1 << HALF_BITS) - 1;
const ROUNDS = 4;

/** Posting slots of one realm-hour, by stream: normal postings, then bait, then dead listings. */
export const NORMAL_SLOTS = 14_336;
export const BAIT_SLOT_BASE = NORMAL_SLOTS;
export const BAIT_SLOTS = 1_024;
export const DEAD_SLOT_BASE = BAIT_SLOT_BASE + BAIT_SLOTS;
/** Dead slots per relist generation (fresh posting = generation 0). */
export const DEAD_SLOTS_PER_GENERATION = 204;

export type SlotKind = 'normal' | 'bait' | 'dead';

export function slotKind(slot: number): SlotKind {
  if (slot < BAIT_SLOT_BASE) return 'normal';
  if (slot < DEAD_SLOT_BASE) return 'bait';
  return 'dead';
}

export interface DecodedId {
  /** Position of the connected realm among all of the economy's (US first, then EU). */
  realmSlot: number;
  /** Unshuffled posting slot within its hour. */
  slot: number;
}

export class AuctionIds {
  /** Hours after which a realm's ids repeat (29 days with 177 connected realms). */
  readonly cycleHours: number;
  /** Feistel round tables per realm slot, built on first use. */
  private readonly rounds = new Map<number, Uint8Array>();

  constructor(
    private readonly seed: number,
    private readonly realmCount: number,
  ) {
    this.cycleHours = Math.floor((ID_CEILING - ID_FLOOR) / (SLOTS_PER_HOUR * realmCount));
    if (this.cycleHours < 48 * 7)
      throw new Error(`too many connected realms for the id space: ${realmCount}`);
  }

  id(realmSlot: number, absHour: number, slot: number): number {
    const hourInCycle = ((absHour % this.cycleHours) + this.cycleHours) % this.cycleHours;
    const shuffled = this.permute(realmSlot, slot, false);
    return ID_FLOOR + (hourInCycle * SLOTS_PER_HOUR + shuffled) * this.realmCount + realmSlot;
  }

  decode(id: number): DecodedId | undefined {
    const value = id - ID_FLOOR;
    if (!Number.isInteger(value) || value < 0) return undefined;
    const realmSlot = value % this.realmCount;
    const shuffled = ((value - realmSlot) / this.realmCount) % SLOTS_PER_HOUR;
    return { realmSlot, slot: this.permute(realmSlot, shuffled, true) };
  }

  /** A 4-round Feistel network on 14 bits: a bijection, cheap both ways. */
  private permute(realmSlot: number, slot: number, inverse: boolean): number {
    const table = this.roundTable(realmSlot);
    let left = slot >>> HALF_BITS;
    let right = slot & HALF_MASK;
    if (!inverse) {
      for (let r = 0; r < ROUNDS; r++) {
        const next = left ^ (table[r * (HALF_MASK + 1) + right] ?? 0);
        left = right;
        right = next;
      }
    } else {
      for (let r = ROUNDS - 1; r >= 0; r--) {
        const previous = right ^ (table[r * (HALF_MASK + 1) + left] ?? 0);
        right = left;
        left = previous;
      }
    }
    return (left << HALF_BITS) | right;
  }

  private roundTable(realmSlot: number): Uint8Array {
    let table = this.rounds.get(realmSlot);
    if (!table) {
      table = new Uint8Array(ROUNDS * (HALF_MASK + 1));
      for (let r = 0; r < ROUNDS; r++) {
        for (let x = 0; x <= HALF_MASK; x++) {
          table[r * (HALF_MASK + 1) + x] = hash4(this.seed ^ 0x1d5, realmSlot, r, x) & HALF_MASK;
        }
      }
      this.rounds.set(realmSlot, table);
    }
    return table;
  }
}
