// The Realm Price Analysis table as CSV: its rows in the current sort, under its columns and header texts;
// counts, ratios and percentages as numbers (the table's "1.2K" is 1234 here), the population as text.
import type { RealmStatsRow } from '@goldroute/domain/api';
import { csvNumber, toCsv, type CsvColumn, type CsvValue } from '../../shared/csv/csv';
import { populationName } from '../../shared/realms';
import { COLUMNS, type SortKey } from './api';

const percent = (value: number) => csvNumber(value, 2);

/** Keyed by column: a new column fails the typecheck until it is given its CSV value here. */
const VALUES: Readonly<Record<SortKey, (row: RealmStatsRow) => CsvValue>> = {
  realmName: (row) => row.realmName,
  realmPopulation: (row) => populationName(row.realmPopulation),
  totalAuctions: (row) => row.totalAuctions,
  avgPriceRatio: (row) => csvNumber(row.avgPriceRatio, 6),
  cheaperThanRegion: (row) => row.cheaperThanRegion,
  expensiveThanRegion: (row) => row.expensiveThanRegion,
  percentCheaper: (row) => percent(row.percentCheaper),
  percentExpensive: (row) => percent(row.percentExpensive),
  percentEqual: (row) => percent(row.percentEqual),
};

export const REALM_STATS_CSV_COLUMNS: readonly CsvColumn<RealmStatsRow>[] = COLUMNS.map((column) => ({
  header: column.label,
  value: VALUES[column.key],
}));

/** `rows` as the table lists them (already sorted). */
export function realmStatsCsv(rows: readonly RealmStatsRow[]): string {
  return toCsv(REALM_STATS_CSV_COLUMNS, rows);
}
