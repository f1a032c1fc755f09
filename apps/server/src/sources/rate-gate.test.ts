import { describe, expect, it } from 'vitest';
import { BLIZZARD_LIMITS, createRateGate } from './rate-gate';

describe('the request gate', () => {
  it("holds Blizzard's limits: 100 a second, 36,000 an hour", () => {
    expect(BLIZZARD_LIMITS).toEqual({ perSecond: 100, perHour: 36_000 });
  });

  it('never lets more than 100 requests go in any second, however they bunch up', async () => {
    const gate = createRateGate();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 230 }, () => gate.acquire().then(() => times.push(performance.now()))),
    );
    times.sort((a, b) => a - b);
    // The 101st after any request goes a full second later.
    let tightest = Infinity;
    for (let i = 0; i + 100 < times.length; i++)
      tightest = Math.min(tightest, (times[i + 100] as number) - (times[i] as number));
    expect(tightest).toBeGreaterThanOrEqual(1000);
    // Yet close to the limit: 230 requests in about 2.4 s, not spread thin.
    expect((times.at(-1) as number) - (times[0] as number)).toBeLessThan(2_700);
  });

  it('holds the hourly cap', async () => {
    const gate = createRateGate({ perSecond: 100, perHour: 5 });
    let passed = 0;
    for (let i = 0; i < 6; i++) void gate.acquire().then(() => passed++);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(passed).toBe(5);
  });

  it('a back-off holds every request until it ends', async () => {
    const gate = createRateGate();
    gate.backOff(400);
    const start = performance.now();
    await Promise.all([gate.acquire(), gate.acquire()]);
    expect(performance.now() - start).toBeGreaterThanOrEqual(390);
  });
});
