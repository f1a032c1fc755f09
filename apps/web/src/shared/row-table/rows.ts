// Filtering and sorting of the tool tables (SPEC §4 sorting, §5 item filter rule) on a RowTable, within
// a few milliseconds on 50,000 rows: one pass over typed columns for the filter, a radix argsort of one
// Float64Array for the sort, and no object allocated per row.
import {
  confidenceRank,
  craftedPasses,
  itemPasses,
  sellVsBuy,
  tsmItemPasses,
  type DealSort,
  type Filters,
  type Totals,
} from '@goldroute/domain';
import { argsort } from './argsort';
import type { CodeColumn, RowTable, SortKey } from './row-table';

export type { SortKey } from './row-table';
import type { SortDirection, SortState } from '@goldroute/domain';
export type { SortDirection, SortState };

/**
 * The deal tools open on the figure the user saved (Expected Profit, what acting on a row is worth, unless
 * they chose Sell vs Buy), largest first: a trader wants the best deals on top.
 */
export function dealToolSort(dealSort: DealSort): SortState {
  return { key: dealSort, direction: 'desc' };
}
/** The TSM generator lists items, not deals: by the listings' own profit, as before. */
export const TSM_DEFAULT_SORT: SortState = { key: 'sellVsBuy', direction: 'desc' };

/** Text columns start A→Z; number columns start with the largest value (a trader wants the best first). */
export function firstDirection(key: SortKey): SortDirection {
  return ['name', 'category', 'sellRealm', 'buyRealm'].includes(key) ? 'asc' : 'desc';
}

/** Header click: a new column starts in its natural order, the same column again reverses. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: firstDirection(key) };
}

export type FilterRule = 'tool' | 'tsm';

/** The domain rule itself, for the equivalence test. */
export const domainRule = { tool: itemPasses, tsm: tsmItemPasses } as const;

/** 1 for each code whose value is selected; null selects every value. */
function allowed<V>(column: CodeColumn<V>, selection: readonly V[] | null): Uint8Array {
  const out = new Uint8Array(column.values.length);
  const chosen = selection === null ? null : new Set(selection);
  for (let c = 0; c < out.length; c++) out[c] = chosen === null || chosen.has(column.values[c]!) ? 1 : 0;
  return out;
}

/**
 * SPEC §5 item filter rule over the table: 1 for each passing row. The same conditions as the domain's
 * itemPasses / tsmItemPasses (rows.test.ts checks they agree on random data), read from columns.
 */
export function passMask(table: RowTable, filters: Readonly<Filters>, rule: FilterRule): Uint8Array {
  const n = table.length;
  const mask = new Uint8Array(n);
  const needle = filters.name.trim().toLowerCase();
  const categoryOk = allowed(table.category, filters.categories);
  const expansionOk = allowed(table.expansion, filters.expansions);
  const qualityOk = allowed(table.quality, filters.qualities);
  const buyOk = allowed(table.buyRealm, filters.buyingRealms);
  const sellOk = allowed(table.sellRealm, filters.sellingRealms);
  const craftedOk = [
    craftedPasses(false, filters.crafted) ? 1 : 0,
    craftedPasses(true, filters.crafted) ? 1 : 0,
  ];
  const { sellRate, saleAvg, goldProfit, goldProfitPercent, maxGoldBuyout } = filters;
  const { goldProfitSaleAvgEnabled, goldProfitSaleAvg, regionMarketValue, regionHistorical } = filters;
  const category = table.category.codes;
  const expansion = table.expansion.codes;
  const quality = table.quality.codes;
  const buyRealm = table.buyRealm.codes;
  const sellRealm = table.sellRealm.codes;
  const { pet, crafted, saleRate, avgSale, sellVsBuy, profitPct, buyBuyout, saleAvgVsBuy } = table;
  const { marketValue, historical, lowerName, deadListing } = table;
  // The deal-trust rule of the domain's trustPasses: rank at least the minimum, no hidden dead listing.
  const trustRank = table.confidenceRank;
  const minRank = confidenceRank(filters.minConfidence);
  const hideDead = filters.hideDeadListings;
  const tool = rule === 'tool';
  for (let i = 0; i < n; i++) {
    if (
      categoryOk[category[i]!] === 0 ||
      (pet[i] === 0 && expansionOk[expansion[i]!] === 0) ||
      qualityOk[quality[i]!] === 0 ||
      !(saleRate[i]! >= sellRate) ||
      !(avgSale[i]! >= saleAvg) ||
      craftedOk[crafted[i]!] === 0
    ) {
      continue;
    }
    if (tool) {
      if (
        !(sellVsBuy[i]! >= goldProfit) ||
        !(profitPct[i]! >= goldProfitPercent) ||
        !(buyBuyout[i]! <= maxGoldBuyout) ||
        buyOk[buyRealm[i]!] === 0 ||
        sellOk[sellRealm[i]!] === 0 ||
        (goldProfitSaleAvgEnabled && !(saleAvgVsBuy[i]! >= goldProfitSaleAvg)) ||
        trustRank[i]! < minRank ||
        (hideDead && deadListing[i] === 1)
      ) {
        continue;
      }
    } else if (!(marketValue[i]! >= regionMarketValue) || !(historical[i]! >= regionHistorical)) {
      continue;
    }
    if (needle !== '' && !lowerName[i]!.includes(needle)) continue;
    mask[i] = 1;
  }
  return mask;
}

/**
 * Rows in groups of consecutive table rows: group g is rows start[g] to start[g+1]-1. Dropship groups
 * are an item's variants (best first); every other tool has one row per group.
 */
export interface Grouping {
  start: Uint32Array;
  count: number;
}

export function oneRowPerGroup(n: number): Grouping {
  const start = new Uint32Array(n + 1);
  for (let g = 0; g <= n; g++) start[g] = g;
  return { start, count: n };
}

/** Groups with at least one passing row, each with its first (best) passing row. */
export interface Shown {
  mask: Uint8Array;
  groups: Uint32Array;
  /** The row each shown group is displayed and sorted by. */
  rows: Uint32Array;
}

export function shownGroups(mask: Uint8Array, grouping: Grouping): Shown {
  const { start, count } = grouping;
  const groups = new Uint32Array(count);
  const rows = new Uint32Array(count);
  let m = 0;
  for (let g = 0; g < count; g++) {
    const end = start[g + 1]!;
    for (let i = start[g]!; i < end; i++) {
      if (mask[i] === 1) {
        groups[m] = g;
        rows[m++] = i;
        break;
      }
    }
  }
  return { mask, groups: groups.slice(0, m), rows: rows.slice(0, m) };
}

/**
 * Sorted order of the shown groups (positions into shown.rows), stable: favourites first, then by the
 * sort column of each group's row; NaN values last both ways.
 */
export function sortShown(
  table: RowTable,
  rows: Uint32Array,
  sort: SortState,
  favourite: Uint8Array | null,
): Uint32Array {
  const m = rows.length;
  const column = table.sortKeys[sort.key];
  const dir = sort.direction === 'asc' ? 1 : -1;
  const keys = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const raw = column[rows[k]!]!;
    keys[k] = raw !== raw ? Infinity : raw * dir;
  }
  const order = argsort(keys);
  if (favourite === null) return order;
  // Stable partition: favourites keep their sorted order ahead of everything else.
  const out = new Uint32Array(m);
  let w = 0;
  for (let k = 0; k < m; k++) if (favourite[rows[order[k]!]!] === 1) out[w++] = order[k]!;
  for (let k = 0; k < m; k++) if (favourite[rows[order[k]!]!] === 0) out[w++] = order[k]!;
  return out;
}

/** 1 for each row whose item is a favourite; null when there are none. */
export function favouriteMask(table: RowTable, favorites: ReadonlySet<string>): Uint8Array | null {
  if (favorites.size === 0) return null;
  const { variant, variants } = table.columns;
  const favourite = new Uint8Array(variants.length);
  for (let v = 0; v < variants.length; v++) favourite[v] = favorites.has(variants.itemKey(v)) ? 1 : 0;
  const out = new Uint8Array(table.length);
  for (let i = 0; i < table.length; i++) out[i] = favourite[variant[i]!]!;
  return out;
}

/** Sums rounded to whole copper, as the domain's totals() rounds them (profit.ts toCopperPrecision). */
const copperPrecision = (gold: number) => Math.round(gold * 10000) / 10000;

/**
 * The domain's totals() (the totals bar) over the rows passing `mask` whose trade key is not unchecked,
 * from the columns: the same sums in the same order (rows.test.ts checks they agree), without a row object
 * or a trade key per row unless something is unchecked. With dropship groups, only what a user buys of
 * each group counts (the domain's boughtRows: per sell realm its first such row).
 */
export function tableTotals(
  table: RowTable,
  mask: Uint8Array,
  unchecked: ReadonlySet<string>,
  grouping: Grouping = oneRowPerGroup(table.length),
): Totals {
  const { buyBuyout, sellBuyout, realisticProfit } = table;
  const sellRealm = table.sellRealm.codes;
  const realms = new Set<number>();
  let totalInvestment = 0;
  let estimatedSellPrice = 0;
  let profitAfterAhCut = 0;
  let expectedProfit = 0;
  for (let g = 0; g < grouping.count; g++) {
    const end = grouping.start[g + 1]!;
    realms.clear();
    for (let i = grouping.start[g]!; i < end; i++) {
      if (mask[i] !== 1 || (unchecked.size > 0 && unchecked.has(table.tradeKey(i)))) continue;
      if (realms.has(sellRealm[i]!)) continue;
      realms.add(sellRealm[i]!);
      totalInvestment += buyBuyout[i]!;
      estimatedSellPrice += sellBuyout[i]!;
      profitAfterAhCut += sellVsBuy(buyBuyout[i]!, sellBuyout[i]!);
      expectedProfit += realisticProfit[i]!;
    }
  }
  return {
    totalInvestment: copperPrecision(totalInvestment),
    estimatedSellPrice: copperPrecision(estimatedSellPrice),
    profitAfterAhCut: copperPrecision(profitAfterAhCut),
    expectedProfit: copperPrecision(expectedProfit),
  };
}

/**
 * Trade keys of the rows passing `mask`, still included, whose expected profit is 0 or less: what "Uncheck
 * rows that lose money" unchecks.
 */
export function losingKeys(table: RowTable, mask: Uint8Array, unchecked: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const profit = table.realisticProfit;
  for (let i = 0; i < table.length; i++) {
    if (mask[i] !== 1 || !(profit[i]! <= 0)) continue;
    const key = table.tradeKey(i);
    if (!unchecked.has(key)) out.push(key);
  }
  return out;
}
