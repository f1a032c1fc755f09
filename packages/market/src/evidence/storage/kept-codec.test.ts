import { describe, expect, it } from 'vitest';
import { TIME_LEFT_LONG, TIME_LEFT_VERY_LONG } from '../../ingest';
import { DAY_MS } from '../day-bucket';
import { evidenceFromBytes, evidenceToBytes } from '../evidence-bytes';
import { KeptCodecError, keptFromBytes, keptToBytes } from './kept-codec';
import { keptColumnOrder } from '../kept-snapshot';
import { listingEvidence } from '../listing-evidence';
import { RealmEvidence } from '../realm-evidence';
import { auctionsOf, type AuctionRow } from '../test-auctions';

const H = 3_600_000;
const T0 = 20_000 * DAY_MS;
const same = (raw: number) => raw;
const L = TIME_LEFT_LONG;
const VL = TIME_LEFT_VERY_LONG;
/** Over 2^32 copper and over 255 units: kept aside from their columns. */
const BIG_PRICE = 5_000_000_000;

const hours: AuctionRow[][] = [
  [
    [1, 7, 50_000, 1, VL],
    [2, 7, 60_000, 1, VL],
    [3, 9, BIG_PRICE, 1, VL],
  ],
  [
    [1, 7, 50_000, 1, VL],
    [3, 9, BIG_PRICE, 1, VL],
    [4, 9, 900, 300, L],
  ],
  [
    [1, 7, 50_000, 1, VL],
    [3, 9, BIG_PRICE, 1, VL],
    [4, 9, 900, 300, L],
    [5, 7, 55_000, 2, VL],
  ],
];

function watched(count: number): RealmEvidence {
  const e = new RealmEvidence();
  hours.slice(0, count).forEach((rows, h) => e.observe(T0 + h * H, auctionsOf(rows), same));
  return e;
}

/** What the build reads of a realm for variants 7 and 9. */
function listings(e: RealmEvidence, nowMs: number) {
  const ev = listingEvidence(e, Int32Array.from([7, 9]), 2, nowMs, same);
  return {
    lowestAge: [...ev.lowestAge],
    nearListings: [...ev.nearListings],
    nearQuantity: [...ev.nearQuantity],
    lowestQuantity: [...ev.lowestQuantity],
    sales: [...ev.sales],
    postedHours: [...ev.postedHours],
  };
}

describe('kept snapshot bytes', () => {
  it('give back every field and column, the big prices and quantities included', () => {
    const s = watched(3).lastSnapshot!;
    const back = keptFromBytes(keptToBytes(s));
    const { hourMs, agesKnown, streak, count, maxIdKey, absentIds } = s;
    expect(back).toMatchObject({ hourMs, agesKnown, streak, count, maxIdKey, absentIds });
    expect(keptColumnOrder(back).map((c) => [...c])).toEqual(keptColumnOrder(s).map((c) => [...c]));
    expect(back.bigPrice.count).toBe(1);
    expect(back.bigPrice.get(back.bigPrice.positionAt(0))).toBe(BIG_PRICE);
    expect(back.bigQuantity.count).toBe(1);
    expect(back.bigQuantity.valueAt(0)).toBe(300);
  });

  it('refuse bytes of another format or length', () => {
    const bytes = keptToBytes(watched(2).lastSnapshot!);
    expect(() => keptFromBytes(bytes.subarray(0, bytes.length - 1))).toThrow(KeptCodecError);
    const other = bytes.slice();
    other[0] = 9;
    expect(() => keptFromBytes(other)).toThrow('kept snapshot format 9 unknown');
  });
});

describe('a restart with the stored days and snapshot', () => {
  it('reads the same listing evidence as before it, and follows the next dump with ages going on', () => {
    const before = watched(2);
    const restored = evidenceFromBytes(evidenceToBytes(before));
    expect(restored.restoreSnapshot(keptFromBytes(keptToBytes(before.lastSnapshot!)))).toBe(true);
    expect(listings(restored, T0 + H)).toEqual(listings(before, T0 + H));
    expect(listings(before, T0 + H).lowestAge).toEqual([2, 1]);

    // Without the snapshot, as before it was stored: no listing evidence until the next dump.
    const daysOnly = evidenceFromBytes(evidenceToBytes(before));
    expect(listings(daysOnly, T0 + H).lowestAge).toEqual([0, 0]);

    const third = auctionsOf(hours[2]!);
    before.observe(T0 + 2 * H, third, same);
    restored.observe(T0 + 2 * H, auctionsOf(hours[2]!), same);
    expect(listings(restored, T0 + 2 * H)).toEqual(listings(before, T0 + 2 * H));
    expect(listings(restored, T0 + 2 * H).lowestAge).toEqual([3, 2]);
  });

  it('takes only the snapshot the stored days end with', () => {
    const before = watched(2);
    const older = keptFromBytes(keptToBytes(watched(1).lastSnapshot!));
    const restored = evidenceFromBytes(evidenceToBytes(before));
    expect(restored.restoreSnapshot(older)).toBe(false);
    expect(restored.lastSnapshot).toBeNull();
  });
});
