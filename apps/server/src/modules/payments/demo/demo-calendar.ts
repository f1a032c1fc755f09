// Billing arithmetic of the demo provider, in Stripe's manner.
import { addMonths } from '../../../lib/calendar';

/** One billing interval later: the same day of the next month (or year), clamped to the month's last day. */
export const addInterval = (from: Date, interval: 'month' | 'year'): Date =>
  addMonths(from, interval === 'year' ? 12 : 1);

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The part of the period still to come at `now`, by the whole second as Stripe counts it (0 to 1). */
export function unusedFraction(period: { start: Date; end: Date }, now: Date): number {
  const total = seconds(period.end) - seconds(period.start);
  if (total <= 0) return 0;
  return Math.min(Math.max((seconds(period.end) - seconds(now)) / total, 0), 1);
}
