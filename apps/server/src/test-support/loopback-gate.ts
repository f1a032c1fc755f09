import { createRateGate, type RequestGate } from '../sources/rate-gate';

/**
 * Blizzard's request limits lifted (a 429's pause still holds every request): for apps reading a loopback
 * Blizzard in tests that are not about the limits, so fetching a whole item catalog does not wait out
 * 100 requests a second. rate-gate.test.ts and http-json.test.ts hold the real limits.
 */
export function loopbackGate(): RequestGate {
  return createRateGate({ perSecond: 100_000, perHour: 100_000_000 });
}
