// Rows of the cache table: cacheData (cache name -> region key -> count) with each row's clear path.
import { cacheClearPath, isClearableCache } from '@goldroute/domain';
import type { NumbersByKey } from './stats';
import { regionKeyLabel } from './timer-rows';

export interface CacheRow {
  /** One clear at a time per cache and region key (SPEC §4). */
  key: string;
  name: string;
  regionKey: string;
  regionLabel: string;
  count: number;
  /** The GET that clears it; null for the caches that cannot be cleared (SPEC §9). */
  clearPath: string | null;
}

const REGION_ORDER: Readonly<Record<string, number>> = { global: 0, '1': 1, '2': 2 };
const regionRank = (key: string) => REGION_ORDER[key] ?? 3;

/** Every cache and region key the server reports, by name, then global, NA, EU. */
export function cacheRows(cacheData: NumbersByKey): CacheRow[] {
  return Object.entries(cacheData)
    .flatMap(([name, byRegion]) =>
      Object.entries(byRegion).map(([regionKey, count]) => ({
        key: `${name}:${regionKey}`,
        name,
        regionKey,
        regionLabel: regionKeyLabel(regionKey),
        count,
        clearPath: isClearableCache(name) ? cacheClearPath(name, regionKey) : null,
      })),
    )
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) ||
        regionRank(a.regionKey) - regionRank(b.regionKey) ||
        a.regionKey.localeCompare(b.regionKey),
    );
}
