// The compact market answer (answer-format.ts) decoded into typed columns: what the web's row table reads,
// with no object per row. trade-rows.ts tradeItemAt builds one row's TradeItem when a screen shows it (a
// page of 100, a detail view, an export), equal to the row the SPEC JSON carries.
import type { TradeItem } from '../trade-item';
import type { ConfidenceLevel, DealFlag } from '../deal-evidence';
import {
  COPPER_PER_GOLD,
  nullable,
  type AnswerHeader,
  type GoldStorage,
  TRADE_COLUMNS_FORMAT,
} from './answer-format';
import { ContainerError, UnknownFormatError, readContainer, type Container } from './container';
import { encodeFlippingAnswer } from './encode-items';
import { ROW_PREDICTED, itemKeyStem, predictRow, predictedCut } from './predictions';

/** A column of few distinct values: a code per entry and the value behind each code. */
export interface CodeColumn<V> {
  readonly codes: Uint32Array;
  readonly values: readonly V[];
}

/** Per variant (rows point at them through TradeColumns.variant). NaN stands for null. */
export interface VariantColumns {
  readonly length: number;
  /** The variant's uniqueItemKey, made when first asked for (50,000 of them took ~8 ms of a cold load). */
  itemKey(v: number): string;
  readonly id: readonly (number | string)[];
  readonly realPetId: Float64Array;
  readonly npcId: Float64Array;
  readonly name: CodeColumn<string>;
  readonly class: CodeColumn<string>;
  readonly subclass: CodeColumn<string>;
  readonly bonus: CodeColumn<readonly number[]>;
  readonly mediaURL: CodeColumn<string>;
  readonly quality: CodeColumn<string>;
  /** NaN: unknown (TradeItem.itemLevel null). */
  readonly itemLevel: Float64Array;
  readonly patchNumber: Float64Array;
  readonly crafted: Uint8Array;
  readonly sockets: CodeColumn<readonly number[]>;
  readonly tertiaryStats: CodeColumn<readonly string[]>;
  readonly craftedStats: CodeColumn<readonly string[]>;
  readonly saleRate: Float64Array;
  readonly avgSale: Float64Array;
  readonly marketValue: Float64Array;
  readonly historical: Float64Array;
}

export interface RealmColumns {
  readonly length: number;
  readonly id: readonly number[];
  readonly name: readonly string[];
  readonly population: readonly string[];
  /** Newest snapshot of the realm, unix seconds (the evidence's buy/sellRealmUpdatedAt). */
  readonly updatedAt: readonly number[];
}

/** Rows of a market answer, column by column. Gold as on the wire; NaN stands for null. */
export interface TradeColumns {
  readonly length: number;
  readonly variants: VariantColumns;
  readonly realms: RealmColumns;
  readonly variant: Uint32Array;
  readonly buyRealm: Uint32Array;
  readonly sellRealm: Uint32Array;
  /** Trade keys that do not follow predictedTradeKey, by row (the engine's all do). */
  readonly tradeKeys: ReadonlyMap<number, string>;
  readonly buyBuyout: Float64Array;
  readonly sellBuyout: Float64Array;
  readonly sellAHCut: Float64Array;
  readonly sellVsBuy: Float64Array;
  readonly saleAvgVsBuy: Float64Array;
  /** The expected profit. */
  readonly realisticProfit: Float64Array;
  /** 0..1. */
  readonly saleChance: Float64Array;
  readonly confidence: CodeColumn<ConfidenceLevel>;
  readonly flags: CodeColumn<readonly DealFlag[]>;
  readonly salesSeen14d: Float64Array;
  readonly medianSale14d: Float64Array;
  readonly sellListingsNearPrice: Float64Array;
  readonly sellQuantityNearPrice: Float64Array;
  readonly realmsOffering: Float64Array;
  readonly buyQuantity: Float64Array;
  readonly sellListingAgeSnapshots: Float64Array;
  readonly buyListingAgeSnapshots: Float64Array;
  readonly hoursObserved: Float64Array;
  readonly sellLowQuartile14d: Float64Array;
  readonly regionMedianLowest: Float64Array;
  readonly sellItemFloor14d: Float64Array;
  /** 0: unknown. */
  readonly sellPostedHours: Float64Array;
}

/** Dropship groups over TradeColumns rows: group g is rows start[g] to start[g+1]-1, best first. */
export interface GroupColumns {
  readonly count: number;
  readonly start: Uint32Array;
  readonly key: readonly string[];
  readonly bestProfit: Float64Array;
  readonly totalCount: readonly number[];
  /** Groups the search found before its limit (the answer holds `count` of them). */
  readonly found: number;
}

export interface MarketColumns {
  rows: TradeColumns;
  /** Dropship answers only. */
  groups: GroupColumns | null;
  lastModified: number;
}

/** A header list of `n` entries. */
function list<T>(value: readonly T[] | undefined, n: number, name: string): readonly T[] {
  if (!Array.isArray(value) || value.length !== n) throw new ContainerError(`${name}: expected ${n} entries`);
  return value;
}

function dict<V>(c: Container<AnswerHeader>, values: readonly V[] | undefined, name: string, n: number) {
  if (!Array.isArray(values)) throw new ContainerError(`${name}: no values`);
  return { codes: c.codes(name, n, values.length), values };
}

/** A gold column as gold (NaN for null), whatever its storage; predicted columns are left as residuals. */
function goldNumbers(c: Container<AnswerHeader>, name: string, n: number): Float64Array {
  const storage: GoldStorage | undefined = c.header.gold?.[name];
  const out = c.numbers(name, n);
  if (storage === 'copper') for (let i = 0; i < n; i++) out[i] = out[i]! / COPPER_PER_GOLD;
  return out;
}

/** A whole-percent column as 0..1. */
function percentNumbers(c: Container<AnswerHeader>, name: string, n: number): Float64Array {
  const out = c.numbers(name, n);
  for (let i = 0; i < n; i++) out[i] = out[i]! / 100;
  return out;
}

function decodeVariants(c: Container<AnswerHeader>): VariantColumns {
  const h = c.header;
  const n = h.variants;
  const d = h.dicts ?? ({} as Partial<AnswerHeader['dicts']>);
  const numericId = c.numbers('v.id', n);
  const idText = h.idText ?? [];
  const id = new Array<number | string>(n);
  for (let v = 0, t = 0; v < n; v++) {
    const x = numericId[v]!;
    if (x === x) id[v] = x;
    else if (t < idText.length) id[v] = idText[t++]!;
    else throw new ContainerError('v.id: fewer idText than string ids');
  }
  const itemLevel = c.numbers('v.itemLevel', n);
  const keys = dict(c, d.itemKey, 'v.itemKey', n);
  const made = new Array<string | undefined>(n);
  const itemKey = (v: number): string => {
    let key = made[v];
    if (key === undefined) {
      const sent = keys.values[keys.codes[v]!];
      if (sent === undefined) throw new RangeError(`no variant ${v}`);
      key = made[v] =
        typeof sent === 'string' ? itemKeyStem(id[v]!, nullable(itemLevel[v]!)) + sent : String(sent[0]);
    }
    return key;
  };
  return {
    length: n,
    itemKey,
    id,
    realPetId: c.numbers('v.realPetId', n),
    npcId: c.numbers('v.npcId', n),
    name: dict(c, d.name, 'v.name', n),
    class: dict(c, d.class, 'v.class', n),
    subclass: dict(c, d.subclass, 'v.subclass', n),
    bonus: dict(c, d.bonus, 'v.bonus', n),
    mediaURL: dict(c, d.mediaURL, 'v.mediaURL', n),
    quality: dict(c, d.quality, 'v.quality', n),
    itemLevel,
    patchNumber: c.numbers('v.patchNumber', n),
    crafted: new Uint8Array(c.numbers('v.crafted', n)),
    sockets: dict(c, d.sockets, 'v.sockets', n),
    tertiaryStats: dict(c, d.tertiaryStats, 'v.tertiaryStats', n),
    craftedStats: dict(c, d.craftedStats, 'v.craftedStats', n),
    saleRate: c.numbers('v.saleRate', n),
    avgSale: goldNumbers(c, 'v.avgSale', n),
    marketValue: goldNumbers(c, 'v.marketValue', n),
    historical: goldNumbers(c, 'v.historical', n),
  };
}

/** Row indices into a table of `size` entries; `steps`: each is the step from the previous row's. */
function indices(c: Container<AnswerHeader>, name: string, n: number, size: number, steps = false) {
  const values = c.numbers(name, n);
  const out = new Uint32Array(n);
  for (let i = 0, at = 0; i < n; i++) {
    at = steps ? at + values[i]! : values[i]!;
    if (!(at >= 0 && at < size)) throw new ContainerError(`${name}: index out of range`);
    out[i] = at;
  }
  return out;
}

function decodeRows(c: Container<AnswerHeader>, variants: VariantColumns): TradeColumns {
  const h = c.header;
  const n = h.rows;
  const realmCount = h.realms?.id?.length ?? 0;
  const realms: RealmColumns = {
    length: realmCount,
    id: list(h.realms?.id, realmCount, 'realm id'),
    name: list(h.realms?.name, realmCount, 'realm name'),
    population: list(h.realms?.population, realmCount, 'realm population'),
    updatedAt: list(h.realms?.updatedAt, realmCount, 'realm updatedAt'),
  };
  const variant = indices(c, 'r.variant', n, variants.length, true);
  const tradeKeys = new Map<number, string>();
  for (const [row, key] of h.tradeKeys ?? []) tradeKeys.set(row, key);
  const cols = {
    buyBuyout: goldNumbers(c, 'r.buyBuyout', n),
    sellBuyout: goldNumbers(c, 'r.sellBuyout', n),
    sellAHCut: goldNumbers(c, 'r.sellAHCut', n),
    sellVsBuy: goldNumbers(c, 'r.sellVsBuy', n),
    saleAvgVsBuy: goldNumbers(c, 'r.saleAvgVsBuy', n),
  };
  // Predicted columns: their prediction (predictions.ts predictRow) plus the copper sent.
  const residual = ROW_PREDICTED.map((field) => h.gold?.[`r.${field}`] === 'residual');
  if (residual.some(Boolean)) {
    const target = ROW_PREDICTED.map((field) => cols[field]);
    const predicted = new Float64Array(ROW_PREDICTED.length);
    for (let i = 0; i < n; i++) {
      // sellAHCut first: sellVsBuy is predicted from the actual cut.
      if (residual[0])
        cols.sellAHCut[i] = (predictedCut(cols.sellBuyout[i]!) + cols.sellAHCut[i]!) / COPPER_PER_GOLD;
      predictRow(
        predicted,
        cols.buyBuyout[i]!,
        cols.sellBuyout[i]!,
        cols.sellAHCut[i]!,
        variants.avgSale[variant[i]!]!,
      );
      for (let f = 1; f < ROW_PREDICTED.length; f++) {
        if (residual[f]) target[f]![i] = (predicted[f]! + target[f]![i]!) / COPPER_PER_GOLD;
      }
    }
  }
  return {
    length: n,
    variants,
    realms,
    variant,
    buyRealm: indices(c, 'r.buyRealm', n, realmCount),
    sellRealm: indices(c, 'r.sellRealm', n, realmCount),
    tradeKeys,
    ...cols,
    realisticProfit: goldNumbers(c, 'r.realisticProfit', n),
    saleChance: percentNumbers(c, 'r.saleChance', n),
    salesSeen14d: c.numbers('r.salesSeen14d', n),
    medianSale14d: goldNumbers(c, 'r.medianSale14d', n),
    confidence: dict(c, h.dicts?.confidence, 'r.confidence', n),
    flags: dict(c, h.dicts?.flags, 'r.flags', n),
    sellListingsNearPrice: c.numbers('r.sellListingsNearPrice', n),
    sellQuantityNearPrice: c.numbers('r.sellQuantityNearPrice', n),
    realmsOffering: c.numbers('r.realmsOffering', n),
    buyQuantity: c.numbers('r.buyQuantity', n),
    sellListingAgeSnapshots: c.numbers('r.sellListingAgeSnapshots', n),
    buyListingAgeSnapshots: c.numbers('r.buyListingAgeSnapshots', n),
    hoursObserved: c.numbers('r.hoursObserved', n),
    sellLowQuartile14d: goldNumbers(c, 'r.sellLowQuartile14d', n),
    regionMedianLowest: goldNumbers(c, 'r.regionMedianLowest', n),
    sellItemFloor14d: goldNumbers(c, 'r.sellItemFloor14d', n),
    sellPostedHours: c.numbers('r.sellPostedHours', n),
  };
}

function decodeGroups(c: Container<AnswerHeader>, rows: number): GroupColumns {
  const count = c.header.groups?.count ?? 0;
  const size = c.numbers('g.size', count);
  const start = new Uint32Array(count + 1);
  for (let g = 0; g < count; g++) {
    if (!(size[g]! >= 1)) throw new ContainerError('an empty group');
    start[g + 1] = start[g]! + size[g]!;
  }
  if (start[count] !== rows) throw new ContainerError('groups do not cover the rows');
  return {
    count,
    start,
    key: list(c.header.groups?.key, count, 'group key'),
    bestProfit: goldNumbers(c, 'g.bestProfit', count),
    totalCount: list(c.header.groups?.totalCount, count, 'totalCount'),
    found: Math.max(count, c.header.groups?.found ?? count),
  };
}

/**
 * A compact answer's bytes as columns. Throws ContainerError when they do not hold together (wrong
 * magic, a column of the wrong length, a code out of range).
 */
export function decodeMarketAnswer(bytes: Uint8Array): MarketColumns {
  const c = readContainer<AnswerHeader>(bytes);
  const h = c.header;
  if (h.format !== TRADE_COLUMNS_FORMAT) throw new UnknownFormatError(h.format);
  if (typeof h.update?.lastModified !== 'number') throw new ContainerError('no update.lastModified');
  if (!Number.isSafeInteger(h.rows) || !Number.isSafeInteger(h.variants))
    throw new ContainerError('no row count');
  const rows = decodeRows(c, decodeVariants(c));
  return {
    rows,
    groups: h.groups ? decodeGroups(c, rows.length) : null,
    lastModified: h.update.lastModified,
  };
}

/** Trade items as columns (the same columns a compact answer decodes to). */
export function tradeColumnsOf(items: readonly TradeItem[]): TradeColumns {
  return decodeMarketAnswer(encodeFlippingAnswer(items, 0)).rows;
}
