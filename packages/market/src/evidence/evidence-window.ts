// The evidence's window of days, and which auctions gone between two snapshots count as sold.
import { TIME_LEFT_LONG, TIME_LEFT_VERY_LONG } from '../ingest';
import { dayOf } from './day-bucket';

export const EVIDENCE_DAYS = 14;

/** The days (ascending) of the 14 UTC days ending with the day of `nowMs`. */
export function inWindow<D extends { day: number }>(buckets: readonly D[], nowMs: number): D[] {
  const today = dayOf(nowMs);
  return buckets.filter((b) => b.day > today - EVIDENCE_DAYS && b.day <= today);
}
const HOUR_MS = 3_600_000;
/** Up to this far apart, two snapshots are consecutive hours (Blizzard's hourly dumps drift). */
export const CONSECUTIVE_MAX_MS = 1.5 * HOUR_MS;
/** VERY_LONG means 12 to 48 hours left, so such an auction cannot expire in a shorter gap. */
export const VERY_LONG_MIN_MS = 12 * HOUR_MS;
/** A time-left code above every real one: no auction gone counts as sold. */
export const NONE_COUNTS = 4;

/**
 * The lowest time-left code that, in the previous snapshot, proves an auction gone now was sold:
 * - consecutive hours (gap <= 1.5 h): LONG (2-12 h left) or VERY_LONG;
 * - a gap up to 12 h (hours missed): only VERY_LONG (12-48 h left) could not have expired;
 * - a gap of 12 h or more: nothing, since even VERY_LONG auctions may have run out meanwhile.
 * Cancelled auctions look like sales under every rule; the snapshots cannot tell them apart.
 */
export function soldFromTimeLeft(gapMs: number): number {
  if (gapMs <= CONSECUTIVE_MAX_MS) return TIME_LEFT_LONG;
  if (gapMs < VERY_LONG_MIN_MS) return TIME_LEFT_VERY_LONG;
  return NONE_COUNTS;
}
