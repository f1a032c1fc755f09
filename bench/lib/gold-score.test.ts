import { describe, expect, it } from 'vitest';
import { calibrationFifths, dealRecall, realisedGold, topPerHour } from './gold-score';

describe('gold scores', () => {
  it('splits rows into fifths by what they stated and compares what they realised', () => {
    const rows = [...Array(10)].map((_, i) => ({ stated: i + 1, realised: i < 2 ? 2 * (i + 1) : i + 1 }));
    // Fifths: {1,2} realised {2,4} -> 6/3 = 2; the others exactly as stated.
    expect(calibrationFifths(rows)).toEqual([2, 1, 1, 1, 1]);
    expect(calibrationFifths([{ stated: 0, realised: 5 }])[4]).toBeNaN();
  });

  it('keeps the best n rows of each hour among the shown ones', () => {
    const rows = [
      { hour: 1, x: 5, ok: true },
      { hour: 1, x: 9, ok: false },
      { hour: 1, x: 7, ok: true },
      { hour: 2, x: 1, ok: true },
    ];
    expect(
      topPerHour(
        rows,
        1,
        (r) => r.x,
        (r) => r.ok,
      ).map((r) => r.x),
    ).toEqual([7, 1]);
    expect(realisedGold([{ realised: 3 }, { realised: -1 }])).toBe(2);
  });

  it('measures recall of real deals and the precision of what is picked', () => {
    const rows = [
      { realised: 2000, p: true },
      { realised: 1500, p: false },
      { realised: -50, p: true },
      { realised: 10, p: true },
    ];
    expect(dealRecall(rows, (r) => r.p, 1000)).toEqual({
      recall: 0.5,
      precision: 2 / 3,
      picked: 3,
      deals: 2,
    });
  });
});
