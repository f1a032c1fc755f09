// What the tool tables export as CSV: every row the table shows (filters, sort, all pages; unchecked rows
// left out) under the columns it shows, in their order and with their header texts.
import { expansionName, profitPercent, type TradeItem } from '@goldroute/domain';
import { csvGold, csvNumber, toCsv, type CsvColumn, type CsvValue } from '../../shared/csv/csv';
import { capitalise, extraStatsText } from '../../shared/row-table/cells';
import { categoryAt, type RowTable, type SortKey } from '../../shared/row-table/row-table';
import type { Shown } from '../../shared/row-table/rows';
import type { SortColumn } from './table-parts';
import { CONFIDENCE_LABELS } from './trust-parts';
import type { ShownRows } from './use-shown-rows';

/** One exported line: a row of the table, with where it sits (dropship: its group and its place there). */
export interface CsvRow {
  item: TradeItem;
  category: string;
  /** 1-based position of the row (dropship: of its group row) in the table, counted across pages. */
  group: number;
  /** 1-based place among the group's passing variants, best first, as the expanded sub-rows list them. */
  variant: number;
}

const ratio = (value: number) => csvNumber(value, 6);
const percent = (value: number) => csvNumber(value, 2);

/**
 * A cell's value as a number or plain text: gold in gold, ratios as they are, the item level whole, an
 * unknown item level empty. Keyed by the column's sort key: a new column fails the typecheck until it is
 * given its CSV value here.
 */
const VALUES: Readonly<Record<SortKey, (row: CsvRow) => CsvValue>> = {
  name: ({ item }) => item.name,
  category: ({ category }) => category,
  itemLevel: ({ item }) => (item.itemLevel === null ? null : Math.round(item.itemLevel)),
  sellRate: ({ item }) => ratio(item.saleRate),
  expansion: ({ item }) => expansionName(item.patchNumber),
  quality: ({ item }) => capitalise(item.quality),
  // '—' is the table's "none"; a spreadsheet gets an empty cell.
  extraStats: ({ item }) => (extraStatsText(item) === '—' ? '' : extraStatsText(item)),
  saleAvg: ({ item }) => csvGold(item.avgSale),
  saleAvgVsBuy: ({ item }) => csvGold(item.saleAvgVsBuy),
  sellVsBuy: ({ item }) => csvGold(item.sellVsBuy),
  confidence: ({ item }) => CONFIDENCE_LABELS[item.confidence],
  realisticProfit: ({ item }) => csvGold(item.realisticProfit),
  sellPrice: ({ item }) => csvGold(item.sellBuyout),
  sellRealm: ({ item }) => item.sellingConnectedRealmName,
  buyPrice: ({ item }) => csvGold(item.buyBuyout),
  buyRealm: ({ item }) => item.buyingConnectedRealmName,
  marketValue: ({ item }) => csvGold(item.marketValue),
  historical: ({ item }) => csvGold(item.historical),
};

/**
 * Figures a deal cell shows under its gold (the profit's percentage of the buy price, the expected
 * profit's sale chance): a CSV cell holds one number, so each gets a column of its own right after.
 */
const FIGURES_WITHIN: Partial<Record<SortKey, (label: string) => CsvColumn<CsvRow>>> = {
  saleAvgVsBuy: (label) => ({
    header: `${label} %`,
    value: ({ item }) => percent(profitPercent(item.saleAvgVsBuy, item.buyBuyout)),
  }),
  sellVsBuy: (label) => ({
    header: `${label} %`,
    value: ({ item }) => percent(profitPercent(item.sellVsBuy, item.buyBuyout)),
  }),
  realisticProfit: () => ({
    header: 'Sale Chance 48 h %',
    value: ({ item }) => percent(item.saleChance * 100),
  }),
};

/**
 * Dropship: one line per variant (each sub-row a user can expand), not one per group. A group row is only
 * its best passing variant, so group lines would drop the other buy realms and prices, which are the point
 * of the tool; a spreadsheet can still get the group rows back by taking Variant 1. Group and Variant say
 * where a line sits: sorting by them gives the table's order.
 */
const GROUP_COLUMNS: readonly CsvColumn<CsvRow>[] = [
  { header: 'Group', value: (row) => row.group },
  { header: 'Variant', value: (row) => row.variant },
];

/** The CSV columns of a table's columns (its controls, checkbox, icon and star, are not among them). */
export function csvColumns(columns: readonly SortColumn[], grouped: boolean): CsvColumn<CsvRow>[] {
  const out = grouped ? [...GROUP_COLUMNS] : [];
  for (const { label, sortKey } of columns) {
    out.push({ header: label, value: VALUES[sortKey] });
    const within = FIGURES_WITHIN[sortKey];
    if (within) out.push(within(label));
  }
  return out;
}

type ShownOrder = Pick<ShownRows, 'shown' | 'order' | 'passingRows'>;

/** The rows as shown: in display order over all pages, a group's passing variants best first, unchecked left out. */
export function shownCsvRows(
  table: RowTable,
  { shown, order, passingRows }: ShownOrder,
  unchecked: ReadonlySet<string>,
): CsvRow[] {
  const out: CsvRow[] = [];
  for (let position = 0; position < order.length; position++) {
    const variants = passingRows(shown.groups[order[position]!]!);
    for (let v = 0; v < variants.length; v++) {
      const i = variants[v]!;
      if (unchecked.size > 0 && unchecked.has(table.tradeKey(i))) continue;
      out.push({ item: table.item(i), category: categoryAt(table, i), group: position + 1, variant: v + 1 });
    }
  }
  return out;
}

/** Whether an export would hold a row: one passes the filters and is not unchecked (stops at the first). */
export function hasCheckedRow(table: RowTable, shown: Shown, unchecked: ReadonlySet<string>): boolean {
  const { mask } = shown;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === 1 && (unchecked.size === 0 || !unchecked.has(table.tradeKey(i)))) return true;
  }
  return false;
}

/** The CSV text of a tool table as shown. */
export function toolCsv(
  table: RowTable,
  rows: ShownOrder,
  unchecked: ReadonlySet<string>,
  columns: readonly SortColumn[],
  grouped: boolean,
): string {
  return toCsv(csvColumns(columns, grouped), shownCsvRows(table, rows, unchecked));
}
