import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@goldroute/simulator';
import {
  bestCutoff,
  calibratedPassRate,
  drawRealised,
  calibrationFifths,
  dealRecall,
  realisedGold,
  topPerHour,
} from './gold-score';

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

  it('finds the cut-off that keeps the most real deals at a precision, and the best precision', () => {
    const rows = [
      { realised: 5000, x: 9 },
      { realised: -10, x: 8 },
      { realised: 2000, x: 7 },
      { realised: 3000, x: 6 },
      { realised: -5, x: 5 },
    ];
    // Top 1: 1/1 won; top 3: 2/3; top 4: 3/4 (all three deals); top 5: 3/5.
    expect(bestCutoff(rows, (r) => r.x, 1000, 0.75, 1)).toEqual({ recallAtPrecision: 1, bestPrecision: 1 });
    expect(bestCutoff(rows, (r) => r.x, 1000, 0.9, 2)).toEqual({
      recallAtPrecision: 1 / 3,
      bestPrecision: 0.75,
    });
  });

  it('passes an exactly right figure through the 0.8-1.25 band nearly always when outcomes vary little, a tight band seldom', () => {
    const rows = [...Array(500)].map((_, i) => ({
      stated: 100 + i,
      buyChance: 1,
      saleChance: 0.9,
      buyGold: 100,
    }));
    const random = mulberry32(1);
    expect(calibratedPassRate(rows, [0.8, 1.25], 50, random)).toBeGreaterThan(0.9);
    expect(calibratedPassRate(rows, [0.98, 1.02], 50, random)).toBeLessThan(0.1);
    // The draws average to the stated figure.
    let sum = 0;
    for (let i = 0; i < 20000; i++) sum += drawRealised(rows[0]!, random);
    expect(sum / 20000).toBeGreaterThan(80);
    expect(sum / 20000).toBeLessThan(120);
  });
});
