// The yardstick of bench:wire: the flipping tool's row table built from an array of row objects (what
// JSON.parse of the SPEC answer gives), one pass over them. Kept apart from, and frozen against,
// apps/web/src/shared/row-table/row-table.ts, so bench:wire measures "today's path" (JSON.parse + this)
// against the compact encoding's in the same run. Not used by the app.
import {
  categoryOf,
  confidenceRank,
  isPet,
  profitPercent,
  qualityIdOf,
  QUALITY_NONE,
  type TradeItem,
} from '@goldroute/domain';

/** A column of few distinct values: a code per row and the value behind each code. */
export interface CodeColumn<V> {
  codes: Uint32Array;
  /** The value of each code; two codes may share a value (e.g. quality labels "Epic" and "epic"). */
  values: V[];
}

/** Builds a code column one row at a time; `valueOf` runs once per distinct key, not once per row. */
function encoder<K, V>(n: number, valueOf: (key: K) => V) {
  const codes = new Uint32Array(n);
  const values: V[] = [];
  const index = new Map<K, number>();
  return {
    /** Sets row i's code and returns it. */
    set(i: number, key: K): number {
      let code = index.get(key);
      if (code === undefined) {
        code = values.length;
        values.push(valueOf(key));
        index.set(key, code);
      }
      codes[i] = code;
      return code;
    },
    column: (): CodeColumn<V> => ({ codes, values }),
  };
}

const same = <T>(value: T) => value;

/** Rank of each text in code-unit order (ties share a rank): a text column sorts as numbers. */
function textRanks(texts: readonly string[]): Float64Array {
  const n = texts.length;
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (texts[a]! < texts[b]! ? -1 : texts[a]! > texts[b]! ? 1 : 0));
  const ranks = new Float64Array(n);
  let rank = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0 && texts[order[k]!] !== texts[order[k - 1]!]) rank++;
    ranks[order[k]!] = rank;
  }
  return ranks;
}

/** Ranks of a code column's (lower-cased) texts, spread back to the rows. */
function codeRanks(column: CodeColumn<string>): Float64Array {
  const valueRanks = textRanks(column.values.map((v) => v.toLowerCase()));
  const out = new Float64Array(column.codes.length);
  for (let i = 0; i < out.length; i++) out[i] = valueRanks[column.codes[i]!]!;
  return out;
}

export type SortKey =
  | 'name'
  | 'category'
  | 'itemLevel'
  | 'sellRate'
  | 'expansion'
  | 'quality'
  | 'extraStats'
  | 'saleAvg'
  | 'saleAvgVsBuy'
  | 'sellVsBuy'
  | 'sellPrice'
  | 'sellRealm'
  | 'buyPrice'
  | 'buyRealm'
  | 'marketValue'
  | 'historical'
  | 'realisticProfit'
  | 'confidence';

export interface RowTable {
  readonly items: readonly TradeItem[];
  readonly length: number;
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
  readonly marketValue: Float64Array;
  readonly historical: Float64Array;
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
 * Confidence then realistic profit as one number: rank x (a step wider than any profit gap) + profit, so
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

/** One pass over the items: every column the filter and the sort read. */
export function buildRowTableBefore(items: readonly TradeItem[]): RowTable {
  const n = items.length;
  const lowerName = new Array<string>(n);
  // Category from class and subclass, worked out once per distinct pair (pairs keyed by two small codes:
  // cheaper than a string key per row).
  const classes = encoder(n, same<string>);
  const subclasses = encoder(n, same<string>);
  const category = encoder(n, (pair: number) =>
    categoryOf({
      class: classes.column().values[pair >>> 16]!,
      subclass: subclasses.column().values[pair & 0xffff]!,
    }),
  );
  const quality = encoder(n, (label: string) => qualityIdOf({ quality: label }));
  const expansion = encoder(n, same<number>);
  const buyRealm = encoder(n, same<number>);
  const sellRealm = encoder(n, same<number>);
  const buyRealmName = encoder(n, same<string>);
  const sellRealmName = encoder(n, same<string>);
  const pet = new Uint8Array(n);
  const crafted = new Uint8Array(n);
  const trustRank = new Uint8Array(n);
  const deadListing = new Uint8Array(n);
  const realisticProfit = new Float64Array(n);
  const [saleRate, avgSale, sellVsBuy, saleAvgVsBuy, buyBuyout, marketValue, historical, profitPct] =
    Array.from({ length: 8 }, () => new Float64Array(n)) as [
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
      Float64Array,
    ];
  const [itemLevel, patchNumber, extraStats, sellBuyout] = Array.from(
    { length: 4 },
    () => new Float64Array(n),
  ) as [Float64Array, Float64Array, Float64Array, Float64Array];

  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    lowerName[i] = item.name.toLowerCase();
    category.set(i, (classes.set(i, item.class) << 16) | subclasses.set(i, item.subclass));
    quality.set(i, item.quality);
    expansion.set(i, item.patchNumber);
    buyRealm.set(i, item.buyingConnectedRealmId);
    sellRealm.set(i, item.sellingConnectedRealmId);
    buyRealmName.set(i, item.buyingConnectedRealmName);
    sellRealmName.set(i, item.sellingConnectedRealmName);
    pet[i] = isPet(item) ? 1 : 0;
    crafted[i] = item.crafted ? 1 : 0;
    trustRank[i] = confidenceRank(item.confidence);
    deadListing[i] = item.flags.includes('dead-listing') ? 1 : 0;
    realisticProfit[i] = item.realisticProfit;
    saleRate[i] = item.saleRate;
    avgSale[i] = item.avgSale;
    sellVsBuy[i] = item.sellVsBuy;
    saleAvgVsBuy[i] = item.saleAvgVsBuy;
    buyBuyout[i] = item.buyBuyout;
    marketValue[i] = item.marketValue;
    historical[i] = item.historical;
    profitPct[i] = profitPercent(item.sellVsBuy, item.buyBuyout);
    itemLevel[i] = item.itemLevel ?? Number.NaN;
    patchNumber[i] = item.patchNumber;
    extraStats[i] = item.sockets.length + item.tertiaryStats.length;
    sellBuyout[i] = item.sellBuyout;
  }

  const qualities = quality.column();
  // Rarity order; items without a quality sort below Common.
  const qualityRank = qualities.values.map((id) => (id === QUALITY_NONE ? 0 : id));
  const qualityKey = new Float64Array(n);
  for (let i = 0; i < n; i++) qualityKey[i] = qualityRank[qualities.codes[i]!]!;
  const categories = category.column();

  return {
    items,
    length: n,
    lowerName,
    category: categories,
    quality: qualities,
    expansion: expansion.column(),
    buyRealm: buyRealm.column(),
    sellRealm: sellRealm.column(),
    pet,
    crafted,
    saleRate,
    avgSale,
    sellVsBuy,
    saleAvgVsBuy,
    buyBuyout,
    marketValue,
    historical,
    profitPct,
    confidenceRank: trustRank,
    deadListing,
    sortKeys: {
      name: textRanks(lowerName),
      category: codeRanks(categories),
      itemLevel,
      sellRate: saleRate,
      expansion: patchNumber,
      quality: qualityKey,
      extraStats,
      saleAvg: avgSale,
      saleAvgVsBuy,
      sellVsBuy,
      sellPrice: sellBuyout,
      sellRealm: codeRanks(sellRealmName.column()),
      buyPrice: buyBuyout,
      buyRealm: codeRanks(buyRealmName.column()),
      marketValue,
      historical,
      realisticProfit,
      confidence: confidenceKeys(trustRank, realisticProfit),
    },
  };
}
