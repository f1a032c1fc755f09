// The variants an answer's rows point at. A pool codes each variant's dictionary fields once and keeps its
// numbers in typed arrays; an answer then writes only the variants it uses. The engine keeps one pool per
// snapshot, so an answer on a known snapshot looks up no string: a full flipping answer uses ~35,000
// variants, and eight dictionary lookups each cost more than the rest of the answer.
import { COPPER_PER_GOLD, type GoldStorage, type WireVariantFields } from './answer-format';
import { NumberList, borrowScratch } from './buffers';
import { scanRange, type ColumnSource, type IntegerRange } from './container';
import { DictBuilder, listKey } from './dictionary';
import { copperOf, itemKeyStem } from './predictions';
import { TRADE_ITEM_VARIANT_FIELDS, type TradeItemVariantField } from '../trade-item';

/**
 * One dictionary per text or list field of a variant, and one for its item key, in header order (the
 * order of the keys here is the order of the columns on the wire).
 */
function newDictBuilders() {
  return {
    itemKey: new DictBuilder<string | [string]>(),
    // In the order the web sorts names by, so it ranks them in one pass (row-table.ts textRanks).
    name: new DictBuilder<string>((name) => name.toLowerCase()),
    class: new DictBuilder<string>(),
    subclass: new DictBuilder<string>(),
    bonus: new DictBuilder<readonly number[]>(),
    mediaURL: new DictBuilder<string>(),
    quality: new DictBuilder<string>(),
    sockets: new DictBuilder<readonly number[]>(),
    tertiaryStats: new DictBuilder<readonly string[]>(),
    craftedStats: new DictBuilder<readonly string[]>(),
  };
}

/** Dictionary fields of a variant, in header order. */
export type VariantDict = keyof ReturnType<typeof newDictBuilders>;
export const VARIANT_DICTS = Object.keys(newDictBuilders()) as readonly VariantDict[];

/**
 * Number fields of a variant: every other field it fixes, in TRADE_ITEM_VARIANT_FIELDS order, which is
 * their header order (null is NaN, as an unknown itemLevel; `id` is NaN where it is a string, see idText).
 */
export type VariantNumber = Exclude<TradeItemVariantField, VariantDict | 'uniqueItemKey'>;
export const VARIANT_NUMBERS: readonly VariantNumber[] = TRADE_ITEM_VARIANT_FIELDS.filter(
  (field): field is VariantNumber =>
    field !== 'uniqueItemKey' && !(VARIANT_DICTS as readonly string[]).includes(field),
);

/**
 * An answer using at least this share of its pool's variants gets the pool's whole dictionaries (see
 * VariantPool.table): at most a third more values than it uses, for no per-answer dictionary work.
 */
const WHOLE_DICTS_SHARE = 0.75;

/** Gold fields among them. */
export const VARIANT_GOLD: readonly VariantNumber[] = ['avgSale', 'marketValue', 'historical'];

/** What an answer writes of its variants: columns read from the pool, dictionary values, string ids. */
export interface VariantTable {
  columns: ColumnSource[];
  /** The borrowed buffer the columns are views of (given back once the answer is written). */
  scratch: Float64Array;
  /** Each dictionary's values, as JSON array text (or its UTF-8). */
  dicts: Record<VariantDict, string | Uint8Array>;
  idText: string[];
}

export class VariantPool {
  private readonly dicts = newDictBuilders();
  private readonly codes = Object.fromEntries(VARIANT_DICTS.map((f) => [f, new NumberList()])) as Record<
    VariantDict,
    NumberList
  >;
  private readonly numbers = Object.fromEntries(VARIANT_NUMBERS.map((f) => [f, new NumberList()])) as Record<
    VariantNumber,
    NumberList
  >;
  /** String ids by pool index. */
  private readonly idText = new Map<number, string>();

  get size(): number {
    return this.numbers.id.length;
  }

  /** Adds a variant's fields (lists are kept, not copied: callers must not change them); returns its index. */
  add(m: WireVariantFields): number {
    const index = this.size;
    const { dicts, codes, numbers } = this;
    const stem = itemKeyStem(m.id, m.itemLevel);
    const key = m.uniqueItemKey;
    if (key.startsWith(stem)) {
      const suffix = key.slice(stem.length);
      codes.itemKey.push(dicts.itemKey.code(suffix, suffix));
    } else codes.itemKey.push(dicts.itemKey.code([key], undefined));
    codes.name.push(dicts.name.code(m.name, m.name));
    codes.class.push(dicts.class.code(m.class, m.class));
    codes.subclass.push(dicts.subclass.code(m.subclass, m.subclass));
    codes.bonus.push(dicts.bonus.code(m.bonus, listKey(m.bonus)));
    codes.mediaURL.push(dicts.mediaURL.code(m.mediaURL, m.mediaURL));
    codes.quality.push(dicts.quality.code(m.quality, m.quality));
    codes.sockets.push(dicts.sockets.code(m.sockets, listKey(m.sockets)));
    codes.tertiaryStats.push(dicts.tertiaryStats.code(m.tertiaryStats, listKey(m.tertiaryStats)));
    codes.craftedStats.push(dicts.craftedStats.code(m.craftedStats, listKey(m.craftedStats)));
    if (typeof m.id === 'string') this.idText.set(index, m.id);
    numbers.id.push(typeof m.id === 'number' ? m.id : NaN);
    numbers.realPetId.push(m.realPetId ?? NaN);
    numbers.npcId.push(m.npcId ?? NaN);
    numbers.itemLevel.push(m.itemLevel ?? NaN);
    numbers.patchNumber.push(m.patchNumber);
    numbers.crafted.push(m.crafted ? 1 : 0);
    numbers.saleRate.push(m.saleRate);
    numbers.avgSale.push(m.avgSale);
    numbers.marketValue.push(m.marketValue);
    numbers.historical.push(m.historical);
    return index;
  }

  private ranges: { size: number; of: Partial<Record<VariantNumber, IntegerRange>> } | undefined;

  /** Each number field's range over the whole pool (absent: not all safe integers). */
  private numberRanges(): Partial<Record<VariantNumber, IntegerRange>> {
    if (this.ranges?.size !== this.size) {
      const of: Partial<Record<VariantNumber, IntegerRange>> = {};
      for (const field of VARIANT_NUMBERS) {
        const range = scanRange(this.numbers[field].view());
        if (range) of[field] = range;
      }
      this.ranges = { size: this.size, of };
    }
    return this.ranges.of;
  }

  /**
   * Makes ahead what an answer with most of the pool copies as it is (see table): a dictionary's whole
   * text, and the number fields' ranges. Kept until the pool grows.
   */
  prepareWhole(field: VariantDict): void {
    this.dicts[field].json();
    this.numberRanges();
  }

  /** prepareWhole, its values' texts made `perStep` at a time first (a generator step each). */
  *prepareWholeSteps(field: VariantDict, perStep: number): Generator<void> {
    yield* this.dicts[field].prepareSteps(perStep);
    this.prepareWhole(field);
  }

  avgSale(index: number): number {
    return this.numbers.avgSale.at(index);
  }

  /** The columns of the pool variants `used`, in that order; gold ones as copper when all are whole. */
  table(used: Int32Array, gold: Record<string, GoldStorage>): VariantTable {
    const n = used.length;
    // One buffer for every column of the answer's variants (see TradeColumnsWriter on buffers).
    const data = borrowScratch((VARIANT_DICTS.length + VARIANT_NUMBERS.length) * n);
    let at = 0;
    const columns: ColumnSource[] = [];
    const dicts = {} as VariantTable['dicts'];
    // An answer with most of the pool's variants sends the pool's dictionaries as they are (their text
    // kept from answer to answer), with a few values it does not use; a smaller one only the values it uses.
    const whole = n >= this.size * WHOLE_DICTS_SHARE;
    for (const field of VARIANT_DICTS) {
      const dict = this.dicts[field];
      const codes = this.codes[field].view();
      const out = data.subarray(at, (at += n));
      let count: number;
      if (whole) {
        const { json, map } = dict.json();
        dicts[field] = json;
        count = dict.values.length;
        if (map) for (let k = 0; k < n; k++) out[k] = map[codes[used[k]!]!]!;
        else for (let k = 0; k < n; k++) out[k] = codes[used[k]!]!;
      } else {
        const subset = dict.subset(codes, used);
        dicts[field] = subset.json;
        count = subset.count;
        for (let k = 0; k < n; k++) out[k] = subset.map[codes[used[k]!]!]!;
      }
      columns.push({ name: `v.${field}`, values: out, range: { min: 0, max: count - 1, nulls: false } });
    }
    // The pool's own ranges bound any answer's; an answer with most of the pool takes them (kept while
    // the pool does not grow) instead of working its own out.
    const poolRanges = whole ? this.numberRanges() : null;
    for (const field of VARIANT_NUMBERS) {
      const out = data.subarray(at, (at += n));
      const values = this.numbers[field].view();
      const name = `v.${field}`;
      if (VARIANT_GOLD.includes(field)) {
        copy(values, used, out);
        columns.push(goldColumn(name, out, gold));
        continue;
      }
      let range: IntegerRange | undefined;
      if (poolRanges) {
        copy(values, used, out);
        range = poolRanges[field];
      } else range = gather(values, used, out);
      columns.push(range ? { name, values: out, range } : { name, values: out });
    }
    const idText: string[] = [];
    if (this.idText.size > 0) {
      // Only a string id is NaN in the id column: the map is asked for those, not for every variant.
      const ids = this.numbers.id.view();
      for (let k = 0; k < n; k++) {
        const id = ids[used[k]!]!;
        const text = id !== id ? this.idText.get(used[k]!) : undefined;
        if (text !== undefined) idText.push(text);
      }
    }
    return { columns, dicts, idText, scratch: data };
  }
}

/** out[k] = values[used[k]]. */
function copy(values: Float64Array, used: Int32Array, out: Float64Array): void {
  for (let k = 0; k < out.length; k++) out[k] = values[used[k]!]!;
}

/** out[k] = values[used[k]], and the range of what was copied (undefined: not all safe integers). */
function gather(values: Float64Array, used: Int32Array, out: Float64Array): IntegerRange | undefined {
  let min = Infinity;
  let max = -Infinity;
  let nulls = false;
  let integers = true;
  for (let k = 0; k < out.length; k++) {
    const x = values[used[k]!]!;
    out[k] = x;
    if (x !== x) nulls = true;
    else {
      if (x < min) min = x;
      if (x > max) max = x;
      if (integers && !Number.isSafeInteger(x)) integers = false;
    }
  }
  return integers ? { min, max, nulls } : undefined;
}

/**
 * A gold column (NaN: null) as it is written: converted to integer copper in place when every amount is
 * whole copper (`storage[name]` says which), with the copper's range.
 */
export function goldColumn(
  name: string,
  gold: Float64Array,
  storage: Record<string, GoldStorage>,
): ColumnSource {
  let min = Infinity;
  let max = -Infinity;
  let nulls = false;
  // Converted as it is checked (one pass); the rare column with an amount that is not whole copper is
  // given its gold back.
  for (let i = 0; i < gold.length; i++) {
    const g = gold[i]!;
    const copper = copperOf(g);
    if (copper !== copper) {
      if (g === g) {
        for (let j = 0; j < i; j++) gold[j] = gold[j]! / COPPER_PER_GOLD;
        storage[name] = 'gold';
        return { name, values: gold };
      }
      nulls = true;
    } else {
      if (copper < min) min = copper;
      if (copper > max) max = copper;
    }
    gold[i] = copper;
  }
  storage[name] = 'copper';
  const safe = !(min < -Number.MAX_SAFE_INTEGER || max > Number.MAX_SAFE_INTEGER);
  return safe ? { name, values: gold, range: { min, max, nulls } } : { name, values: gold };
}
