// A realm's kept snapshot (kept-snapshot.ts) as bytes for storage, so that after a restart the build
// reads the same listing evidence as before it (the lowest listings' ages, depth and quantities, the
// hours they were posted for) and the next dump is followed from it, ages going on. Layout, every
// number little-endian:
//   u8 version (1), u8 agesKnown, u16 0, u32 streak, u32 count (n), u32 groups (m), u32 absentIds,
//   f64 hourMs, f64 maxIdKey, u32 big prices, u32 big quantities, then each side list's entries as
//   (f64 position, f64 value), then the columns' used parts: dumpIds, slotOfDump, price (4n bytes
//   each), variants (4m), start (4(m + 1)), lowestAge (2m), ageLeft, quantity (n each).
// The variant ids are the region's raw variant table's: bytes are only read back with that table.
import {
  columnBytes,
  keptBufferBytes,
  keptColumnOrder,
  keptColumns,
  type KeptSnapshot,
  SideValues,
} from '../kept-snapshot';

export const KEPT_FORMAT_VERSION = 1;
const FIXED_BYTES = 48;

export class KeptCodecError extends Error {
  override name = 'KeptCodecError';
}

export function keptToBytes(s: KeptSnapshot): Uint8Array {
  const columns = keptColumnOrder(s);
  const sides = [s.bigPrice, s.bigQuantity];
  const sideBytes = sides.reduce((sum, side) => sum + side.count * 16, 0);
  const total = FIXED_BYTES + sideBytes + columns.reduce((sum, c) => sum + c.byteLength, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint8(0, KEPT_FORMAT_VERSION);
  view.setUint8(1, s.agesKnown ? 1 : 0);
  view.setUint32(4, s.streak, true);
  view.setUint32(8, s.count, true);
  view.setUint32(12, s.variants.length, true);
  view.setUint32(16, s.absentIds, true);
  view.setFloat64(20, s.hourMs, true);
  view.setFloat64(28, s.maxIdKey, true);
  view.setUint32(36, s.bigPrice.count, true);
  view.setUint32(40, s.bigQuantity.count, true);
  let at = FIXED_BYTES;
  for (const side of sides) {
    for (let k = 0; k < side.count; k++, at += 16) {
      view.setFloat64(at, side.positionAt(k), true);
      view.setFloat64(at + 8, side.valueAt(k), true);
    }
  }
  for (const column of columns) {
    out.set(columnBytes(column), at);
    at += column.byteLength;
  }
  return out;
}

/** A kept snapshot with buffers of its own (the realm's kept slot takes it from there). */
export function keptFromBytes(bytes: Uint8Array): KeptSnapshot {
  if (bytes.byteLength < FIXED_BYTES) throw new KeptCodecError('kept snapshot bytes end early');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint8(0);
  if (version !== KEPT_FORMAT_VERSION) throw new KeptCodecError(`kept snapshot format ${version} unknown`);
  const count = view.getUint32(8, true);
  const m = view.getUint32(12, true);
  const sideCounts = [view.getUint32(36, true), view.getUint32(40, true)];
  const need = keptBufferBytes(count, m);
  const auctionBuffer = new ArrayBuffer(need.auction);
  const groupBuffer = new ArrayBuffer(need.group);
  const columns = keptColumns(auctionBuffer, groupBuffer, count, m);
  const order = keptColumnOrder(columns);
  const sideBytes = sideCounts.reduce((sum, c) => sum + (c as number) * 16, 0);
  const expected = FIXED_BYTES + sideBytes + order.reduce((sum, c) => sum + c.byteLength, 0);
  if (bytes.byteLength !== expected)
    throw new KeptCodecError(`kept snapshot holds ${bytes.byteLength} bytes, not ${expected}`);
  let at = FIXED_BYTES;
  const [bigPrice, bigQuantity] = sideCounts.map((n) => {
    const side = new SideValues();
    for (let k = 0; k < (n as number); k++, at += 16)
      side.add(view.getFloat64(at, true), view.getFloat64(at + 8, true));
    return side;
  }) as [SideValues, SideValues];
  for (const column of order) {
    columnBytes(column).set(bytes.subarray(at, at + column.byteLength));
    at += column.byteLength;
  }
  return {
    hourMs: view.getFloat64(20, true),
    agesKnown: view.getUint8(1) === 1,
    streak: view.getUint32(4, true),
    count,
    maxIdKey: view.getFloat64(28, true),
    absentIds: view.getUint32(16, true),
    bigPrice,
    bigQuantity,
    ...columns,
    auctionBuffer,
    groupBuffer,
  };
}
