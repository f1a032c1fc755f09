// How a past day's bytes are laid out (past-day.ts): its arrays back to back, the widest first, so
// that each is a typed-array view of the one run of bytes a shelf keeps.

/** A day's arrays, as views of its bytes. */
export interface Sections {
  /** Per cell: its key's step from the one before (STEP_WHOLE: the key is next in `wholeKeys`). */
  steps: Uint8Array;
  wholeKeys: Int32Array;
  /** Per cell: lowCode of its lowest price. */
  lows: Uint16Array;
  /** Per cell that sold, ascending: its place, and its bins at bins[binStart[r]..binStart[r + 1]). */
  saleCell: Int32Array;
  binStart: Int32Array;
  bins: Uint16Array;
}

/** How many of each a day holds. */
export interface Counts {
  cells: number;
  whole: number;
  records: number;
  sales: number;
}

/** A key step this large or larger goes whole to the side list. */
export const STEP_WHOLE = 0xff;

export function bytesFor(c: Counts): number {
  return 4 * (c.whole + 2 * c.records + 1) + 2 * (c.cells + c.sales) + c.cells;
}

/** The arrays over `bytes` (its byteOffset a multiple of 4). */
export function sectionsOf(bytes: Uint8Array, c: Counts): Sections {
  const { buffer, byteOffset } = bytes;
  let at = byteOffset;
  const next = <T>(
    make: new (b: ArrayBufferLike, at: number, n: number) => T,
    n: number,
    size: number,
  ): T => {
    const view = new make(buffer, at, n);
    at += n * size;
    return view;
  };
  const wholeKeys = next(Int32Array, c.whole, 4);
  const saleCell = next(Int32Array, c.records, 4);
  const binStart = next(Int32Array, c.records + 1, 4);
  const lows = next(Uint16Array, c.cells, 2);
  const bins = next(Uint16Array, c.sales, 2);
  const steps = next(Uint8Array, c.cells, 1);
  return { steps, wholeKeys, lows, saleCell, binStart, bins };
}
