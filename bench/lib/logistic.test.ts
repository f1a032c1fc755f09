import { describe, expect, it } from 'vitest';
import { fitLogistic, solve } from './logistic';

describe('fitLogistic', () => {
  it('solves a small system', () => {
    expect(
      solve(
        [
          [2, 1],
          [1, 3],
        ],
        [3, 5],
      ).map((v) => Number(v.toFixed(6))),
    ).toEqual([0.8, 1.4]);
  });

  it('finds the weights that made the data: 1 in 4 at x = 0, 3 in 4 at x = 1', () => {
    // p(0) = 1/4 -> w0 = ln(1/3); p(1) = 3/4 -> w0 + w1 = ln 3.
    const xs = [...Array(4)].flatMap(() => [
      [1, 0],
      [1, 1],
    ]);
    const ys = [1, 1, 0, 1, 0, 0, 0, 1];
    const [w0, w1] = fitLogistic(xs, ys);
    expect(w0).toBeCloseTo(Math.log(1 / 3), 3);
    expect(w0! + w1!).toBeCloseTo(Math.log(3), 3);
  });

  it('fits fractional targets as their mean', () => {
    const [w0] = fitLogistic([[1], [1], [1]], [0.2, 0.3, 0.4]);
    expect(1 / (1 + Math.exp(-w0!))).toBeCloseTo(0.3, 4);
  });
});
