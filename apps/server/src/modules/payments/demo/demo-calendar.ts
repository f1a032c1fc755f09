// Billing arithmetic of the demo provider, in Stripe's manner.
import { addMonths } from '../../../lib/calendar';

/** One billing interval later: the same day of the next month (or year), clamped to the month's last day. */
export const addInterval = (from: Date, interval: 'month' | 'year'): Date =>
  addMonths(from, interval === 'year' ? 12 : 1);

/**
 * What a price change costs now, in cents. The unused part of the current period is credited at the old
 * price; with the same interval the rest of the period is charged at the new price, otherwise a whole new
 * period is. Negative: a credit (a downgrade in the middle of the period).
 */
export function prorationAmount(
  oldAmount: number,
  newAmount: number,
  period: { start: Date; end: Date },
  now: Date,
  sameInterval: boolean,
): number {
  const total = period.end.getTime() - period.start.getTime();
  const left = Math.min(Math.max(period.end.getTime() - now.getTime(), 0), total);
  const unused = total > 0 ? left / total : 0;
  const credit = Math.round(oldAmount * unused);
  return sameInterval ? Math.round(newAmount * unused) - credit : newAmount - credit;
}
