// Rows of the timer table: timerData (region number -> realm id -> last update) with realm names.
import {
  CACHE_REGION_LABELS,
  regionLabelForStats,
  regionOfKey,
  timerFreshnessColor,
  type CacheRegionKey,
  type Region,
  type StatusColor,
} from '@goldroute/domain';
import type { RegionFreshness } from '@goldroute/domain/api';
import type { NumbersByKey } from './stats';
import { minutesSince } from './format';
import { clickedSort } from '../../shared/column-sort';

export interface TimerRow {
  key: string;
  regionKey: string;
  region: Region;
  regionLabel: string;
  realmId: string;
  /** From the region's realm list; null when the realm is not in it. */
  name: string | null;
  /** Unix seconds; 0 when the realm has not been loaded yet. */
  updatedAt: number;
  /** Its region's last batch left it behind (its deals are stale). */
  late: boolean;
}

/** Realm id -> name, per region. */
export type RealmNames = Partial<Record<Region, ReadonlyMap<number, string>>>;

export function regionKeyLabel(key: string): string {
  return CACHE_REGION_LABELS[key as CacheRegionKey] ?? regionLabelForStats(key);
}

/** The late realms' ids, per region (from the stats' freshness figures). */
export type LateRealmIds = Partial<Record<Region, ReadonlySet<number>>>;

export function lateRealmIds(freshness: readonly RegionFreshness[] | null): LateRealmIds {
  return Object.fromEntries(
    (freshness ?? []).map((r) => [r.region, new Set(r.lateRealms.map((realm) => realm.id))]),
  );
}

export function timerRows(timerData: NumbersByKey, names: RealmNames, late: LateRealmIds = {}): TimerRow[] {
  return Object.entries(timerData).flatMap(([regionKey, realms]) => {
    const region = regionOfKey(regionKey);
    return Object.entries(realms).map(([realmId, updatedAt]) => ({
      key: `${regionKey}:${realmId}`,
      regionKey,
      region,
      regionLabel: regionKeyLabel(regionKey),
      realmId,
      name: names[region]?.get(Number(realmId)) ?? null,
      updatedAt,
      late: late[region]?.has(Number(realmId)) ?? false,
    }));
  });
}

/** SPEC §9 freshness, or null for a realm without a load yet. */
export function rowFreshness(row: TimerRow, nowMs: number): { minutes: number; color: StatusColor } | null {
  if (row.updatedAt <= 0) return null;
  const minutes = minutesSince(row.updatedAt, nowMs);
  return { minutes, color: timerFreshnessColor(minutes) };
}

export type TimerSortKey = 'region' | 'realmId' | 'name' | 'updatedAt';
export interface TimerSort {
  key: TimerSortKey;
  direction: 'asc' | 'desc';
}

/** The stalest realms first: what an admin looks for. */
export const DEFAULT_TIMER_SORT: TimerSort = { key: 'updatedAt', direction: 'asc' };

export const TIMER_COLUMNS: readonly { key: TimerSortKey; label: string; numeric: boolean }[] = [
  { key: 'region', label: 'Region', numeric: false },
  { key: 'realmId', label: 'Realm ID', numeric: true },
  { key: 'name', label: 'Name', numeric: false },
  { key: 'updatedAt', label: 'Last update', numeric: false },
];

/** The same column reverses; another starts ascending. */
export function nextTimerSort(current: TimerSort, key: TimerSortKey): TimerSort {
  return clickedSort(current, key, 'asc');
}

const byId = (a: TimerRow, b: TimerRow) =>
  Number(a.realmId) - Number(b.realmId) || a.realmId.localeCompare(b.realmId);

function compare(a: TimerRow, b: TimerRow, key: TimerSortKey): number {
  switch (key) {
    case 'region':
      return a.regionKey.localeCompare(b.regionKey);
    case 'realmId':
      return byId(a, b);
    case 'name':
      // Unnamed realms after the named ones.
      return (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff');
    case 'updatedAt':
      return a.updatedAt - b.updatedAt;
  }
}

export function sortTimerRows(rows: readonly TimerRow[], sort: TimerSort): TimerRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort(
    (a, b) => sign * compare(a, b, sort.key) || a.regionKey.localeCompare(b.regionKey) || byId(a, b),
  );
}
