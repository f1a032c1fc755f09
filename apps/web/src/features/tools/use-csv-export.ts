// The "Export CSV" button's state and action for a tool table (tool-csv.ts says what a file holds).
import type { Region } from '@goldroute/domain';
import { useCallback, useMemo } from 'react';
import { csvFileName, downloadCsv } from '../../shared/csv/download';
import type { RowTable } from '../../shared/row-table/row-table';
import type { SortColumn } from './table-parts';
import { hasCheckedRow, toolCsv } from './tool-csv';
import type { ShownRows } from './use-shown-rows';

export interface CsvExport {
  onExport: () => void;
  /** Nothing to export: no row passes the filters, or every one is unchecked. */
  disabled: boolean;
}

export function useCsvExport({
  tool,
  region,
  table,
  rows,
  unchecked,
  columns,
  grouped = false,
}: {
  /** The file name's tool part: "flipping" gives goldroute-flipping-us-2026-11-29.csv. */
  tool: string;
  region: Region;
  table: RowTable;
  rows: Pick<ShownRows, 'shown' | 'order' | 'passingRows'>;
  unchecked: ReadonlySet<string>;
  columns: readonly SortColumn[];
  /** Dropship: one line per variant, with its group (tool-csv.ts). */
  grouped?: boolean;
}): CsvExport {
  const { shown, order, passingRows } = rows;
  const disabled = useMemo(() => !hasCheckedRow(table, shown, unchecked), [table, shown, unchecked]);
  // The file is built on the click only: it reads every shown row.
  const onExport = useCallback(() => {
    const csv = toolCsv(table, { shown, order, passingRows }, unchecked, columns, grouped);
    downloadCsv(csvFileName(tool, region), csv);
  }, [tool, region, table, shown, order, passingRows, unchecked, columns, grouped]);
  // One object while nothing changes, so the memoised filter bar skips re-rendering.
  return useMemo(() => ({ onExport, disabled }), [onExport, disabled]);
}
