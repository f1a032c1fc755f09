// Cross-realm flipping tool (SPEC §2 tool screens, §4 flows).
import {
  LABELS,
  PAGE_SIZE,
  auctionatorLists,
  clampPage,
  pageCount,
  totals,
  type Region,
  type TradeItem,
} from '@goldroute/domain';
import { useCallback, useMemo, useState } from 'react';
import { Pagination } from '../../components/ui';
import { AuctionatorModal } from './auctionator-modal';
import { FilterPanel } from './filter-panel';
import { realmOptions } from './realm-options';
import { ResultsTable, type TableEntry } from './results-table';
import { measured, prepareRows, rowFilter, sortRows, type PreparedRow } from './rows';
import { FilterBar, TOOL_HEADINGS, ToolFrame, TotalsBar } from './tool-page';
import { useFavorites } from './use-favorites';
import { useToolState } from './use-tool-state';

const identity = (row: PreparedRow) => row;

export function FlippingTool({
  region,
  items,
  lastModified,
}: {
  region: Region;
  items: readonly TradeItem[];
  lastModified: number;
}) {
  const state = useToolState();
  const { favorites, toggle: toggleFavorite, pending } = useFavorites();
  const [listsOpen, setListsOpen] = useState(false);
  const { unchecked, setUnchecked } = state;

  const prepared = useMemo(() => prepareRows(items), [items]);
  const realms = useMemo(() => realmOptions(items), [items]);
  const sorted = useMemo(
    () => measured('goldroute:sort', () => sortRows(prepared, identity, state.sort, favorites)),
    [prepared, state.sort, favorites],
  );
  const filtered = useMemo(
    () => measured('goldroute:filter', () => sorted.filter(rowFilter(state.filters))),
    [sorted, state.filters],
  );
  const filteredItems = useMemo(() => filtered.map((row) => row.item), [filtered]);
  const sums = useMemo(() => totals(filteredItems, unchecked), [filteredItems, unchecked]);

  const page = clampPage(state.page, pageCount(filtered.length));
  const entries = useMemo<TableEntry[]>(
    () =>
      filtered
        .slice((Math.max(page, 1) - 1) * PAGE_SIZE, Math.max(page, 1) * PAGE_SIZE)
        .map((row) => ({ kind: 'item', row, tradeKeys: [row.item.uniqueTradeKey] })),
    [filtered, page],
  );

  const onToggle = useCallback(
    (keys: readonly string[]) => {
      const next = new Set(unchecked);
      const allIn = keys.every((k) => !next.has(k));
      for (const k of keys) {
        if (allIn) next.add(k);
        else next.delete(k);
      }
      setUnchecked(next);
    },
    [unchecked, setUnchecked],
  );
  const onToggleAll = useCallback(() => {
    setUnchecked(unchecked.size === 0 ? new Set(items.map((i) => i.uniqueTradeKey)) : new Set());
  }, [unchecked, items, setUnchecked]);
  const onOnlyFavourites = useCallback(() => {
    setUnchecked(new Set(items.filter((i) => !favorites.has(i.uniqueItemKey)).map((i) => i.uniqueTradeKey)));
  }, [items, favorites, setUnchecked]);

  return (
    <ToolFrame {...TOOL_HEADINGS.flipping} region={region} lastModified={lastModified}>
      <FilterBar
        name={state.filters.name}
        onName={state.setName}
        filters={state.filters}
        onOpenFilters={() => state.setPanelOpen(true)}
        primaryLabel={LABELS.getAuctionatorLists}
        onPrimary={() => setListsOpen(true)}
      />
      <ResultsTable
        entries={entries}
        sort={state.sort}
        onSort={state.sortBy}
        unchecked={unchecked}
        onToggle={onToggle}
        allIncluded={unchecked.size === 0}
        onToggleAll={onToggleAll}
        onOnlyFavourites={onOnlyFavourites}
        favorites={favorites}
        onFavorite={toggleFavorite}
        favoritePending={pending}
        selectedKey={state.selectedKey}
        onSelect={state.select}
      />
      <TotalsBar totals={sums} />
      <Pagination page={page} totalItems={filtered.length} onPageChange={state.setPage} />
      <FilterPanel
        open={state.panelOpen}
        onClose={() => state.setPanelOpen(false)}
        filters={state.filters}
        onApply={(next) => {
          state.applyFilters(next);
          state.setPanelOpen(false);
        }}
        mode="tool"
        buyingRealms={realms.buying}
        sellingRealms={realms.selling}
      />
      <AuctionatorModal
        open={listsOpen}
        onClose={() => setListsOpen(false)}
        text={listsOpen ? auctionatorLists(filteredItems, unchecked) : ''}
      />
    </ToolFrame>
  );
}
