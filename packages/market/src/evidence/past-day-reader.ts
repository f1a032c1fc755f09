// The working memory past days are read with (past-day.ts): the keys and lowest prices of the day
// decoded last, and the days lately read from a file shelf with their buffers. Each SnapshotBuilder
// owns one and hands it to every read of its realms' past days (its listing passes and item floors
// run one after another), so two builders never share one; a query given none makes its own.

import { type Counts, type Sections, sectionsOf } from './past-day-layout';
import type { ShelvedBytes } from './storage';

/**
 * Days read lately from outside the process: a realm's passes read each of its days several times
 * in a row, and a realm has at most 13 past days.
 */
const READ_SLOTS = 16;

interface ReadSlot {
  /** The day whose bytes the slot holds (null: none yet). */
  day: object | null;
  buffer: Uint8Array;
  sections: Sections | null;
}

export class PastDayReader {
  /** Decoded keys and lowest prices of the day read last (PastDay.listedCells). */
  private keys = new Int32Array(0);
  private lowest = new Float32Array(0);
  private readonly slots: ReadSlot[] = Array.from({ length: READ_SLOTS }, () => ({
    day: null,
    buffer: new Uint8Array(0),
    sections: null,
  }));
  private nextSlot = 0;

  /** The decoding arrays with room for `n` cells (their contents are stale). */
  cells(n: number): { keys: Int32Array; lowest: Float32Array } {
    if (this.keys.length < n) {
      this.keys = new Int32Array(Math.max(n, this.keys.length * 2));
      this.lowest = new Float32Array(this.keys.length);
    }
    return { keys: this.keys, lowest: this.lowest };
  }

  /** The arrays of `day`, shelved outside the process as `bytes`: from a slot, read into one if not there. */
  sectionsOf(day: object, bytes: ShelvedBytes, counts: Counts): Sections {
    for (const slot of this.slots) if (slot.day === day) return slot.sections as Sections;
    const slot = this.slots[this.nextSlot] as ReadSlot;
    this.nextSlot = (this.nextSlot + 1) % READ_SLOTS;
    if (slot.buffer.length < bytes.byteLength) {
      slot.buffer = new Uint8Array(Math.max(bytes.byteLength, slot.buffer.length * 2));
    }
    slot.day = day;
    slot.sections = sectionsOf(bytes.read(slot.buffer), counts);
    return slot.sections;
  }
}
