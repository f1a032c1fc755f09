import { describe, expect, it } from 'vitest';
import { medianWithout, variantWorth } from './variant-worth';

describe('medianWithout', () => {
  it('is the median of the sorted run, without the value at one rank', () => {
    const sorted = Float64Array.from([9, 1, 2, 3, 10]);
    expect(medianWithout(sorted, 1, 3, -1)).toBe(2);
    expect(medianWithout(sorted, 1, 3, 0)).toBe(2.5);
    expect(medianWithout(sorted, 1, 3, 1)).toBe(2);
    expect(medianWithout(sorted, 1, 3, 2)).toBe(1.5);
    expect(medianWithout(sorted, 1, 1, 0)).toBe(0);
  });
});

describe('variantWorth', () => {
  // Item 0 has a plain variant (0) and a dear one (1) on realms 0-2; item 1 one variant (2). Each
  // variant's entries ascend by price, as in a snapshot.
  const offsets = Uint32Array.from([0, 3, 6, 9]);
  const entryPrice = Float64Array.from([100, 100, 200, 200, 400, 1000, 50, 70, 90]);
  const entryRealm = Uint16Array.from([0, 2, 1, 2, 1, 0, 0, 1, 2]);
  const itemOf = Int32Array.from([0, 0, 1]);
  const without = new Float32Array(9);
  const worth = variantWorth(offsets, entryPrice, entryRealm, itemOf, 3, without);

  it("divides each realm's prices by its level for the item before taking the median", () => {
    // Region medians 100 and 400; realm levels (mean of price / median): 0 -> (1 + 2.5) / 2 = 1.75,
    // 1 -> (2 + 1) / 2 = 1.5, 2 -> (1 + 0.5) / 2 = 0.75. Plain: 57.1, 133.3, 133.3; dear: 266.7, 266.7, 571.4.
    expect(worth[0]).toBeCloseTo(400 / 3, 4);
    expect(worth[1]).toBeCloseTo(800 / 3, 4);
    // By the region medians alone the dear variant would be worth 4x the plain one, not 2x.
  });

  it('gives a lone variant of its item its region median', () => {
    expect(worth[2]).toBe(70);
  });

  it("gives each entry its variant's worth without the entry's own realm", () => {
    expect(without[5]).toBeCloseTo(800 / 3, 3); // realm 0's 1,000g left out: 266.7 and 266.7 stay
    expect(without[3]).toBeCloseTo((800 / 3 + 1000 / 1.75) / 2, 3); // realm 2's left out
    expect(without[0]).toBeCloseTo(400 / 3, 3); // realm 0's plain 57.1 left out: 133.3 twice
    expect(Array.from(without.subarray(6))).toEqual([70, 70, 70]); // a lone variant: its median, 70 each
  });
});
