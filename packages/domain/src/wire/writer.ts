// Writes the compact encoding (answer-format.ts) row by row: encode-items.ts from row objects, the engine
// (packages/market serialize/columns.ts) from its snapshot without any. Both go through this writer, so
// the format has one encoder. It encodes the figures it is given and works none out: the trust figures
// (expected profit, sale chance, confidence, flags) and the money figures come from the caller, and a
// predicted figure goes as the copper it is off its prediction (predictions.ts), so the decoder gives
// back exactly what the caller handed in.
import type { ConfidenceLevel, DealFlag } from '../deal-evidence';
import {
  TRADE_COLUMNS_FORMAT,
  type AnswerHeader,
  type GoldStorage,
  type WireRowFields,
  type WireVariantFields,
} from './answer-format';
import { NumberList, borrowScratch, returnScratch } from './buffers';
import { writeContainer, type ColumnSource, type IntegerRange } from './container';
import { DictBuilder, flagsKey } from './dictionary';
import { ROW_PREDICTED, copperOf, predictRow, type PredictedField } from './predictions';
import { VariantPool, goldColumn } from './variant-pool';

/** Number fields of a row, as columns `r.<field>` (gold ones listed in ROW_GOLD / ROW_PREDICTED). */
export const ROW_NUMBERS = [
  'variant',
  'buyRealm',
  'sellRealm',
  'buyBuyout',
  'sellBuyout',
  'sellAHCut',
  'sellVsBuy',
  'saleAvgVsBuy',
  'realisticProfit',
  'saleChance',
  'salesSeen14d',
  'medianSale14d',
  'sellListingsNearPrice',
  'sellQuantityNearPrice',
  'realmsOffering',
  'buyQuantity',
  'sellListingAgeSnapshots',
  'buyListingAgeSnapshots',
  'hoursObserved',
  'sellLowQuartile14d',
  'regionMedianLowest',
  'sellItemFloor14d',
  'sellPostedHours',
] as const;
export type RowNumber = (typeof ROW_NUMBERS)[number];
export const ROW_GOLD: readonly RowNumber[] = [
  'realisticProfit',
  'buyBuyout',
  'sellBuyout',
  'medianSale14d',
  'sellLowQuartile14d',
  'regionMedianLowest',
  'sellItemFloor14d',
];
/** The sale chance goes as whole percent (TradeItem keeps hundredths). */
const CHANCE_RANGE: IntegerRange = { min: 0, max: 100, nulls: false };

/** Row fields kept while writing: the numbers, then the two dictionary codes. */
const ROW_FIELDS = [...ROW_NUMBERS, 'confidence', 'flags'] as const;
type RowField = (typeof ROW_FIELDS)[number];
const FIELD = Object.fromEntries(ROW_FIELDS.map((f, i) => [f, i])) as Record<RowField, number>;

export interface WriterOptions {
  /** Ranges the caller knows every row's value of a number field lies in (its columns are then not scanned). */
  rowRanges?: Partial<Record<RowNumber, IntegerRange>>;
}

/** The range of a code (or index) column into a table of `size` entries. */
const codeRange = (size: number): IntegerRange => ({ min: 0, max: size - 1, nulls: false });

/** Dropship groups of an answer: group g is the next size[g] rows. */
export interface WireGroupFields {
  key: readonly string[];
  size: readonly number[];
  bestProfit: readonly number[];
  totalCount: readonly number[];
  /** Groups the search found before its limit (default: the groups sent). */
  found?: number;
}

/**
 * Collects variants, realms and rows, then writes the answer once (`bytes`). Callers give each variant
 * and realm once and refer to them by the returned index. A pool may be shared by writers (the engine
 * keeps one per snapshot); an answer holds only the variants its rows use. Rows are kept column by
 * column in one typed array sized by `capacity` (the engine knows its row count): a few large buffers
 * per answer, not one per column, since every buffer counts towards the next full garbage collection of
 * a heap that holds the snapshot.
 */
export class TradeColumnsWriter {
  /** Pool index of each of this answer's variants. */
  private readonly used: NumberList;
  private readonly realms: AnswerHeader['realms'] = { id: [], name: [], population: [], updatedAt: [] };
  private readonly realmIndex = new Map<string, number>();
  private readonly confidence = new DictBuilder<ConfidenceLevel>();
  private readonly flags = new DictBuilder<readonly DealFlag[]>();
  private readonly frozenFlags = new Map<readonly DealFlag[], number>();
  private readonly tradeKeys: [number, string][] = [];
  private capacity: number;
  private data: Float64Array;
  private n = 0;
  private lastVariant = 0;
  private written = false;

  private readonly rowRanges: Partial<Record<RowNumber, IntegerRange>>;

  constructor(
    private readonly pool = new VariantPool(),
    capacity = 1024,
    options: WriterOptions = {},
  ) {
    this.rowRanges = options.rowRanges ?? {};
    this.capacity = Math.max(16, capacity);
    this.data = borrowScratch(ROW_FIELDS.length * this.capacity);
    this.used = new NumberList(capacity);
  }

  get rowCount(): number {
    return this.n;
  }

  /** Adds a variant to the pool and to this answer; returns its index in the answer. */
  variant(m: WireVariantFields): number {
    return this.useVariant(this.pool.add(m));
  }

  /** Adds a variant of the pool (once) to this answer; returns its index in the answer. */
  useVariant(poolIndex: number): number {
    this.used.push(poolIndex);
    return this.used.length - 1;
  }

  /** The index of a realm with these fields, added on first use. */
  realm(id: number, name: string, population: string, updatedAt: number): number {
    const key = `${id}\u0000${name}\u0000${population}\u0000${updatedAt}`;
    let index = this.realmIndex.get(key);
    if (index === undefined) {
      const realms = this.realms;
      index = realms.id.length;
      realms.id.push(id);
      realms.name.push(name);
      realms.population.push(population);
      realms.updatedAt.push(updatedAt);
      this.realmIndex.set(key, index);
    }
    return index;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const data = new Float64Array(ROW_FIELDS.length * capacity);
    for (let f = 0; f < ROW_FIELDS.length; f++) {
      data.set(this.data.subarray(f * this.capacity, f * this.capacity + this.n), f * capacity);
    }
    returnScratch(this.data);
    this.capacity = capacity;
    this.data = data;
  }

  row(f: WireRowFields): void {
    // Its buffer was given back with the answer (borrowScratch).
    if (this.written) throw new Error('TradeColumnsWriter: a row after the answer was written');
    if (this.n === this.capacity) this.grow();
    const i = this.n++;
    const d = this.data;
    const c = this.capacity;
    const e = f.evidence;
    // Variants as the step from the previous row's: a flipping answer (one row per variant) is all 1s.
    d[FIELD.variant * c + i] = f.variant - this.lastVariant;
    this.lastVariant = f.variant;
    d[FIELD.buyRealm * c + i] = f.buyRealm;
    d[FIELD.sellRealm * c + i] = f.sellRealm;
    if (f.tradeKey !== null) this.tradeKeys.push([i, f.tradeKey]);
    // The money figures, the trust figures, then the evidence, each as the caller worked it out.
    d[FIELD.buyBuyout * c + i] = f.buyBuyout;
    d[FIELD.sellBuyout * c + i] = f.sellBuyout;
    d[FIELD.sellAHCut * c + i] = f.sellAHCut;
    d[FIELD.sellVsBuy * c + i] = f.sellVsBuy;
    d[FIELD.saleAvgVsBuy * c + i] = f.saleAvgVsBuy;
    d[FIELD.saleChance * c + i] = Math.round(f.saleChance * 100);
    d[FIELD.realisticProfit * c + i] = f.realisticProfit;
    d[FIELD.confidence * c + i] = this.confidence.code(f.confidence, f.confidence);
    d[FIELD.flags * c + i] = this.flagsCode(f.flags);
    d[FIELD.salesSeen14d * c + i] = e.salesSeen14d;
    d[FIELD.medianSale14d * c + i] = e.medianSale14d ?? NaN;
    d[FIELD.sellListingsNearPrice * c + i] = e.sellListingsNearPrice;
    d[FIELD.sellQuantityNearPrice * c + i] = e.sellQuantityNearPrice;
    d[FIELD.realmsOffering * c + i] = e.realmsOffering;
    d[FIELD.buyQuantity * c + i] = e.buyQuantity;
    d[FIELD.sellListingAgeSnapshots * c + i] = e.sellListingAgeSnapshots;
    d[FIELD.buyListingAgeSnapshots * c + i] = e.buyListingAgeSnapshots;
    d[FIELD.hoursObserved * c + i] = e.hoursObserved;
    d[FIELD.sellLowQuartile14d * c + i] = e.sellLowQuartile14d ?? NaN;
    d[FIELD.regionMedianLowest * c + i] = e.regionMedianLowest;
    d[FIELD.sellItemFloor14d * c + i] = e.sellItemFloor14d ?? NaN;
    d[FIELD.sellPostedHours * c + i] = e.sellPostedHours ?? 0;
  }

  /** The code of a row's flags; a frozen list (the engine hands one out per flag set) by its identity. */
  private flagsCode(flags: readonly DealFlag[]): number {
    let code = this.frozenFlags.get(flags);
    if (code === undefined) {
      code = this.flags.code(flags, flagsKey(flags));
      if (Object.isFrozen(flags)) this.frozenFlags.set(flags, code);
    }
    return code;
  }

  /** The answer's bytes (once: the writer's columns are turned into copper in place). */
  bytes(lastModified: number, groups?: WireGroupFields): Uint8Array<ArrayBuffer> {
    if (this.written) throw new Error('TradeColumnsWriter.bytes() is called once per answer');
    this.written = true;
    const n = this.n;
    const col = (field: RowField) =>
      this.data.subarray(FIELD[field] * this.capacity, FIELD[field] * this.capacity + n);
    const gold: Record<string, GoldStorage> = {};
    const used = new Int32Array(this.used.view());
    const variants = this.pool.table(used, gold);
    // What is known of a column without reading it: codes and indices below their table's size, and the
    // predicted columns' residuals (found while predicting).
    const known: Partial<Record<RowField, IntegerRange>> = {
      ...this.rowRanges,
      ...this.predict(col, used, gold),
      saleChance: CHANCE_RANGE,
      buyRealm: codeRange(this.realms.id.length),
      sellRealm: codeRange(this.realms.id.length),
      confidence: codeRange(this.confidence.values.length),
      flags: codeRange(this.flags.values.length),
    };
    const columns: ColumnSource[] = [...variants.columns];
    for (const field of ROW_FIELDS) {
      const name = `r.${field}`;
      const values = col(field);
      const range = known[field];
      if (ROW_GOLD.includes(field as RowNumber)) columns.push(goldColumn(name, values, gold));
      else columns.push(range ? { name, values, range } : { name, values });
    }
    if (groups) {
      columns.push({ name: 'g.size', values: Float64Array.from(groups.size) });
      columns.push(goldColumn('g.bestProfit', Float64Array.from(groups.bestProfit), gold));
    }
    const header: Omit<AnswerHeader, 'columns' | 'dicts'> = {
      format: TRADE_COLUMNS_FORMAT,
      update: { lastModified },
      rows: n,
      variants: used.length,
      realms: this.realms,
      idText: variants.idText,
      tradeKeys: this.tradeKeys,
      gold,
      ...(groups
        ? {
            groups: {
              count: groups.key.length,
              key: [...groups.key],
              totalCount: [...groups.totalCount],
              found: groups.found ?? groups.key.length,
            },
          }
        : {}),
    };
    // The header's JSON in parts: the variant dictionaries come as JSON already (see VariantPool.table).
    const parts: (string | Uint8Array)[] = [`${JSON.stringify(header).slice(0, -1)},"dicts":{`];
    for (const [field, json] of Object.entries(variants.dicts)) parts.push(`"${field}":`, json, ',');
    parts.push(
      `"confidence":${JSON.stringify(this.confidence.values)},"flags":${JSON.stringify(this.flags.values)}}}`,
    );
    const bytes = writeContainer(parts, columns);
    returnScratch(variants.scratch);
    returnScratch(this.data);
    return bytes;
  }

  /**
   * Replaces each predicted column by the copper it is off its prediction (0 for the engine's rows), in
   * place, when every figure and prediction of it is whole copper; else leaves it as gold. Returns the
   * range of each column replaced.
   */
  private predict(
    col: (field: RowField) => Float64Array,
    used: Int32Array,
    storage: Record<string, GoldStorage>,
  ): Partial<Record<PredictedField, IntegerRange>> {
    const n = this.n;
    const ranges: Partial<Record<PredictedField, IntegerRange>> = {};
    const [buy, sell, step] = (['buyBuyout', 'sellBuyout', 'variant'] as const).map(col) as [
      Float64Array,
      Float64Array,
      Float64Array,
    ];
    const target = ROW_PREDICTED.map(col);
    const cut = target[0]!;
    const off = borrowScratch(ROW_PREDICTED.length * n);
    const exact = ROW_PREDICTED.map(() => true);
    const predicted = new Float64Array(ROW_PREDICTED.length);
    const min = new Float64Array(ROW_PREDICTED.length).fill(Infinity);
    const max = new Float64Array(ROW_PREDICTED.length).fill(-Infinity);
    for (let i = 0, v = 0; i < n; i++) {
      v += step[i]!;
      const avgSale = this.pool.avgSale(used[v]!);
      predictRow(predicted, buy[i]!, sell[i]!, cut[i]!, avgSale);
      for (let f = 0; f < ROW_PREDICTED.length; f++) {
        const residual = copperOf(target[f]![i]!) - predicted[f]!;
        if (!Number.isSafeInteger(residual)) exact[f] = false;
        else {
          if (residual < min[f]!) min[f] = residual;
          if (residual > max[f]!) max[f] = residual;
        }
        off[f * n + i] = residual;
      }
    }
    ROW_PREDICTED.forEach((field, f) => {
      if (exact[f]) {
        target[f]!.set(off.subarray(f * n, (f + 1) * n));
        ranges[field] = { min: min[f]!, max: max[f]!, nulls: false };
      }
      storage[`r.${field}`] = exact[f] ? 'residual' : 'gold';
    });
    returnScratch(off);
    return ranges;
  }
}
