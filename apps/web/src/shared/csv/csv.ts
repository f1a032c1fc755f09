// A table as CSV text: column definitions and rows in, one string out (RFC 4180 through papaparse). Only
// the text; what a screen exports and how the file reaches the user live with the screens (download.ts).
import Papa from 'papaparse';

/** A cell: text, a number (written as is, no separators), or null for an empty cell. */
export type CsvValue = string | number | null;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** Excel reads a file without it as the local code page and garbles names such as "Азурегос". */
export const UTF8_BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"): item names come from outside. Such a
 * cell gets a leading apostrophe. Anchored at the start only: papaparse's own default pattern ends in
 * `.*$`, which misses a formula followed by a line break. Numbers are never touched, so -250 stays -250.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * `value` rounded to `decimals` places, or null (an empty cell) when it is not a finite number. Six places
 * at most keep JavaScript from writing exponents ("5e-7") that not every spreadsheet reads.
 */
export function csvNumber(value: number, decimals: number): number | null {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** Math.min(decimals, 6);
  const rounded = Math.round(value * scale) / scale;
  return rounded === 0 ? 0 : rounded; // no "-0"
}

/** A gold amount in gold, to the copper (1 copper = 0.0001 gold): 12300.5, never "12,300g". */
export function csvGold(value: number): number | null {
  return csvNumber(value, 4);
}

/** The CSV file's text: BOM, header row, one line per row, lines ending in CRLF, quotes only where needed. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  // One array of lines, header first: given {fields, data} with no data, papaparse adds an empty line.
  const lines: CsvValue[][] = [columns.map((column) => column.header)];
  for (const row of rows) {
    lines.push(
      columns.map((column) => {
        const value = column.value(row);
        return typeof value === 'number' && !Number.isFinite(value) ? null : value;
      }),
    );
  }
  const text = Papa.unparse(lines, {
    newline: '\r\n',
    delimiter: ',',
    quoteChar: '"',
    quotes: false,
    escapeFormulae: FORMULA_START,
  });
  return `${UTF8_BOM}${text}`;
}
