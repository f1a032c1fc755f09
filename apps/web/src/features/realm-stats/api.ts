import type { Region } from '@goldroute/domain';
import type { RealmStatsResponse, RealmStatsRow } from '@goldroute/domain/api';
import { clickedSort } from '../../shared/column-sort';

export const realmStatsPath = (region: Region) => `/retail/market/realm-stats/${region}`;

export type SortKey = Exclude<keyof RealmStatsRow, 'realmId'>;
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

/** SPEC §2: the table opens sorted by percentCheaper, descending. */
export const DEFAULT_SORT: SortState = { key: 'percentCheaper', direction: 'desc' };

export const COLUMNS: readonly { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'realmName', label: 'Realm Name', numeric: false },
  { key: 'realmPopulation', label: 'Population', numeric: false },
  { key: 'totalAuctions', label: 'Auctions', numeric: true },
  { key: 'avgPriceRatio', label: 'Price Ratio', numeric: true },
  { key: 'cheaperThanRegion', label: 'Cheaper', numeric: true },
  { key: 'expensiveThanRegion', label: 'Expensive', numeric: true },
  { key: 'percentCheaper', label: '% Cheaper', numeric: true },
  { key: 'percentExpensive', label: '% Expensive', numeric: true },
  { key: 'percentEqual', label: '% Equal', numeric: true },
];

/** A header click: the same column reverses, a new one starts descending (numbers) or A-Z (text). */
export function nextSort(current: SortState, key: SortKey): SortState {
  const numeric = COLUMNS.find((column) => column.key === key)?.numeric ?? true;
  return clickedSort(current, key, numeric ? 'desc' : 'asc');
}

const POPULATION_RANK: Record<string, number> = { LOW: 1, MEDIUM: 2, HIGH: 3, FULL: 4 };

export function sortRows(rows: readonly RealmStatsRow[], sort: SortState): RealmStatsRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    let diff: number;
    if (sort.key === 'realmName') diff = a.realmName.localeCompare(b.realmName);
    else if (sort.key === 'realmPopulation') {
      diff =
        (POPULATION_RANK[a.realmPopulation.toUpperCase()] ?? 0) -
          (POPULATION_RANK[b.realmPopulation.toUpperCase()] ?? 0) ||
        a.realmPopulation.localeCompare(b.realmPopulation);
    } else diff = a[sort.key] - b[sort.key];
    // Ties keep a stable, readable order by name.
    return diff * sign || a.realmName.localeCompare(b.realmName);
  });
}

export type { RealmStatsResponse };
