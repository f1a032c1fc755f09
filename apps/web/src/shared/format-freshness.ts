// How the status page and the admin stats print the data freshness figures (GET /shared/status).
import type { LateRealm, RegionFreshness } from '@goldroute/domain/api';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** An age: "under 1 min", "4 min", "2 h 5 min". */
export function formatDataAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < MINUTE) return 'under 1 min';
  if (s < HOUR) return `${Math.floor(s / MINUTE)} min`;
  const minutes = Math.floor((s % HOUR) / MINUTE);
  return `${Math.floor(s / HOUR)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** A delay, finer while short: "38 s", "2 min 5 s", "14 min", "1 h 3 min". */
export function formatDelay(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < MINUTE) return `${s} s`;
  if (s < 10 * MINUTE) return `${Math.floor(s / MINUTE)} min${s % MINUTE ? ` ${s % MINUTE} s` : ''}`;
  return formatDataAge(s);
}

/** "38 s / 52 s": the median and 95th percentile of Last-Modified to shown; null without a measurement. */
export function formatFreshWithin(region: Pick<RegionFreshness, 'p50Seconds' | 'p95Seconds'>): string | null {
  if (region.p50Seconds === null || region.p95Seconds === null) return null;
  return `${formatDelay(region.p50Seconds)} / ${formatDelay(region.p95Seconds)}`;
}

/** A late realm's dump age when the figures were read ("25 min"). */
export function lateRealmAge(realm: LateRealm, checkedAt: number): string {
  return formatDataAge(checkedAt - realm.lastModified);
}

export const FRESHNESS_TEXTS = {
  noData: 'No data yet',
  noMeasurement: 'Not measured yet',
  allRealmsUpdated: 'All realms updated with the last batch',
} as const;
