// The dictionaries of a compact answer: each distinct value once in the header, a code per entry in
// its column. Values are found again by a key (a list's JSON text, a flag list's number) rather than by
// their own identity, so equal lists built apart share one code.
import { DEAL_FLAGS, type DealFlag } from '../deal-evidence';

/**
 * A dictionary: `code` gives the code of a value, found again by `key` (undefined: a value never shared).
 * Callers keep the codes, so a column can be written for a subset of its entries (`subset`).
 */
export class DictBuilder<T> {
  readonly values: T[] = [];
  private readonly index = new Map<unknown, number>();
  /** Each value's JSON text, written on first use: a pool's dictionaries serve many answers. */
  private readonly texts: (string | undefined)[] = [];
  /** Each value's orderKey, written on first use like its text. */
  private readonly orderKeys: (string | undefined)[] = [];
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

  /**
   * Writes the values' JSON texts and order keys ahead, `perStep` values a step (a generator step each),
   * so that json() is left with the sort and the join: a whole pool's texts at once held a thread for
   * hundreds of milliseconds.
   */
  *prepareSteps(perStep: number): Generator<void> {
    for (let code = 0; code < this.values.length; code++) {
      this.text(code);
      this.orderKeyOf(code);
      if ((code + 1) % perStep === 0) yield;
    }
  }

  private orderKeyOf(code: number): string | undefined {
    const orderKey = this.orderKey;
    return orderKey && (this.orderKeys[code] ??= orderKey(this.values[code]!));
  }

  private text(code: number): string {
    return (this.texts[code] ??= JSON.stringify(this.values[code]));
  }

  /**
   * The codes in orderKey order (null without one). Sorted as texts, natively: "key NUL position" sorts
   * by key, then ties by position among equal keys, several times faster than a comparator.
   */
  private ordered(codes: ArrayLike<number>): number[] | null {
    if (!this.orderKey) return null;
    const tagged = Array.from(codes, (code, at) => `${this.orderKeyOf(code)!}\u0000${at}`);
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
