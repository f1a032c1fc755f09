// A user-timing measure around a piece of work (the browser speed journey reads them).
/** Runs `work` and records its duration as a performance measure (read by the browser bench). */
export function measured<T>(name: string, work: () => T): T {
  const start = performance.now();
  const result = work();
  try {
    performance.clearMeasures(name);
    performance.measure(name, { start, end: performance.now() });
  } catch {
    // Old engines without user-timing options: the figure is only for the bench.
  }
  return result;
}
