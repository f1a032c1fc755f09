import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { UTF8_BOM, csvGold, csvNumber, toCsv, type CsvColumn } from './csv';

interface Deal {
  name: string;
  realm: string;
  gold: number;
}

const COLUMNS: readonly CsvColumn<Deal>[] = [
  { header: 'Item Name', value: (d) => d.name },
  { header: 'Buy Realm', value: (d) => d.realm },
  { header: 'Buy Price', value: (d) => csvGold(d.gold) },
];

/** The file read back by papaparse's parser, BOM removed, every cell as text. */
function parsed(text: string): string[][] {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  const result = Papa.parse<string[]>(text.slice(UTF8_BOM.length), { newline: '\r\n' });
  expect(result.errors).toEqual([]);
  return result.data;
}

/** The bytes of the saved file: a Blob of a string holds the string as UTF-8, as TextEncoder writes it. */
const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('toCsv', () => {
  it('writes the BOM, the header row and CRLF line ends, quoting nothing that needs no quotes', () => {
    const text = toCsv(COLUMNS, [
      { name: 'Alpha Blade', realm: 'Stormrage', gold: 12300.5 },
      { name: 'Bravo Helm', realm: 'Area 52', gold: 40 },
    ]);
    expect(text).toBe(
      '\uFEFFItem Name,Buy Realm,Buy Price\r\nAlpha Blade,Stormrage,12300.5\r\nBravo Helm,Area 52,40',
    );
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it('quotes a field with a comma, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    const rows = [
      { name: 'Thunderfury, Blessed Blade', realm: 'Stormrage', gold: 1 },
      { name: 'The "Big" One', realm: 'Stormrage', gold: 2 },
      { name: 'Two\nlines', realm: 'Carriage\r\nReturn', gold: 3 },
    ];
    const text = toCsv(COLUMNS, rows);
    expect(text.split('\r\n').slice(1, 3)).toEqual([
      '"Thunderfury, Blessed Blade",Stormrage,1',
      '"The ""Big"" One",Stormrage,2',
    ]);
    expect(text.endsWith('"Two\nlines","Carriage\r\nReturn",3')).toBe(true);
    expect(parsed(text)).toEqual([
      ['Item Name', 'Buy Realm', 'Buy Price'],
      ['Thunderfury, Blessed Blade', 'Stormrage', '1'],
      ['The "Big" One', 'Stormrage', '2'],
      ['Two\nlines', 'Carriage\r\nReturn', '3'],
    ]);
  });

  it('keeps a Cyrillic realm name as UTF-8, after the EF BB BF byte order mark', () => {
    const text = toCsv(COLUMNS, [{ name: 'Клинок', realm: 'Азурегос', gold: 7 }]);
    const bytes = bytesOf(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // "Аз" in UTF-8, not in a legacy code page (windows-1251 would be C0 E7).
    const azurNeedle = [0xd0, 0x90, 0xd0, 0xb7];
    const at = bytes.findIndex((_, i) => azurNeedle.every((b, k) => bytes[i + k] === b));
    expect(at).toBeGreaterThan(3);
    const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(decoded).toBe(text);
    expect(parsed(decoded)[1]).toEqual(['Клинок', 'Азурегос', '7']);
  });

  it('writes gold as plain numbers in gold: no separators, no "g", to the copper', () => {
    const rows = [1234567.891234, -250, 0.1 + 0.2, 0.00001, 99.99995].map((gold) => ({
      name: 'x',
      realm: 'y',
      gold,
    }));
    const cells = parsed(toCsv(COLUMNS, rows))
      .slice(1)
      .map((row) => row[2]);
    expect(cells).toEqual(['1234567.8912', '-250', '0.3', '0', '100']);
    for (const cell of cells) expect(Number(cell)).not.toBeNaN();
  });

  it('writes an unknown or unbounded figure as an empty cell, never NaN or Infinity', () => {
    const columns: CsvColumn<number>[] = [
      { header: 'Raw', value: (n) => n },
      { header: 'Percent', value: (n) => csvNumber(n, 2) },
      { header: 'Missing', value: () => null },
    ];
    expect(toCsv(columns, [Number.NaN, Number.POSITIVE_INFINITY, 12.345])).toBe(
      `${UTF8_BOM}Raw,Percent,Missing\r\n,,\r\n,,\r\n12.345,12.35,`,
    );
  });

  it('guards text that a spreadsheet would run as a formula with a leading apostrophe; numbers stay numbers', () => {
    const rows = ['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1)', '=1\n+2', 'Safe-name'].map(
      (name) => ({ name, realm: 'Stormrage', gold: -5 }),
    );
    const text = toCsv(COLUMNS, rows);
    expect(text.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",Stormrage,-5`);
    expect(
      parsed(text)
        .slice(1)
        .map((row) => [row[0], row[2]]),
    ).toEqual([
      [`'=HYPERLINK("http://x","y")`, '-5'],
      ["'+1", '-5'],
      ["'-2+3", '-5'],
      ["'@SUM(A1)", '-5'],
      ["'=1\n+2", '-5'],
      ['Safe-name', '-5'],
    ]);
  });

  it('writes only the header row when there are no rows', () => {
    expect(toCsv(COLUMNS, [])).toBe(`${UTF8_BOM}Item Name,Buy Realm,Buy Price`);
  });
});

describe('csvNumber', () => {
  it.each([
    [12.3456789, 2, 12.35],
    [-0.0001, 2, 0],
    [0.0000004, 9, 0],
    [0.0000015, 9, 0.000002],
    [Number.NaN, 2, null],
    [Number.NEGATIVE_INFINITY, 2, null],
  ])('csvNumber(%s, %s) is %s', (value, decimals, expected) => {
    expect(csvNumber(value, decimals)).toBe(expected);
  });
});
