import { describe, expect, it } from 'vitest';
import { medianWithout, variantWorth, worthWithout } from './variant-worth';

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
  const w = variantWorth(offsets, entryPrice, entryRealm, itemOf, 3);

  it("divides each realm's prices by its level for the item before taking the median", () => {
    // Region medians 100 and 400; realm levels (mean of price / median): 0 -> (1 + 2.5) / 2 = 1.75,
    // 1 -> (2 + 1) / 2 = 1.5, 2 -> (1 + 0.5) / 2 = 0.75. Plain: 57.1, 133.3, 133.3; dear: 266.7, 266.7, 571.4.
    expect(w.worth[0]).toBeCloseTo(400 / 3, 4);
    expect(w.worth[1]).toBeCloseTo(800 / 3, 4);
    // By the region medians alone the dear variant would be worth 4x the plain one, not 2x.
  });

  it('gives a lone variant of its item its region median', () => {
    expect(w.worth[2]).toBe(70);
    expect(Array.from(w.entryNorm.subarray(6))).toEqual([70, 70, 70]);
  });

  it("leaves the judged realm's own price out on request", () => {
    expect(worthWithout(w, offsets, 1, 5)).toBeCloseTo(800 / 3, 4); // realm 0's 1,000: 266.7 and 266.7 stay
    expect(worthWithout(w, offsets, 1, 3)).toBeCloseTo((800 / 3 + 1000 / 1.75) / 2, 4); // realm 2's left out
    expect(worthWithout(w, offsets, 2, 6)).toBe(70);
  });
});
