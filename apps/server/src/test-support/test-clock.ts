import type { Clock } from '../lib/clock';

/** Real time plus an offset tests can move forward, so expiry is checked without waiting. */
export type TestClock = Clock & { advanceMinutes(n: number): void };

export function createTestClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advanceMinutes: (n) => {
      offsetMs += n * 60_000;
    },
  };
}
