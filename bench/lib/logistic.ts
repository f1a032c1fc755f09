// Logistic regression by Newton's method (iteratively reweighted least squares), for fitting the
// expected-profit models (domain expected-profit.ts) to the simulator's ground truth. Targets may be
// fractions in 0..1 (a fractional logit: the sale value's share of the sell price).

/** Solves A x = b for a small dense system (Gaussian elimination with partial pivoting). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Weights w maximising the likelihood of targets y (0..1) under p = 1 / (1 + e^-(w.x)). A tiny ridge
 * keeps a feature that never varies in the data (weight 0) from making the system singular.
 */
export function fitLogistic(
  xs: readonly (readonly number[])[],
  ys: readonly number[],
  iterations = 30,
): number[] {
  const d = xs[0]?.length ?? 0;
  let w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      let z = 0;
      for (let j = 0; j < d; j++) z += w[j]! * x[j]!;
      const p = 1 / (1 + Math.exp(-z));
      const e = p - ys[i]!;
      const s = p * (1 - p);
      for (let j = 0; j < d; j++) {
        grad[j]! += e * x[j]!;
        for (let k = j; k < d; k++) hess[j]![k]! += s * x[j]! * x[k]!;
      }
    }
    for (let j = 0; j < d; j++) {
      for (let k = 0; k < j; k++) hess[j]![k] = hess[k]![j]!;
      hess[j]![j]! += 1e-6 * xs.length;
    }
    const step = solve(hess, grad);
    w = w.map((v, j) => v - step[j]!);
    if (step.every((s) => Math.abs(s) < 1e-9)) break;
  }
  return w;
}
