/**
 * Billing periods the way Stripe computes them: calendar months in UTC, counted from the billing cycle anchor, with
 * the day clamped to the month's length. An anchor of Jan 31 gives Feb 28 (29 in leap years), then Mar 31, Apr 30:
 * each boundary is anchor + n months, never "previous end + 1 month", so a short month doesn't shift later ones.
 */
export type Interval = 'month' | 'year';

/** The boundary `count` intervals after `anchor` (unix seconds); time of day is kept. */
export function addIntervals(anchor: number, interval: Interval, count: number): number {
  const start = new Date(anchor * 1000);
  const months = start.getUTCMonth() + (interval === 'year' ? 12 * count : count);
  const year = start.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), daysInMonth);
  return Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) / 1000;
}
