// Some rows of a decoded answer as columns of their own (the TSM list keeps one row per item). Variants
// and realms are shared with the source; only the per-row columns are gathered.
import { ROW_NUMBERS as WIRE_ROW_NUMBERS, type CodeColumn, type TradeColumns } from '@goldroute/domain/wire';

/** The per-row number columns (the wire's, less the variant and realm indices gathered below). */
type RowNumber = Exclude<(typeof WIRE_ROW_NUMBERS)[number], 'variant' | 'buyRealm' | 'sellRealm'>;
const ROW_NUMBERS = WIRE_ROW_NUMBERS.filter(
  (field): field is RowNumber => field !== 'variant' && field !== 'buyRealm' && field !== 'sellRealm',
);

export function selectRows(c: TradeColumns, rows: readonly number[]): TradeColumns {
  const indices = <A extends Uint32Array | Float64Array>(column: A, out: A): A => {
    for (let k = 0; k < rows.length; k++) out[k] = column[rows[k]!]!;
    return out;
  };
  const codes = <V>(column: CodeColumn<V>): CodeColumn<V> => ({
    codes: indices(column.codes, new Uint32Array(rows.length)),
    values: column.values,
  });
  const numbers = Object.fromEntries(
    ROW_NUMBERS.map((field) => [field, indices(c[field], new Float64Array(rows.length))]),
  ) as Pick<TradeColumns, RowNumber>;
  const tradeKeys = new Map<number, string>();
  rows.forEach((row, k) => {
    const key = c.tradeKeys.get(row);
    if (key !== undefined) tradeKeys.set(k, key);
  });
  return {
    ...numbers,
    length: rows.length,
    variants: c.variants,
    realms: c.realms,
    variant: indices(c.variant, new Uint32Array(rows.length)),
    buyRealm: indices(c.buyRealm, new Uint32Array(rows.length)),
    sellRealm: indices(c.sellRealm, new Uint32Array(rows.length)),
    tradeKeys,
    confidence: codes(c.confidence),
    flags: codes(c.flags),
  };
}
