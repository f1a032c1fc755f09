// What a tool shows for its state: filter (one memo), sort (another), the current page, and what the
// totals, the header checkbox and the export buttons work on.
import { PAGE_SIZE, boughtRows, clampPage, pageCount, type Totals, type TradeItem } from '@goldroute/domain';
import { useCallback, useMemo } from 'react';
import { measured } from '../../lib/measured';
import type { RowTable } from '../../shared/row-table/row-table';
import {
  favouriteMask,
  losingKeys,
  passMask,
  shownGroups,
  sortShown,
  tableTotals,
  type FilterRule,
  type Grouping,
  type Shown,
} from '../../shared/row-table/rows';
import type { ToolState } from './use-tool-state';

export interface ShownRows {
  shown: Shown;
  /** Positions into shown.groups / shown.rows, in display order. */
  order: Uint32Array;
  /** The current page, clamped to the pages there are. */
  page: number;
  /** Positions (as in `order`) of the current page. */
  pagePositions: Uint32Array;
  /** Passing rows of group g, best first. */
  passingRows: (group: number) => number[];
  /** Every passing item in display order (Auctionator lists, TSM string). */
  shownItems: () => TradeItem[];
  /**
   * What the lists export: per shown group, the rows a user buys (domain boughtRows: one per sell realm,
   * unchecked rows left out), as the totals count them.
   */
  boughtItems: () => TradeItem[];
  /** Totals bar over the passing rows that are not unchecked. */
  totals: Totals;
  /** Header checkbox: every row of the data unchecked, or all included again. */
  toggleAll: () => void;
  /** Header star: only favourites stay included. */
  onlyFavourites: () => void;
  /** Passing rows with an expected profit of 0 or less that are still included. */
  losingCount: number;
  /** "Uncheck rows that lose money": unchecks those rows, keeping what is unchecked already. */
  uncheckLosers: () => void;
}

const NONE_UNCHECKED: ReadonlySet<string> = new Set();

export function useShownRows({
  table,
  grouping,
  rule,
  state,
  favorites,
}: {
  table: RowTable;
  grouping: Grouping;
  rule: FilterRule;
  state: ToolState;
  favorites: ReadonlySet<string>;
}): ShownRows {
  const { filters, sort, unchecked, setUnchecked } = state;
  const favourite = useMemo(() => favouriteMask(table, favorites), [table, favorites]);
  const shown = useMemo(
    () => measured('goldroute:filter', () => shownGroups(passMask(table, filters, rule), grouping)),
    [table, grouping, filters, rule],
  );
  const order = useMemo(
    () => measured('goldroute:sort', () => sortShown(table, shown.rows, sort, favourite)),
    [table, shown, sort, favourite],
  );
  const page = clampPage(state.page, pageCount(order.length));
  const pagePositions = useMemo(
    () => order.subarray((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    [order, page],
  );

  const passingRows = useCallback(
    (group: number) => {
      const out: number[] = [];
      for (let i = grouping.start[group]!; i < grouping.start[group + 1]!; i++) {
        if (shown.mask[i] === 1) out.push(i);
      }
      return out;
    },
    [grouping, shown],
  );
  const shownItems = useCallback(() => {
    const out: TradeItem[] = [];
    for (const position of order) {
      for (const i of passingRows(shown.groups[position]!)) out.push(table.item(i));
    }
    return out;
  }, [order, passingRows, shown, table]);

  const boughtItems = useCallback(() => {
    const out: TradeItem[] = [];
    for (const position of order) {
      const group = passingRows(shown.groups[position]!).map((i) => table.item(i));
      out.push(...boughtRows(group, unchecked));
    }
    return out;
  }, [order, passingRows, shown, table, unchecked]);

  const sums = useMemo(
    () => tableTotals(table, shown.mask, unchecked, grouping),
    [table, shown, unchecked, grouping],
  );
  // The losing rows' keys once per filter (a key is built per row); a checkbox then only looks them up.
  const losingShown = useMemo(() => losingKeys(table, shown.mask, NONE_UNCHECKED), [table, shown]);
  const losers = useMemo(
    () => (unchecked.size === 0 ? losingShown : losingShown.filter((key) => !unchecked.has(key))),
    [losingShown, unchecked],
  );
  const uncheckLosers = useCallback(() => {
    if (losers.length > 0) setUnchecked(new Set([...unchecked, ...losers]));
  }, [losers, unchecked, setUnchecked]);

  const allIncluded = unchecked.size === 0;
  const toggleAll = useCallback(() => {
    const keys = new Set<string>();
    if (allIncluded) for (let i = 0; i < table.length; i++) keys.add(table.tradeKey(i));
    setUnchecked(keys);
  }, [allIncluded, table, setUnchecked]);
  const onlyFavourites = useCallback(() => {
    const keys = new Set<string>();
    for (let i = 0; i < table.length; i++) if (!favorites.has(table.itemKey(i))) keys.add(table.tradeKey(i));
    setUnchecked(keys);
  }, [table, favorites, setUnchecked]);

  return {
    shown,
    order,
    page,
    pagePositions,
    passingRows,
    shownItems,
    boughtItems,
    totals: sums,
    toggleAll,
    onlyFavourites,
    losingCount: losers.length,
    uncheckLosers,
  };
}
