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
