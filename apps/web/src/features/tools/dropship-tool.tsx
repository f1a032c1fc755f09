// Cross-realm dropship tool: the flipping layout with rows grouped by item id, quality and item level
// (SPEC §2). Filters apply to variants; a group shows while any variant passes, and its row shows the
// best passing variant.
import {
  LABELS,
  PAGE_SIZE,
  auctionatorLists,
  clampPage,
  pageCount,
  totals,
  type DropshipGroup,
  type Region,
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

interface PreparedGroup {
  key: string;
  variants: PreparedRow[];
}

interface ShownGroup {
  key: string;
  /** Variants that pass the filters, best first (the server sorts them by sellVsBuy). */
  variants: PreparedRow[];
  /** Total variant count of the group. */
  count: number;
}

const bestOf = (group: ShownGroup) => group.variants[0]!;

export function DropshipTool({
  region,
  groups,
  lastModified,
}: {
  region: Region;
  groups: readonly DropshipGroup[];
  lastModified: number;
}) {
  const state = useToolState();
  const { favorites, toggle: toggleFavorite, pending } = useFavorites();
  const [listsOpen, setListsOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const { unchecked, setUnchecked } = state;

  const prepared = useMemo<PreparedGroup[]>(
    () => groups.map((g) => ({ key: g.key, variants: prepareRows(g.variants) })),
    [groups],
  );
  const allItems = useMemo(() => groups.flatMap((g) => g.variants), [groups]);
  const realms = useMemo(() => realmOptions(allItems), [allItems]);

  const shown = useMemo(
    () =>
      measured('goldroute:filter', () => {
        const passes = rowFilter(state.filters);
        const out: ShownGroup[] = [];
        for (const group of prepared) {
          const variants = group.variants.filter(passes);
          if (variants.length > 0) out.push({ key: group.key, variants, count: group.variants.length });
        }
        return out;
      }),
    [prepared, state.filters],
  );
  const sorted = useMemo(
    () => measured('goldroute:sort', () => sortRows(shown, bestOf, state.sort, favorites)),
    [shown, state.sort, favorites],
  );
  const shownItems = useMemo(() => sorted.flatMap((g) => g.variants.map((v) => v.item)), [sorted]);
  const sums = useMemo(() => totals(shownItems, unchecked), [shownItems, unchecked]);

  const page = Math.max(1, clampPage(state.page, pageCount(sorted.length)));
  const entries = useMemo<TableEntry[]>(() => {
    const out: TableEntry[] = [];
    for (const group of sorted.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)) {
      const open = expanded.has(group.key);
      out.push({
        kind: 'group',
        row: bestOf(group),
        tradeKeys: group.variants.map((v) => v.item.uniqueTradeKey),
        groupKey: group.key,
        count: group.count,
        expanded: open,
      });
      if (open) {
        for (const row of group.variants) {
          out.push({ kind: 'variant', row, tradeKeys: [row.item.uniqueTradeKey], groupKey: group.key });
        }
      }
    }
    return out;
  }, [sorted, page, expanded]);

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
    setUnchecked(unchecked.size === 0 ? new Set(allItems.map((i) => i.uniqueTradeKey)) : new Set());
  }, [unchecked, allItems, setUnchecked]);
  const onOnlyFavourites = useCallback(() => {
    setUnchecked(
      new Set(allItems.filter((i) => !favorites.has(i.uniqueItemKey)).map((i) => i.uniqueTradeKey)),
    );
  }, [allItems, favorites, setUnchecked]);
  const onToggleGroup = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  return (
    <ToolFrame {...TOOL_HEADINGS.dropship} region={region} lastModified={lastModified}>
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
        onToggleGroup={onToggleGroup}
      />
      <TotalsBar totals={sums} />
      <Pagination page={page} totalItems={sorted.length} onPageChange={state.setPage} />
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
        text={listsOpen ? auctionatorLists(shownItems, unchecked) : ''}
      />
    </ToolFrame>
  );
}
