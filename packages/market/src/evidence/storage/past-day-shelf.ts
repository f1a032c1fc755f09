// Where the past days of every realm keep their bytes (past-day.ts). In memory by default; the server
// keeps them in files (past-day-files.ts), so that the 13 past days of a full region, about 160 MB,
// sit in the operating system's file cache, read when the hourly build needs them, and not in the
// process: the same bytes, read twice an hour.

/** A past day's bytes as shelved. */
export interface ShelvedBytes {
  readonly byteLength: number;
  /** Whether the process holds them (they count in RealmEvidence.byteLength). */
  readonly inMemory: boolean;
  /**
   * The bytes: the shelved array itself when in memory, else read into `into` (which must hold
   * byteLength) and returned as a view of it.
   */
  read(into: Uint8Array): Uint8Array;
}

export interface PastDayShelf {
  /** Keeps a realm's past day, the UTC day `day`; returns what reads it back. */
  put(day: number, bytes: Uint8Array): ShelvedBytes;
  /** Forgets the days not in `held` (no realm holds them any more); their bytes are never read again. */
  keepOnly(held: ReadonlySet<number>): void;
}

/** Keeps the bytes as they are. */
export const memoryShelf: PastDayShelf = {
  put: (_day, bytes) => ({ byteLength: bytes.byteLength, inMemory: true, read: () => bytes }),
  keepOnly: () => {},
};
