// How the admin pages print times, ages and subscription stat names.
import { SUBSCRIPTION_STATE_LABELS, type BadgeColor, type SubscriptionType } from '@goldroute/domain';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole minutes from `unixSeconds` to `nowMs` (never negative: a clock ahead of ours counts as now). */
export function minutesSince(unixSeconds: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs / 1000 - unixSeconds) / MINUTE));
}

/** "just now", "12 min ago", "3 h 5 min ago", "2 d 4 h ago". */
export function formatAge(minutes: number): string {
  const seconds = Math.max(0, minutes) * MINUTE;
  if (seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)} min ago`;
  if (seconds < DAY) {
    const rest = Math.floor((seconds % HOUR) / MINUTE);
    return `${Math.floor(seconds / HOUR)} h${rest ? ` ${rest} min` : ''} ago`;
  }
  const rest = Math.floor((seconds % DAY) / HOUR);
  return `${Math.floor(seconds / DAY)} d${rest ? ` ${rest} h` : ''} ago`;
}

// Fixed locale, as the rest of the app prints times.
const clockFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });
const hourFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/** "02:05 PM" on the day of `nowMs`, else "Mar 3, 02:05 PM". */
export function formatClock(unixSeconds: number, nowMs: number): string {
  const date = new Date(unixSeconds * 1000);
  return dayFormat.format(date) === dayFormat.format(new Date(nowMs))
    ? hourFormat.format(date)
    : clockFormat.format(date);
}

/** "02:05:09 PM": when the page last loaded its stats. */
export function formatTimeOfDay(ms: number): string {
  return timeFormat.format(new Date(ms));
}

/** Readable names of the SPEC §3 subscription stat cards, with the display colours of SPEC §4. */
export const SUBSCRIPTION_STAT_LABELS: Readonly<Record<string, { label: string; color: BadgeColor }>> = {
  active: { label: SUBSCRIPTION_STATE_LABELS.active, color: 'green' },
  'in cancelation': { label: SUBSCRIPTION_STATE_LABELS.inCancelation, color: 'yellow' },
  canceled: { label: SUBSCRIPTION_STATE_LABELS.canceled, color: 'red' },
  expired: { label: SUBSCRIPTION_STATE_LABELS.expired, color: 'red' },
  no: { label: 'No subscription', color: 'gray' },
};

/** A name the table does not know reads as itself, capitalised. */
export function subscriptionStatLabel(name: string): { label: string; color: BadgeColor } {
  return (
    SUBSCRIPTION_STAT_LABELS[name] ?? { label: name.charAt(0).toUpperCase() + name.slice(1), color: 'blue' }
  );
}

export const SUBSCRIPTION_TYPE_LABELS: Readonly<Record<SubscriptionType, string>> = {
  basic: 'Basic',
  premium: 'Premium',
};
