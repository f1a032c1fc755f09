import { setTimeout as sleep } from 'node:timers/promises';
import pThrottle from 'p-throttle';

/** What every request to a rate-limited API passes through, each attempt (retries count too). */
export interface RequestGate {
  /** Resolves when this attempt may go: within the rate limits, and after any back-off the API asked for. */
  acquire(): Promise<void>;
  /** A 429 asked for `ms` of quiet: every request through the gate waits it out, not only the one refused. */
  backOff(ms: number): void;
}

export interface RateLimits {
  perSecond: number;
  perHour: number;
}

/** Blizzard's Game Data API limits per client: 100 requests a second and 36,000 an hour. */
export const BLIZZARD_LIMITS: RateLimits = { perSecond: 100, perHour: 36_000 };

/**
 * A gate over p-throttle's strict throttles (each call against the ones before it, not fixed windows), so
 * no second and no hour sees more requests than the limits however the calls bunch up; plus a shared
 * pause after a 429. The second's limit is kept in tenths a little over 100 ms long: a burst is at most a
 * tenth of the limit (the event loop sends it within a few ms), and 100 ms of slack remain for requests
 * that leave late, so their arrivals keep the limit too (10 per 110 ms: 91 a second at most).
 */
export function createRateGate(limits: RateLimits = BLIZZARD_LIMITS): RequestGate {
  const perTenth = pThrottle({
    limit: Math.max(1, Math.floor(limits.perSecond / 10)),
    interval: 110,
    strict: true,
  })(() => undefined);
  const perHour = pThrottle({ limit: limits.perHour, interval: 3_600_000, strict: true })(() => undefined);
  let pausedUntil = 0;
  const paused = async () => {
    for (let wait = pausedUntil - Date.now(); wait > 0; wait = pausedUntil - Date.now()) await sleep(wait);
  };
  return {
    async acquire() {
      await paused();
      await perHour();
      await perTenth();
      // A 429 may have come while this one waited for its slot.
      await paused();
    },
    backOff(ms) {
      pausedUntil = Math.max(pausedUntil, Date.now() + ms);
    },
  };
}
