import { describe, expect, it } from 'vitest';
import { TIME_LEFT_LONG, TIME_LEFT_MEDIUM, TIME_LEFT_SHORT, TIME_LEFT_VERY_LONG } from '../ingest';
import { DAY_MS } from './day-bucket';
import { binPrice, priceBin } from './price-bins';
import { RealmEvidence } from './realm-evidence';
import { auctionsOf, type AuctionRow } from './test-auctions';

const H = 3_600_000;
const T0 = 20_000 * DAY_MS; // a UTC midnight
const same = (raw: number) => raw; // raw variant id = variant index in these tests
const L = TIME_LEFT_LONG;
const VL = TIME_LEFT_VERY_LONG;

function feed(e: RealmEvidence, hourMs: number, rows: AuctionRow[]): void {
  expect(e.observe(hourMs, auctionsOf(rows), same)).toBe(true);
}

describe('RealmEvidence sales', () => {
  it('counts a LONG auction gone an hour later as one sale at its price', () => {
    const e = new RealmEvidence();
    feed(e, T0, [
      [1, 7, 50_000, 1, L],
      [2, 7, 60_000, 1, L],
    ]);
    feed(e, T0 + H, [[2, 7, 60_000, 1, L]]);
    expect(e.salesSeen(7, T0 + H)).toEqual({ count: 1, median: binPrice(priceBin(50_000)) });
    expect(Math.abs(binPrice(priceBin(50_000)) - 50_000) / 50_000).toBeLessThan(0.01);
  });

  it('does not count a snipe: bought within the hour it appeared, under half the next price or alone', () => {
    const e = new RealmEvidence();
    feed(e, T0, [[1, 7, 1000, 1, L]]); // the first snapshot: how long its auctions stood is unknown
    feed(e, T0 + H, [
      [1, 7, 1000, 1, L],
      [2, 7, 400, 1, L], // new at 0.4x the next listing
      [3, 8, 50, 1, L], // new and alone
    ]);
    feed(e, T0 + 2 * H, [[1, 7, 1000, 1, L]]); // both bought within the hour
    expect(e.salesSeen(7, T0 + 2 * H).count).toBe(0);
    expect(e.salesSeen(8, T0 + 2 * H).count).toBe(0);
    // New at half the next price: an undercut, bought at what the realm pays.
    feed(e, T0 + 3 * H, [
      [1, 7, 1000, 1, L],
      [4, 7, 500, 1, L],
    ]);
    feed(e, T0 + 4 * H, [[1, 7, 1000, 1, L]]);
    expect(e.salesSeen(7, T0 + 4 * H)).toEqual({ count: 1, median: binPrice(priceBin(500)) });
  });

  it('does not count two baits of one hour: each under half the established price, though not of each other', () => {
    const e = new RealmEvidence();
    feed(e, T0, [[1, 7, 1000, 1, L]]);
    feed(e, T0 + H, [
      [1, 7, 1000, 1, L],
      [2, 7, 300, 1, L],
      [3, 7, 400, 1, L],
    ]);
    feed(e, T0 + 2 * H, [[1, 7, 1000, 1, L]]);
    expect(e.salesSeen(7, T0 + 2 * H).count).toBe(0);
    // When none had stood an hour, the new auctions still listed an hour later are the price to judge by.
    feed(e, T0 + 3 * H, [
      [1, 7, 1000, 1, L],
      [4, 8, 100, 1, L],
      [5, 8, 900, 1, L],
      [6, 9, 600, 1, L],
      [7, 9, 900, 1, L],
    ]);
    feed(e, T0 + 4 * H, [
      [1, 7, 1000, 1, L],
      [5, 8, 900, 1, L],
      [7, 9, 900, 1, L],
    ]);
    expect(e.salesSeen(8, T0 + 4 * H).count).toBe(0);
    expect(e.salesSeen(9, T0 + 4 * H)).toEqual({ count: 1, median: binPrice(priceBin(600)) });
  });

  it('counts a lone auction of the first snapshot, or of one after hours missed: its age is unknown', () => {
    const e = new RealmEvidence();
    feed(e, T0, [[1, 7, 400, 1, VL]]);
    feed(e, T0 + H, []);
    expect(e.salesSeen(7, T0 + H).count).toBe(1);
    feed(e, T0 + 4 * H, [[2, 7, 400, 1, VL]]);
    feed(e, T0 + 5 * H, []);
    expect(e.salesSeen(7, T0 + 5 * H).count).toBe(2);
  });

  it('does not count SHORT or MEDIUM auctions gone, nor auctions still listed', () => {
    const e = new RealmEvidence();
    feed(e, T0, [
      [1, 7, 100, 1, TIME_LEFT_SHORT],
      [2, 7, 200, 1, TIME_LEFT_MEDIUM],
      [3, 7, 300, 1, L],
    ]);
    feed(e, T0 + H, [[3, 7, 300, 1, L]]);
    expect(e.salesSeen(7, T0 + H)).toEqual({ count: 0, median: null });
  });

  it('takes the median over the 14 days, one entry per auction', () => {
    const e = new RealmEvidence();
    // Day 0: sales at 1,000 and 3,000; day 1: a sale at 2,000 and one at 10,000 (quantity 5).
    feed(e, T0, [
      [1, 7, 1000, 1, L],
      [2, 7, 3000, 1, VL],
    ]);
    feed(e, T0 + H, []);
    feed(e, T0 + DAY_MS, [
      [3, 7, 2000, 1, L],
      [4, 7, 10_000, 5, L],
    ]);
    feed(e, T0 + DAY_MS + H, []);
    const seen = e.salesSeen(7, T0 + DAY_MS + H);
    expect(seen.count).toBe(4);
    const mid = (binPrice(priceBin(2000)) + binPrice(priceBin(3000))) / 2;
    expect(seen.median).toBe(Math.round(mid));
    const days = e.history(7);
    expect(days).toHaveLength(14);
    expect(days[12]).toMatchObject({ day: T0, sales: 2, lowest: 1000, listings: 2 });
    expect(days[13]).toMatchObject({ day: T0 + DAY_MS, sales: 2, lowest: 2000, listings: 2 });
    expect(days[0]).toEqual({ day: T0 - 12 * DAY_MS, lowest: null, listings: 0, sales: 0, median: null });
    expect(e.buckets[1]?.cell(7)).toMatchObject({ units: 6, total: 52_000 });
  });

  it('drops days older than 14 when a new day rolls in', () => {
    const e = new RealmEvidence();
    feed(e, T0, [[1, 7, 1000, 1, L]]);
    feed(e, T0 + H, []); // one sale on day 0
    feed(e, T0 + 13 * DAY_MS, [[2, 7, 5000, 1, L]]);
    feed(e, T0 + 13 * DAY_MS + H, []); // one sale on day 13
    expect(e.salesSeen(7, T0 + 13 * DAY_MS + H).count).toBe(2);
    feed(e, T0 + 14 * DAY_MS, [[3, 7, 4000, 1, L]]);
    expect(e.buckets.map((b) => b.day - T0 / DAY_MS)).toEqual([13, 14]);
    expect(e.salesSeen(7, T0 + 14 * DAY_MS)).toEqual({ count: 1, median: binPrice(priceBin(5000)) });
    expect(e.history(7)[0]?.day).toBe(T0 + DAY_MS);
  });

  it('counts the bytes it holds: a frozen day exactly what it uses, 10 a listed variant and 28 a sale record', () => {
    const e = new RealmEvidence();
    feed(e, T0, [
      [1, 7, 1000, 1, L],
      [2, 8, 2000, 1, L],
      [3, 9, 3000, 1, L],
    ]);
    feed(e, T0 + H, [[3, 9, 3000, 1, L]]); // two sales on day 0: variants 7 and 8
    const live = e.byteLength;
    expect(live.kept).toBeGreaterThan(0);
    feed(e, T0 + DAY_MS, []); // day 0 freezes
    const frozen = e.buckets[0];
    // 3 cells x 10 B, 2 records x (4 B variant + 16 B sums + 4 B start) + 4 B end, 2 sales x 2 B.
    expect(frozen?.byteLength).toBe(3 * 10 + 2 * 24 + 4 + 2 * 2);
    expect(e.byteLength.days).toBe((frozen?.byteLength ?? 0) + (e.buckets[1]?.byteLength ?? 0));
  });

  it('after a gap counts only VERY_LONG auctions, and nothing past 12 hours', () => {
    const rows: AuctionRow[] = [
      [1, 7, 100, 1, L],
      [2, 7, 200, 1, VL],
    ];
    const short = new RealmEvidence();
    feed(short, T0, rows);
    feed(short, T0 + 1.5 * H, []); // still consecutive
    expect(short.salesSeen(7, T0 + 2 * H).count).toBe(2);
    const gap = new RealmEvidence();
    feed(gap, T0, rows);
    feed(gap, T0 + 3 * H, []); // hours missed: the LONG one may have expired
    expect(gap.salesSeen(7, T0 + 3 * H)).toEqual({ count: 1, median: binPrice(priceBin(200)) }); // 202: the 2% bin
    const long = new RealmEvidence();
    feed(long, T0, rows);
    feed(long, T0 + 12 * H, []);
    expect(long.salesSeen(7, T0 + 12 * H).count).toBe(0);
  });

  it('ignores a snapshot not newer than the last', () => {
    const e = new RealmEvidence();
    feed(e, T0, [[1, 7, 100, 1, L]]);
    expect(e.observe(T0, auctionsOf([]), same)).toBe(false);
    expect(e.salesSeen(7, T0).count).toBe(0);
    expect(e.lowestListingAge(7)).toBe(1);
  });
});

describe('RealmEvidence listings', () => {
  it('ages the lowest listing and resets when a cheaper one appears', () => {
    const e = new RealmEvidence();
    const base: AuctionRow[] = [
      [1, 7, 500, 1, VL],
      [2, 7, 900, 1, VL],
    ];
    feed(e, T0, base);
    expect(e.lowestListingAge(7)).toBe(1);
    feed(e, T0 + H, base);
    feed(e, T0 + 2 * H, base);
    expect(e.lowestListingAge(7)).toBe(3);
    feed(e, T0 + 3 * H, [...base, [3, 7, 400, 1, VL]]);
    expect(e.lowestListingAge(7)).toBe(1);
    feed(e, T0 + 4 * H, [
      [2, 7, 900, 1, VL],
      [3, 7, 400, 1, VL],
    ]);
    expect(e.lowestListingAge(7)).toBe(2);
    expect(e.lowestListingAge(8)).toBe(0);
  });

  it('keeps the day lowest of listings that stood an hour and the most listings seen in one snapshot', () => {
    const e = new RealmEvidence();
    feed(e, T0, [
      [1, 7, 500, 1, VL],
      [2, 7, 700, 1, VL],
      [3, 7, 900, 1, VL],
    ]);
    // New and alone: it may be bait, bought within the hour; it counts once it has stood an hour.
    feed(e, T0 + H, [[4, 7, 300, 1, VL]]);
    expect(e.history(7)[13]).toMatchObject({ lowest: 500, listings: 3, sales: 3 });
    // 4 has stood an hour; 5 is new at under half of it: not the realm's price (yet).
    feed(e, T0 + 2 * H, [
      [4, 7, 300, 1, VL],
      [5, 7, 140, 1, VL],
    ]);
    expect(e.history(7)[13]).toMatchObject({ lowest: 300 });
    // A new listing not far below those that stood counts at once.
    feed(e, T0 + 3 * H, [
      [4, 7, 300, 1, VL],
      [6, 7, 150, 1, VL],
    ]);
    expect(e.history(7)[13]).toMatchObject({ lowest: 150 });
  });

  it('answers depth at or below a price and near a sell price', () => {
    const e = new RealmEvidence();
    feed(e, T0, [
      [1, 7, 1000, 2, L],
      [2, 7, 1000, 3, L],
      [3, 7, 1100, 4, L],
      [4, 7, 1101, 8, L],
      [5, 8, 10, 1, L],
    ]);
    expect(e.depthAtOrBelow(7, 1000)).toEqual({ listings: 2, quantity: 5 });
    expect(e.depthNear(7, 1000)).toEqual({ listings: 3, quantity: 9 });
    expect(e.quantityAt(7, 1000)).toBe(5);
    expect(e.depthAtOrBelow(9, 1e9)).toEqual({ listings: 0, quantity: 0 });
  });

  it('reads a group listed in any price order: its lowest, the next lowest and the depths', () => {
    const e = new RealmEvidence();
    feed(e, T0, [
      [1, 7, 3000, 1, L],
      [2, 7, 1100, 4, L],
      [3, 7, 2600, 1, L],
      [4, 7, 1000, 2, L],
      [5, 7, 1000, 3, L],
    ]);
    expect(e.lowestPrice(7)).toBe(1000);
    expect(e.depthAtOrBelow(7, 1000)).toEqual({ listings: 2, quantity: 5 });
    expect(e.depthNear(7, 1000)).toEqual({ listings: 3, quantity: 9 });
    // A new listing at 1,200, bought within the hour: over half the next price (2,200, listed after
    // a dearer 3,000), so a sale at what the realm pays, not a snipe.
    feed(e, T0 + H, [
      [6, 8, 1200, 1, L],
      [7, 8, 3000, 1, L],
      [8, 8, 2200, 1, L],
    ]);
    feed(e, T0 + 2 * H, [
      [7, 8, 3000, 1, L],
      [8, 8, 2200, 1, L],
    ]);
    expect(e.salesSeen(8, T0 + 2 * H).count).toBe(1);
    // At 1,000 against that next price it is under half: a snipe, not counted.
    feed(e, T0 + 3 * H, [
      [7, 8, 3000, 1, L],
      [9, 8, 1000, 1, L],
      [10, 8, 2600, 1, L],
      [8, 8, 2200, 1, L],
    ]);
    feed(e, T0 + 4 * H, [
      [7, 8, 3000, 1, L],
      [10, 8, 2600, 1, L],
      [8, 8, 2200, 1, L],
    ]);
    expect(e.salesSeen(8, T0 + 4 * H).count).toBe(1);
  });

  it('maps raw variants through keyOf', () => {
    const e = new RealmEvidence();
    const keyOf = (raw: number) => (raw === 40 ? 2 : 0);
    e.observe(
      T0,
      auctionsOf([
        [1, 40, 100, 1, L],
        [2, 41, 50, 1, L],
      ]),
      keyOf,
    );
    e.observe(T0 + H, auctionsOf([[2, 41, 50, 1, L]]), keyOf);
    expect(e.salesSeen(2, T0 + H).count).toBe(1);
    expect(e.depthAtOrBelow(0, 50).listings).toBe(1);
  });

  it('follows auctions whatever order each dump lists them in', () => {
    const e = new RealmEvidence();
    feed(e, T0, [
      [1, 7, 500, 1, VL],
      [2, 7, 600, 1, VL],
      [3, 8, 700, 1, VL],
      [4, 8, 800, 1, VL],
    ]);
    feed(e, T0 + H, [
      [4, 8, 800, 1, VL],
      [9, 8, 900, 1, VL],
      [1, 7, 500, 1, VL],
      [3, 8, 700, 1, VL],
    ]);
    expect(e.lowestListingAge(7)).toBe(2);
    expect(e.lowestListingAge(8)).toBe(2);
    expect(e.salesSeen(7, T0 + H)).toEqual({ count: 1, median: binPrice(priceBin(600)) });
    expect(e.salesSeen(8, T0 + H).count).toBe(0);
  });
});

describe('RealmEvidence.addPastDay', () => {
  it('adds a day replayed elsewhere inside the window, never twice, never outside it', () => {
    const live = new RealmEvidence();
    feed(live, T0 + 5 * DAY_MS, [[1, 7, 100, 1, L]]);
    const past = new RealmEvidence();
    feed(past, T0 + 2 * DAY_MS, [[9, 7, 300, 1, L]]);
    feed(past, T0 + 2 * DAY_MS + H, []); // a sale on day 2
    const day2 = past.buckets.find((b) => b.day === T0 / DAY_MS + 2);
    expect(day2 && live.addPastDay(day2)).toBe(true);
    expect(day2 && live.addPastDay(day2)).toBe(false);
    expect(live.salesSeen(7, T0 + 5 * DAY_MS)).toEqual({ count: 1, median: binPrice(priceBin(300)) });
    expect(live.hoursObserved(T0 + 5 * DAY_MS)).toBe(3);
    const old = new RealmEvidence();
    feed(old, T0 - 9 * DAY_MS, [[9, 7, 300, 1, L]]);
    expect(live.addPastDay(old.buckets[0] as NonNullable<(typeof old.buckets)[0]>)).toBe(false); // 14 days before day 5
  });
});

describe('RealmEvidence price streaks', () => {
  it('keeps the age of a lowest price relisted under a new auction id, and resets it on a new price', () => {
    const e = new RealmEvidence();
    feed(e, T0, [[1, 7, 5000, 1, VL]]);
    feed(e, T0 + H, [[1, 7, 5000, 1, TIME_LEFT_SHORT]]);
    feed(e, T0 + 2 * H, [[2, 7, 5000, 1, VL]]); // expired and relisted at the same price
    expect(e.lowestListingAge(7)).toBe(3);
    feed(e, T0 + 3 * H, [
      [3, 7, 4000, 1, VL],
      [2, 7, 5000, 1, VL],
    ]);
    expect(e.lowestListingAge(7)).toBe(1);
    feed(e, T0 + 4 * H, [[4, 7, 5000, 1, VL]]); // auction 3 sold; the old price is back, a new streak
    expect(e.lowestListingAge(7)).toBe(1);
    feed(e, T0 + 7 * H, [[5, 7, 5000, 1, VL]]); // hours missed: a streak is not followed over a gap
    expect(e.lowestListingAge(7)).toBe(1);
  });
});
