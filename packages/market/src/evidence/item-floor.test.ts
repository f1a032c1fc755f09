import { describe, expect, it } from 'vitest';
import { DayBucket } from './day-bucket';
import { fillItemFloors, type ItemValues } from './item-floor';

// Evidence keys 0 and 2 are raw variants of variant 0, key 1 is variant 1 (both of item 0, variant 1
// worth 3 times variant 0), key 3 is variant 2 (item 1), key 4 has no variant.
const VALUES: ItemValues = {
  variantOfKey: Int32Array.from([0, 1, 0, 2, -1]),
  itemOf: Int32Array.from([0, 0, 1]),
  worth: Float64Array.from([100, 300, 50]),
  items: 2,
};

function day(d: number, cells: [key: number, lowest: number][]): DayBucket {
  const b = new DayBucket(d);
  for (const [key, lowest] of cells) b.addListings(key, lowest, 1);
  return b;
}

// In units of each variant's worth: day 1 0.9 (v0), 1.1 (v1), 0.8 (item 1); day 2 1.1 (v0), 0.9 (v1);
// day 3 5.0 (v0: a listing at 500), 0.7 (v0 under its second raw variant).
const DAYS = [
  day(1, [
    [0, 90],
    [1, 330],
    [3, 40],
  ]),
  day(2, [
    [0, 110],
    [1, 270],
  ]),
  day(3, [
    [0, 500],
    [2, 70],
  ]),
];

/** The floors of rows of variants `variants` selling at `sell`. */
function floors(variants: number[], sell: number[]): number[] {
  const out = new Float64Array(variants.length);
  fillItemFloors(DAYS, Int32Array.from(variants), Float64Array.from(sell), variants.length, VALUES, out);
  return Array.from(out, (f) => Math.round(f * 1000) / 1000);
}

describe('fillItemFloors', () => {
  it('takes the median of every variant of the item, in the row variant, without its own days at its price', () => {
    // Variant 0 selling at 500: its 500 day is left out, so 0.7 0.9 0.9 1.1 1.1 -> 0.9 x 100.
    // Variant 1 selling at 300: its 330 day is left out, variant 0's 500 day stays: 0.7 0.9 0.9 1.1 5.0 -> 0.9 x 300.
    // Item 1 has one day, below the 45 sell price.
    expect(floors([0, 1, 2], [500, 300, 45])).toEqual([90, 270, 40]);
  });

  it('leaves a row without a variant, without a price now, or with nothing left at 0', () => {
    expect(floors([-1, 0, 2], [100, 0, 40])).toEqual([0, 0, 0]);
  });

  it('skips day cells whose key has no variant or whose variant has no worth', () => {
    const unvalued = { ...VALUES, worth: Float64Array.from([100, 0, 50]) };
    const out = new Float64Array(1);
    fillItemFloors(DAYS, Int32Array.from([0]), Float64Array.from([500]), 1, unvalued, out);
    expect(out[0]).toBeCloseTo(90, 9); // 0.7 0.9 1.1 without variant 1's days -> 0.9 x 100
  });

  it('counts days within 0.5% of the sell price as at its price', () => {
    // 500 is within 0.5% of 502: left out, as above. At 503 it is below: 0.7 0.9 0.9 1.1 1.1 5.0 -> 1.0.
    expect(floors([0], [502])).toEqual([90]);
    expect(floors([0], [503])).toEqual([100]);
  });

  it('gives every row its own answer when rows of one item share the pass, in any order', () => {
    expect(floors([2, 1, 0, 0], [45, 300, 500, 503])).toEqual([40, 270, 90, 100]);
  });
});

describe('fillItemFloors against a plain reference', () => {
  /** Per row: every listed day lowest of its item, in its variant, less its own at its price or above. */
  function reference(days: DayBucket[], variants: number[], sell: number[], values: ItemValues): number[] {
    return variants.map((v, j) => {
      const worth = v >= 0 ? (values.worth[v] as number) : 0;
      if (worth <= 0 || (sell[j] as number) <= 0) return 0;
      const picked: number[] = [];
      for (const day of days) {
        for (const cell of day.cells()) {
          const w = values.variantOfKey[cell.variant] ?? -1;
          if (cell.lowest === null || w < 0 || (values.worth[w] as number) <= 0) continue;
          if (values.itemOf[w] !== values.itemOf[v]) continue;
          if (w === v && cell.lowest * 1.005 >= (sell[j] as number)) continue;
          picked.push(cell.lowest / (values.worth[w] as number));
        }
      }
      if (picked.length === 0) return 0;
      picked.sort((a, b) => a - b);
      const mid = picked.length >> 1;
      const median = picked.length % 2 ? picked[mid]! : (picked[mid - 1]! + picked[mid]!) / 2;
      return median * worth;
    });
  }

  it('gives the same floors on random realms', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 30; round++) {
      const variantCount = 2 + Math.floor(random() * 12);
      // A snapshot's variants of one item are consecutive.
      const itemOf = Int32Array.from({ length: variantCount }, () => Math.floor(random() * 3)).sort();
      const worth = Float64Array.from({ length: variantCount }, () =>
        random() < 0.1 ? 0 : 50 + random() * 500,
      );
      const keys = 2 * variantCount;
      const values: ItemValues = {
        variantOfKey: Int32Array.from({ length: keys }, (_, k) => (k % 7 === 6 ? -1 : k % variantCount)),
        itemOf,
        worth,
        items: 3,
      };
      const days = Array.from({ length: 1 + Math.floor(random() * 14) }, (_, d) => {
        const cells: [number, number][] = [];
        for (let k = 0; k < keys; k++) if (random() < 0.5) cells.push([k, Math.round(20 + random() * 2000)]);
        return day(d, cells);
      });
      const rows = Array.from(
        { length: 1 + Math.floor(random() * 10) },
        () => Math.floor(random() * variantCount) - (random() < 0.1 ? variantCount : 0),
      );
      const sell = rows.map(() => (random() < 0.1 ? 0 : Math.round(20 + random() * 2000)));
      const out = new Float64Array(rows.length);
      fillItemFloors(days, Int32Array.from(rows), Float64Array.from(sell), rows.length, values, out);
      const expected = reference(days, rows, sell, values);
      expect(Array.from(out).map((f) => f.toFixed(6))).toEqual(expected.map((f) => f.toFixed(6)));
    }
  });
});
