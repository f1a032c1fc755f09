// The trade items of one data load, column by column: what the filter and sort loops read, computed once
// per load so a keystroke or a header click only walks typed arrays (no objects, no string work). Built
// from the decoded compact answer (TradeColumns): what a variant or a realm shares is worked out once per
// variant or realm and spread to its rows, and no row object exists until a screen shows that row.
import {
  categoryOf,
  confidenceRank,
  isPet,
  profitPercent,
  qualityIdOf,
  QUALITY_NONE,
  type SortKey,
  type TradeItem,
} from '@goldroute/domain';
import {
  itemKeyAt,
  tradeColumnsOf,
  tradeItemAt,
  tradeKeyAt,
  type CodeColumn,
  type TradeColumns,
} from '@goldroute/domain/wire';

export type { CodeColumn } from '@goldroute/domain/wire';

/** What a tool is given: the decoded columns of an answer, or rows (tests; an answer in the SPEC JSON). */
export type TradeRows = TradeColumns | readonly TradeItem[];

export function columnsOf(rows: TradeRows): TradeColumns {
  return Array.isArray(rows) ? tradeColumnsOf(rows) : (rows as TradeColumns);
}

/** Whether row i is variant i for every row (a flipping answer): then a per-variant column is a row column. */
function rowPerVariant(variant: Uint32Array, variants: number): boolean {
  if (variant.length !== variants) return false;
  for (let i = 0; i < variant.length; i++) if (variant[i] !== i) return false;
  return true;
}

// A per-variant column spread to the rows; the column itself when each row is its own variant (`same`).
// One function per array type, so each loop stays monomorphic.
function spreadCodes(perVariant: Uint32Array, variant: Uint32Array, same: boolean): Uint32Array {
  if (same) return perVariant;
  const out = new Uint32Array(variant.length);
  for (let i = 0; i < out.length; i++) out[i] = perVariant[variant[i]!]!;
  return out;
}

function spread(perVariant: Float64Array, variant: Uint32Array, same: boolean): Float64Array {
  if (same) return perVariant;
  const out = new Float64Array(variant.length);
  for (let i = 0; i < out.length; i++) out[i] = perVariant[variant[i]!]!;
  return out;
}

function spreadBytes(perVariant: Uint8Array, variant: Uint32Array, same: boolean): Uint8Array {
  if (same) return perVariant;
  const out = new Uint8Array(variant.length);
  for (let i = 0; i < out.length; i++) out[i] = perVariant[variant[i]!]!;
  return out;
}

/**
 * Rank of each text in code-unit order (equal texts share a rank): a text column sorts as numbers. Texts
 * in that order already (the server sends the name dictionary so) are ranked in one pass; others go
 * through sort() without a comparator, which orders by code units natively, several times faster than a
 * JS comparator, and still ~30 ms for 50,000 distinct names.
 */
function textRanks(texts: readonly string[]): Float64Array {
  const ranks = new Float64Array(texts.length);
  let rank = 0;
  for (let i = 1; i < texts.length && rank >= 0; i++) {
    const previous = texts[i - 1]!;
    const text = texts[i]!;
    if (text > previous) rank++;
    else if (text < previous) rank = -1;
    ranks[i] = rank;
  }
  return rank >= 0 ? ranks : sortedRanks(texts);
}

function sortedRanks(texts: readonly string[]): Float64Array {
  const distinct = [...new Set(texts)].sort();
  const rankOf = new Map<string, number>();
  for (let k = 0; k < distinct.length; k++) rankOf.set(distinct[k]!, k);
  const ranks = new Float64Array(texts.length);
  for (let i = 0; i < texts.length; i++) ranks[i] = rankOf.get(texts[i]!)!;
  return ranks;
}

/** Ranks of a code column's (lower-cased) texts, spread back to the entries. */
function codeRanks(column: CodeColumn<string>): Float64Array {
  const valueRanks = textRanks(column.values.map((v) => v.toLowerCase()));
  const out = new Float64Array(column.codes.length);
  for (let i = 0; i < out.length; i++) out[i] = valueRanks[column.codes[i]!]!;
  return out;
}

/** Codes for per-variant keys, one code per distinct key; `valueOf` runs once per distinct key. */
function codesByKey<K, V>(keys: ArrayLike<K>, valueOf: (key: K) => V): CodeColumn<V> {
  const codes = new Uint32Array(keys.length);
  const values: V[] = [];
  const index = new Map<K, number>();
  for (let v = 0; v < keys.length; v++) {
    let code = index.get(keys[v]!);
    if (code === undefined) {
      code = values.length;
      values.push(valueOf(keys[v]!));
      index.set(keys[v]!, code);
    }
    codes[v] = code;
  }
  return { codes, values };
}

/** The sortable columns, as a view's URL and a preset name them (tool-view.ts). */
export type { SortKey };

export interface RowTable {
  /** The decoded answer the table reads. */
  readonly columns: TradeColumns;
  readonly length: number;
  /** Row i as the SPEC JSON carries it, built when first asked for (a page, a detail view, an export). */
  item(i: number): TradeItem;
  tradeKey(i: number): string;
  itemKey(i: number): string;
  readonly lowerName: readonly string[];
  readonly category: CodeColumn<string>;
  readonly quality: CodeColumn<number>;
  readonly expansion: CodeColumn<number>;
  readonly buyRealm: CodeColumn<number>;
  readonly sellRealm: CodeColumn<number>;
  readonly pet: Uint8Array;
  readonly crafted: Uint8Array;
  readonly saleRate: Float64Array;
  readonly avgSale: Float64Array;
  readonly sellVsBuy: Float64Array;
  readonly saleAvgVsBuy: Float64Array;
  readonly buyBuyout: Float64Array;
  readonly sellBuyout: Float64Array;
  /** The expected profit. */
  readonly realisticProfit: Float64Array;
  readonly marketValue: Float64Array;
  readonly historical: Float64Array;
  /** NaN: unknown (TradeItem.itemLevel null). */
  readonly itemLevel: Float64Array;
  /** Snapshots of the sell realm the deal's evidence covers (the evidence notice). */
  readonly hoursObserved: Float64Array;
  /** sellVsBuy as a percentage of buyBuyout (the Gold Profit % rule). */
  readonly profitPct: Float64Array;
  /** confidenceRank of each deal: low 0, medium 1, high 2 (the "Minimum confidence" filter). */
  readonly confidenceRank: Uint8Array;
  /** 1 for a deal flagged 'dead-listing' (the "Hide dead listings" filter). */
  readonly deadListing: Uint8Array;
  /** One numeric key per sort column (text columns as ranks). */
  readonly sortKeys: Readonly<Record<SortKey, Float64Array>>;
}

/**
 * Confidence then expected profit as one number: rank x (a step wider than any profit gap) + profit, so
 * the radix sort orders by rank first and by profit within a rank, both ways round.
 */
function confidenceKeys(rank: Uint8Array, profit: Float64Array): Float64Array {
  let widest = 0;
  for (const p of profit) if (Number.isFinite(p)) widest = Math.max(widest, Math.abs(p));
  const step = 2 * widest + 1;
  const keys = new Float64Array(rank.length);
  for (let i = 0; i < keys.length; i++) keys[i] = rank[i]! * step + profit[i]!;
  return keys;
}

/** Every column the filter and the sort read, from the variants, the realms and the rows of an answer. */
export function buildRowTable(rows: TradeRows): RowTable {
  const c = columnsOf(rows);
  const n = c.length;
  const V = c.variants;
  const { variant } = c;

  // Per variant first (a flipping answer has one row per variant, a dropship answer several).
  const lowerNames = V.name.values.map((name) => name.toLowerCase());
  // Category from class and subclass, worked out once per distinct pair (a pair keyed as one number).
  const subclasses = V.subclass.values.length;
  const pairs = new Float64Array(V.length);
  for (let v = 0; v < V.length; v++) pairs[v] = V.class.codes[v]! * subclasses + V.subclass.codes[v]!;
  const category = codesByKey(pairs, (pair) =>
    categoryOf({
      class: V.class.values[Math.floor(pair / subclasses)]!,
      subclass: V.subclass.values[pair % subclasses]!,
    }),
  );
  const qualityIds = V.quality.values.map((label) => qualityIdOf({ quality: label }));
  const expansion = codesByKey(V.patchNumber, (patch) => patch);
  // Loops, not TypedArray.from with a mapping function: that calls it through a slow path, ~10x slower.
  const pet = new Uint8Array(V.length);
  const extraStats = new Float64Array(V.length);
  for (let v = 0; v < V.length; v++) {
    pet[v] = isPet({ id: V.id[v]! }) ? 1 : 0;
    // As many as the Extra Stats cell shows: each tertiary, each crafted stat, the sockets.
    extraStats[v] =
      V.sockets.values[V.sockets.codes[v]!]!.length +
      V.tertiaryStats.values[V.tertiaryStats.codes[v]!]!.length +
      V.craftedStats.values[V.craftedStats.codes[v]!]!.length;
  }
  const same = rowPerVariant(variant, V.length);

  const lowerName = new Array<string>(n);
  for (let i = 0; i < n; i++) lowerName[i] = lowerNames[V.name.codes[variant[i]!]!]!;
  const quality = { codes: spreadCodes(V.quality.codes, variant, same), values: qualityIds };
  // Rarity order; items without a quality sort below Common.
  const qualityRank = qualityIds.map((id) => (id === QUALITY_NONE ? 0 : id));
  const qualityKey = new Float64Array(n);
  for (let i = 0; i < n; i++) qualityKey[i] = qualityRank[quality.codes[i]!]!;
  const categories = { codes: spreadCodes(category.codes, variant, same), values: category.values };
  const nameRanks = textRanks(lowerNames);
  const nameKey = new Float64Array(n);
  for (let i = 0; i < n; i++) nameKey[i] = nameRanks[V.name.codes[variant[i]!]!]!;

  // Per row.
  const rank = c.confidence.values.map((level) => confidenceRank(level));
  const dead = c.flags.values.map((flags) => (flags.includes('dead-listing') ? 1 : 0));
  const trustRank = new Uint8Array(n);
  const deadListing = new Uint8Array(n);
  const profitPct = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    trustRank[i] = rank[c.confidence.codes[i]!]!;
    deadListing[i] = dead[c.flags.codes[i]!]!;
    profitPct[i] = profitPercent(c.sellVsBuy[i]!, c.buyBuyout[i]!);
  }
  const realmIds = { values: c.realms.id };
  const realmNames = { values: c.realms.name };
  const saleRate = spread(V.saleRate, variant, same);
  const avgSale = spread(V.avgSale, variant, same);
  const marketValue = spread(V.marketValue, variant, same);
  const historical = spread(V.historical, variant, same);
  const itemLevel = spread(V.itemLevel, variant, same);

  // Rows are built when a screen needs them; Array.isArray: given as rows, they are those very objects.
  const given = Array.isArray(rows) ? (rows as readonly TradeItem[]) : null;
  const built = new Map<number, TradeItem>();
  const item = (i: number): TradeItem => {
    if (given) return given[i]!;
    let row = built.get(i);
    if (!row) built.set(i, (row = tradeItemAt(c, i)));
    return row;
  };

  return {
    columns: c,
    length: n,
    item,
    tradeKey: (i) => tradeKeyAt(c, i),
    itemKey: (i) => itemKeyAt(c, i),
    lowerName,
    category: categories,
    quality,
    expansion: { codes: spreadCodes(expansion.codes, variant, same), values: expansion.values },
    buyRealm: { codes: c.buyRealm, ...realmIds },
    sellRealm: { codes: c.sellRealm, ...realmIds },
    pet: spreadBytes(pet, variant, same),
    crafted: spreadBytes(V.crafted, variant, same),
    saleRate,
    avgSale,
    sellVsBuy: c.sellVsBuy,
    saleAvgVsBuy: c.saleAvgVsBuy,
    buyBuyout: c.buyBuyout,
    sellBuyout: c.sellBuyout,
    realisticProfit: c.realisticProfit,
    marketValue,
    historical,
    itemLevel,
    hoursObserved: c.hoursObserved,
    profitPct,
    confidenceRank: trustRank,
    deadListing,
    sortKeys: {
      name: nameKey,
      category: codeRanks(categories),
      // An unknown level is NaN here, which sortShown puts after every known level both ways round.
      itemLevel,
      sellRate: saleRate,
      expansion: spread(V.patchNumber, variant, same),
      quality: qualityKey,
      extraStats: spread(extraStats, variant, same),
      saleAvg: avgSale,
      saleAvgVsBuy: c.saleAvgVsBuy,
      sellVsBuy: c.sellVsBuy,
      sellPrice: c.sellBuyout,
      sellRealm: codeRanks({ codes: c.sellRealm, ...realmNames }),
      buyPrice: c.buyBuyout,
      buyRealm: codeRanks({ codes: c.buyRealm, ...realmNames }),
      marketValue,
      historical,
      realisticProfit: c.realisticProfit,
      confidence: confidenceKeys(trustRank, c.realisticProfit),
    },
  };
}

/** The display category of row `i` (SPEC §3: the class, or the special subclass). */
export function categoryAt(table: RowTable, i: number): string {
  return table.category.values[table.category.codes[i]!]!;
}
