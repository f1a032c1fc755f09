// Timing helpers: wall time in milliseconds and order statistics of repeated runs.

export function now(): number {
  return performance.now();
}

export interface Sample {
  runs: number;
  median: number;
  p95: number;
  min: number;
  max: number;
}

/** The q-quantile by the nearest-rank method (p95 of 50 runs is the 48th fastest). */
export function quantile(sorted: readonly number[], q: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export function summarize(times: readonly number[]): Sample {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

/**
 * Runs `fn` `warmup` times untimed, then `runs` times timed; returns the times and the first
 * result. Later results are dropped at once, as a server drops an answer once it is sent (holding
 * each one until the next run is back would keep large answers alive into the old generation).
 */
export function measure<T>(runs: number, fn: () => T, warmup = 3): { sample: Sample; result: T } {
  const result = fn();
  for (let i = 1; i < warmup; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = now();
    fn();
    times.push(now() - t);
  }
  return { sample: summarize(times), result };
}

export async function measureAsync<T>(
  runs: number,
  fn: () => Promise<T>,
  warmup = 1,
): Promise<{ sample: Sample; result: T }> {
  const result = await fn();
  for (let i = 1; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = now();
    await fn();
    times.push(now() - t);
  }
  return { sample: summarize(times), result };
}

export function ms(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

export function mb(bytes: number): string {
  return (bytes / 1e6).toFixed(bytes >= 1e8 ? 0 : 1);
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

export function mib(bytes: number): string {
  return (bytes / 2 ** 20).toFixed(0);
}

/**
 * Collects garbage before timing starts (the scripts run with --expose-gc), so that loading the
 * data set does not leave a major collection to land inside the first timed runs.
 */
export function settle(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
