import { describe, expect, it } from 'vitest';
import { TIME_LEFT_LONG, TIME_LEFT_VERY_LONG } from '../ingest';
import { DAY_MS, DayBucket, LOWS_KEPT } from './day-bucket';
import { listingEvidence } from './listing-evidence';
import { lowCode, lowPrice, PastDay } from './past-day';
import { PastDayReader } from './past-day-reader';
import { binPrice, priceBin } from './price-bins';
import { RealmEvidence } from './realm-evidence';
import { auctionsOf, type AuctionRow } from './test-auctions';

const H = 3_600_000;
const T0 = 20_000 * DAY_MS;
const same = (raw: number) => raw;

/** Whether a price read back from its code is the price: within 0.025% and half a copper. */
const near = (read: number, price: number): boolean =>
  read === price || Math.abs(read - price) <= 0.00025 * price + 0.5;

function randomOf(seed: number): () => number {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('lowCode and lowPrice', () => {
  it('give back every price up to 2,000 copper exactly, and any price within 0.025% and half a copper', () => {
    for (let p = 1; p <= 2000; p++) expect(lowPrice(lowCode(p))).toBe(p);
    const random = randomOf(3);
    for (let k = 0; k < 2000; k++) {
      const p = Math.round(2000 + random() * 10 ** (3 + random() * 9));
      expect(near(lowPrice(lowCode(p)), p)).toBe(true);
    }
    expect(lowPrice(lowCode(Infinity))).toBe(Infinity);
    expect(lowCode(0.4)).toBe(1);
  });
});

/** A frozen day of random cells: keys with small and large steps, some unlisted, some with sales. */
function randomDay(seed: number): DayBucket {
  const random = randomOf(seed);
  const day = new DayBucket(T0 / DAY_MS);
  day.snapshots = 5;
  let key = Math.floor(random() * 5000);
  for (let c = 0; c < 400; c++) {
    key += random() < 0.05 ? 255 + Math.floor(random() * 3000) : 1 + Math.floor(random() * 40);
    if (random() < 0.9) day.addListings(key, Math.round(10 + random() * 5e9), 1 + Math.floor(random() * 9));
    for (let s = random() < 0.2 ? Math.floor(1 + random() * 6) : 0; s > 0; s--) {
      day.addSale(key, Math.round(100 + random() * 1e7), 1);
    }
  }
  day.freeze();
  return day;
}

describe('PastDay', () => {
  it('answers the build as the day in full did, its lowest prices within 0.025%', () => {
    for (const seed of [1, 2, 3]) {
      const full = randomDay(seed);
      const past = PastDay.of(full);
      const reader = new PastDayReader();
      const fullCells = full.listedCells();
      const keys = Array.from(fullCells.keys.subarray(0, fullCells.size));
      const lowest = Array.from(fullCells.lowest.subarray(0, fullCells.size));
      const cells = past.listedCells(reader);
      expect(Array.from(cells.keys.subarray(0, cells.size))).toEqual(keys);
      const read = Array.from(cells.lowest.subarray(0, cells.size));
      expect(read.every((low, s) => near(low, lowest[s] as number))).toBe(true);
      expect(read.filter((low) => low === Infinity).length).toBeGreaterThan(0);
      // Rows: every third key, and one past the last (no cell).
      const rowOf = new Int32Array((keys.at(-1) as number) + 2);
      const rowKeys = keys.filter((_, i) => i % 3 === 0);
      rowKeys.forEach((k, r) => (rowOf[k] = r + 1));
      const rows = rowKeys.length;
      const countsFull = new Int32Array(rows);
      const countsPast = new Int32Array(rows);
      full.countSalesByRow(rowOf, countsFull);
      past.countSalesByRow(rowOf, countsPast, reader);
      expect(Array.from(countsPast)).toEqual(Array.from(countsFull));
      expect(countsFull.some((c) => c > 0)).toBe(true);
      const fill = (counts: Int32Array) => {
        let at = 0;
        return Int32Array.from(counts, (c) => ((at += c), at - c));
      };
      const binsFull = new Uint16Array(countsFull.reduce((a, b) => a + b, 0));
      const binsPast = new Uint16Array(binsFull.length);
      full.binsByRow(rowOf, fill(countsFull), binsFull);
      past.binsByRow(rowOf, fill(countsPast), binsPast, reader);
      let at = 0;
      for (const c of countsFull) {
        expect(Array.from(binsPast.subarray(at, at + c)).sort()).toEqual(
          Array.from(binsFull.subarray(at, at + c)).sort(),
        );
        at += c;
      }
      const daysFull = new Uint8Array(rows);
      const daysPast = new Uint8Array(rows);
      const lowsFull = new Float64Array(rows * LOWS_KEPT).fill(Infinity);
      const lowsPast = new Float64Array(rows * LOWS_KEPT).fill(Infinity);
      full.lowestByRow(rowOf, daysFull, lowsFull);
      past.lowestByRow(rowOf, daysPast, lowsPast, reader);
      expect(Array.from(daysPast)).toEqual(Array.from(daysFull));
      expect(Array.from(lowsPast).every((low, i) => near(low, lowsFull[i] as number))).toBe(true);
      for (const k of keys.slice(0, 50)) {
        const a: number[] = [];
        const b: number[] = [];
        expect(past.collectBins(k, b, reader)).toBe(full.collectBins(k, a));
        expect(b.sort()).toEqual(a.sort());
      }
      expect(past.collectBins((keys.at(-1) as number) + 1, [], reader)).toBe(0);
      expect(past.day).toBe(full.day);
      expect(past.snapshots).toBe(5);
    }
  });

  it('takes 3 bytes a cell, 4 a key stepped 255 or more, 8 a cell that sold and 2 a sale', () => {
    const day = new DayBucket(1);
    day.addListings(10, 500, 1); // first key: whole
    day.addListings(12, 600, 2);
    day.addListings(400, 700, 1); // step 388: whole
    day.addSale(12, 650, 1);
    day.addSale(12, 640, 1);
    const past = PastDay.of(day);
    expect(past.byteLength).toBe(3 * 3 + 2 * 4 + 1 * 8 + 4 + 2 * 2);
  });
});

const L = TIME_LEFT_LONG;
const VL = TIME_LEFT_VERY_LONG;

/** Three days of one realm: variant 7 sells twice a day (at 1,000 to 1,900), variant 8 never. */
function threeDays(): RealmEvidence {
  const e = new RealmEvidence();
  for (let d = 0; d < 3; d++) {
    const rows: AuctionRow[] = [
      [100 + d, 7, 1000 + 300 * d, 1, L],
      [200 + d, 7, 1900, 1, VL],
      [300 + d, 8, 1800 + d, 1, VL],
    ];
    expect(e.observe(T0 + d * DAY_MS, auctionsOf(rows), same)).toBe(true);
    expect(e.observe(T0 + d * DAY_MS + H, auctionsOf([rows[2] as AuctionRow]), same)).toBe(true);
  }
  return e;
}

describe('RealmEvidence.compactPast', () => {
  it('keeps every day but today for the build only, which reads the same figures as before', () => {
    const before = threeDays();
    const after = threeDays();
    const now = T0 + 2 * DAY_MS + H;
    const rows = Int32Array.from([7, 8, 9]);
    const want = listingEvidence(before, rows, 3, now, same);
    const figures = (ev: typeof want) => ({
      sales: Array.from(ev.sales),
      median: Array.from(ev.median),
      lowQuartile: Array.from(ev.lowQuartile),
      lowestAge: Array.from(ev.lowestAge),
      hours: ev.hoursObserved,
    });
    const expected = figures(want);
    expect(expected.sales).toEqual([6, 0, 0]);
    expect(expected.lowQuartile).toEqual([1000, 1800, 0]);
    expect(after.compactPast()).toBe(2);
    expect(after.compactPast()).toBe(0);
    expect(after.buckets.map((b) => b.day)).toEqual([T0 / DAY_MS + 2]);
    expect(after.allDays.map((b) => b.day - T0 / DAY_MS)).toEqual([0, 1, 2]);
    expect(figures(listingEvidence(after, rows, 3, now, same))).toEqual(expected);
    expect(after.salesSeen(7, now)).toEqual(before.salesSeen(7, now));
    const mid = (binPrice(priceBin(1600)) + binPrice(priceBin(1900))) / 2;
    expect(after.salesSeen(7, now).median).toBe(Math.round(mid));
    expect(after.hoursObserved(now)).toBe(6);
    // A past day here: 2 cells, the first key whole, 1 record of 2 sales: 4 x (1 + 2 + 1) + 2 x (2 + 2) + 2 B,
    // where in full it took 2 x 10 + 24 + 4 + 2 x 2.
    const today = (after.buckets[0] as DayBucket).byteLength;
    expect((before.buckets[0] as DayBucket).byteLength).toBe(52);
    expect(after.byteLength.days - today).toBe(2 * 26);
    // A compacted day is held: a replay does not add it again.
    const again = threeDays();
    expect(after.addPastDay(again.buckets[0] as DayBucket)).toBe(false);
  });

  it('drops compacted days older than 14 when a new day rolls in', () => {
    const e = threeDays();
    e.compactPast();
    const later = T0 + 15 * DAY_MS;
    expect(e.observe(later, auctionsOf([[900, 7, 5000, 1, L]]), same)).toBe(true);
    expect(e.allDays.map((b) => b.day - T0 / DAY_MS)).toEqual([2, 15]);
    expect(e.salesSeen(7, later).count).toBe(2);
  });
});
