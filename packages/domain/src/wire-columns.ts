// The compact encoding of the market answers (docs/targets.md), asked for with `Accept: TRADE_COLUMNS_TYPE`:
// columns instead of row objects, in a binary container (wire-format.ts). A full-region flipping answer
// is ~35,000 rows of ~1,200 bytes of JSON, mostly keys and repeats. Here each field is one typed column;
// the fields a variant or a realm shares are stored once per variant or realm; strings once, in
// dictionaries in the header; gold as integer copper; and figures the decoder can work out (trade keys,
// the AH cut, the profits) as the copper they differ by, which is 0. The writer is wire-writer.ts (used by
// wire-items.ts for row objects and by the engine, packages/market serialize-columns.ts), the decoder
// trade-columns.ts.
import type { ContainerHeader } from './wire-format';
import type { TradeEvidence, TradeItem } from './trade-item';
import { DEAL_FLAGS, type ConfidenceLevel, type DealFlag } from './deal-evidence';

/** The media type of the compact encoding; without it in `Accept` the answer is the SPEC JSON. */
export const TRADE_COLUMNS_TYPE = 'application/vnd.goldroute.columns';
/**
 * Written in every answer's header, with the container's own magic bytes. /2: realisticProfit is
 * predicted by the trust rule itself (a /1 decoder would read its residuals against another prediction);
 * /3: the item floor; /4: the hours the sell listing was posted for; /5: the crafted stats, and an
 * unknown item level (null) in `v.itemLevel`, which a /4 decoder would take for a number; /6:
 * realisticProfit is the expected profit, sent in copper rather than predicted, and `r.saleChance` in
 * whole percent.
 */
export const TRADE_COLUMNS_FORMAT = 'goldroute.columns/6';

/** How a gold column is stored: integer copper, copper off its prediction, or (not whole copper) gold. */
export type GoldStorage = 'copper' | 'residual' | 'gold';

/** The JSON header of a compact answer. Number columns are named `v.<field>` (per variant), `r.<field>`
 * (per row) and `g.<field>` (per dropship group); dictionary columns hold codes into `dicts`. */
export interface AnswerHeader extends ContainerHeader {
  format: typeof TRADE_COLUMNS_FORMAT;
  update: { lastModified: number };
  rows: number;
  variants: number;
  realms: { id: number[]; name: string[]; population: string[]; updatedAt: number[] };
  dicts: {
    /** uniqueItemKey after itemKeyStem(id, itemLevel), or [the whole key] when it does not start so. */
    itemKey: (string | [string])[];
    name: string[];
    class: string[];
    subclass: string[];
    bonus: number[][];
    mediaURL: string[];
    quality: string[];
    sockets: number[][];
    tertiaryStats: string[][];
    craftedStats: string[][];
    confidence: ConfidenceLevel[];
    flags: DealFlag[][];
  };
  /** The ids that are strings (battle pets), in variant order: `v.id` is null there. */
  idText: string[];
  /** Trade keys that are not predictedTradeKey(...): [row, key]. The engine's all are. */
  tradeKeys: [number, string][];
  gold: Record<string, GoldStorage>;
  /** Dropship answers: group g is the next `g.size` rows; its mainItem is its first row. */
  groups?: { count: number; key: string[]; totalCount: number[]; found: number };
}

// Predictions. Only the size of an answer depends on them: a figure off its prediction is sent as the
// difference, so the decoder gets it back exactly whatever they say. They follow the engine's arithmetic.

/**
 * The readable start of a variant key (the engine's uniqueItemKey / petItemKey up to the quality). An
 * unknown level reads `unknown`, as in dropshipGroupKey; a key that does not start so is sent whole.
 */
export function itemKeyStem(id: number | string, itemLevel: number | null): string {
  const level = itemLevel ?? 'unknown';
  return typeof id === 'string' ? `${id}_l${level}_q` : `${id}_ilvl-${level}_q`;
}

export function predictedTradeKey(itemKey: string, buyRealmId: number, sellRealmId: number): string {
  return `${itemKey}_${buyRealmId}-${sellRealmId}`;
}

/** A number column's NaN (its null) back to null. */
export const nullable = (x: number): number | null => (x !== x ? null : x);

export const COPPER_PER_GOLD = 10_000;

/** The whole copper a gold amount stands for, or NaN when it is not one (then the gold is sent as is). */
export function copperOf(gold: number): number {
  const copper = Math.round(gold * COPPER_PER_GOLD);
  return copper / COPPER_PER_GOLD === gold ? copper : NaN;
}

/** The seller's copper after the 5% cut, rounded half up (the engine's afterAhCut). */
export function afterCutCopper(copper: number): number {
  return Math.floor((copper * 95 + 50) / 100);
}

/** The fields of a trade item that every row of its variant shares, in TradeItem order. */
export const VARIANT_FIELDS = [
  'uniqueItemKey',
  'id',
  'realPetId',
  'npcId',
  'name',
  'class',
  'subclass',
  'bonus',
  'mediaURL',
  'quality',
  'itemLevel',
  'patchNumber',
  'crafted',
  'sockets',
  'tertiaryStats',
  'craftedStats',
  'saleRate',
  'avgSale',
  'marketValue',
  'historical',
] as const satisfies readonly (keyof TradeItem)[];

/** A variant's fields; its lists may be frozen (the engine's are, and are shared with the snapshot). */
export type WireVariantFields = Omit<
  Pick<TradeItem, (typeof VARIANT_FIELDS)[number]>,
  'bonus' | 'sockets' | 'tertiaryStats' | 'craftedStats'
> & {
  bonus: readonly number[];
  sockets: readonly number[];
  tertiaryStats: readonly string[];
  craftedStats: readonly string[];
};

/** One row, by variant and realm indices of the writer. The writer keeps nothing of the object. */
export interface WireRowFields {
  variant: number;
  buyRealm: number;
  sellRealm: number;
  /** null when the key follows predictedTradeKey (the engine builds it so: no string per row). */
  tradeKey: string | null;
  buyBuyout: number;
  sellBuyout: number;
  sellAHCut: number;
  sellVsBuy: number;
  saleAvgVsBuy: number;
  realisticProfit: number;
  /** 0..1 (sent as whole percent). */
  saleChance: number;
  confidence: ConfidenceLevel;
  flags: readonly DealFlag[];
  evidence: TradeEvidence;
}

/**
 * A dictionary: `code` gives the code of a value, found again by `key` (undefined: a value never shared).
 * Callers keep the codes, so a column can be written for a subset of its entries (`subset`).
 */
export class DictBuilder<T> {
  readonly values: T[] = [];
  private readonly index = new Map<unknown, number>();
  /** Each value's JSON text, written on first use: a pool's dictionaries serve many answers. */
  private readonly texts: (string | undefined)[] = [];
  private whole: { count: number; json: Uint8Array; map: Int32Array | null } | undefined;

  /**
   * @param orderKey When given, the values go out in ascending code-unit order of this key (ties in
   *   order of first use), so a client can rank them without sorting (the web's name column).
   */
  constructor(private readonly orderKey?: (value: T) => string) {}

  code(value: T, key: unknown): number {
    let code = key === undefined ? undefined : this.index.get(key);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      if (key !== undefined) this.index.set(key, code);
    }
    return code;
  }

  /**
   * Every value as the UTF-8 of a JSON array, and the map from this dictionary's codes to their places
   * there (null: the same); kept until a value is added, so answers copy them as they are.
   */
  json(): { json: Uint8Array; map: Int32Array | null } {
    if (this.whole?.count !== this.values.length) {
      const used = Int32Array.from({ length: this.values.length }, (_, code) => code);
      const order = this.ordered(used);
      const texts = Array.from(order ?? used, (code) => this.text(code));
      const json = new TextEncoder().encode(`[${texts.join(',')}]`);
      this.whole = { count: this.values.length, json, map: order && placesOf(order, this.values.length) };
    }
    return this.whole;
  }

  /**
   * The values the codes `codes[index[k]]` use, in order of first use (or of orderKey), as a JSON array
   * text; their count; and the map from this dictionary's codes to their places there (-1: unused).
   */
  subset(codes: Float64Array, index: Int32Array): { json: string; map: Int32Array; count: number } {
    const seen = new Uint8Array(this.values.length);
    const used: number[] = [];
    for (let k = 0; k < index.length; k++) {
      const code = codes[index[k]!]!;
      if (seen[code] === 0) {
        seen[code] = 1;
        used.push(code);
      }
    }
    const order = this.ordered(used) ?? used;
    const texts = Array.from(order, (code) => this.text(code));
    return { json: `[${texts.join(',')}]`, map: placesOf(order, this.values.length), count: texts.length };
  }

  private text(code: number): string {
    return (this.texts[code] ??= JSON.stringify(this.values[code]));
  }

  /**
   * The codes in orderKey order (null without one). Sorted as texts, natively: "key NUL position" sorts
   * by key, then ties by position among equal keys, several times faster than a comparator.
   */
  private ordered(codes: ArrayLike<number>): number[] | null {
    const orderKey = this.orderKey;
    if (!orderKey) return null;
    const tagged = Array.from(codes, (code, at) => `${orderKey(this.values[code]!)}\u0000${at}`);
    tagged.sort();
    return tagged.map((text) => codes[Number(text.slice(text.lastIndexOf('\u0000') + 1))]!);
  }
}

/** map[code] = the place of `code` in `order` (-1: not there). */
function placesOf(order: ArrayLike<number>, size: number): Int32Array {
  const map = new Int32Array(size).fill(-1);
  for (let k = 0; k < order.length; k++) map[order[k]!] = k;
  return map;
}

/** A frozen list never changes, so its key text can be kept for as long as the list lives. */
const frozenListKeys = new WeakMap<readonly unknown[], string>();

/** The key of a list value: its JSON text. */
export function listKey(list: readonly (number | string)[]): string {
  let key = frozenListKeys.get(list);
  if (key === undefined) {
    key = JSON.stringify(list);
    if (Object.isFrozen(list)) frozenListKeys.set(list, key);
  }
  return key;
}

/** 1 + each flag's index in DEAL_FLAGS (an indexOf per flag and row showed up in profiles). */
const FLAG_NUMBER = new Map<string, number>(DEAL_FLAGS.map((flag, i) => [flag, i + 1]));

/** Flag lists as a number: flags are few and from DEAL_FLAGS, so no text per row is needed. */
export function flagsKey(flags: readonly DealFlag[]): number | string {
  let key = 0;
  for (let i = 0; i < flags.length; i++) {
    const number = FLAG_NUMBER.get(flags[i]!);
    if (number === undefined || i >= 16) return JSON.stringify(flags);
    key = key * 8 + number;
  }
  return key;
}

/** Numbers appended one by one into a typed array (a plain array of ~35,000 doubles per column churns). */
export class NumberList {
  private data: Float64Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Float64Array(Math.max(16, capacity));
  }

  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = x;
  }

  at(i: number): number {
    return this.data[i]!;
  }

  /** The numbers so far (a view: it changes with the list until the list grows). */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}

/**
 * Spare buffers for an answer's working columns (~12 MB at full size), lent to a writer and given back
 * when its answer is written. Allocated anew for every answer, they brought on a full garbage collection
 * of the whole heap (it holds the snapshot) every few answers. A borrowed buffer holds old numbers:
 * borrowers write every cell before reading it.
 */
const spares: Float64Array[] = [];
const MAX_SPARES = 4;

/** A buffer of at least `length` numbers: the smallest spare that fits, else a new one. */
export function borrowScratch(length: number): Float64Array {
  let best = -1;
  for (let i = 0; i < spares.length; i++) {
    if (spares[i]!.length >= length && (best < 0 || spares[i]!.length < spares[best]!.length)) best = i;
  }
  if (best < 0) return new Float64Array(length);
  return spares.splice(best, 1)[0]!.subarray(0, length);
}

/** Gives a borrowed buffer back (any view of it): the largest few are kept. */
export function returnScratch(buffer: Float64Array): void {
  if (spares.some((spare) => spare.buffer === buffer.buffer)) return;
  spares.push(new Float64Array(buffer.buffer));
  spares.sort((a, b) => b.length - a.length);
  spares.length = Math.min(spares.length, MAX_SPARES);
}
