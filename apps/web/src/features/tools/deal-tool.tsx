// The flipping and dropship screens (SPEC §2 tool screens, §4 flows): one layout, one filter and sort
// path. They differ only in grouping: flipping has one row per group, dropship groups an item's
// variants (a group shows while any variant passes, and its row shows the best passing variant).
// A click on a row also opens its details (deal-detail.tsx).
import {
  LABELS,
  auctionatorLeftOutCount,
  auctionatorLists,
  exportRows,
  toolOpeningOf,
} from '@goldroute/domain';
import { useCallback, useMemo, useState } from 'react';
import { useAuth } from '../../lib/auth-store';
import { AuctionatorModal } from './auctionator-modal';
import { DealDetail } from './deal-detail';
import { realmOptions } from './realm-options';
import { RESULT_COLUMNS, ResultsTable, type TableEntry } from './results-table';
import { categoryAt, type RowTable } from '../../shared/row-table/row-table';
import type { Grouping } from '../../shared/row-table/rows';
import { ToolBody } from './tool-body';
import { TOOL_HEADINGS, ToolFrame, type ToolPageProps } from './tool-page';
import { TotalsBar } from './totals-bar';
import { UncheckLosersButton } from '../../shared/filters/trust-filters';
import { EvidenceNotice, maxHoursObserved } from './trust-parts';
import { useCsvExport } from './use-csv-export';
import { useFavorites } from './use-favorites';
import { useShownRows } from './use-shown-rows';
import { useToolState } from './use-tool-state';

/** What a deal tool lists: its rows as a table, in groups. */
export interface DealRows {
  table: RowTable;
  grouping: Grouping;
  /** Dropship: the key of each group (groups expand into their variants). */
  groupKeys?: readonly string[];
  /** Dropship: the groups the search found, of which the answer holds the best (grouping.count). */
  groupsFound?: number;
}

/** "Showing the best 1,000 of 1,732 groups, by expected profit." when the answer was cut. */
export function cutNotice(kept: number, found: number | undefined): string | null {
  if (found === undefined || found <= kept) return null;
  const n = (x: number) => x.toLocaleString('en-US');
  return `Showing the best ${n(kept)} of ${n(found)} groups, by expected profit. Narrow your realms to see the rest.`;
}

export function DealTool({
  tool,
  region,
  lastModified,
  rows: { table, grouping, groupKeys, groupsFound },
}: ToolPageProps & { tool: 'flipping' | 'dropship'; rows: DealRows }) {
  const { userData } = useAuth();
  const state = useToolState({ region });
  const { favorites, toggle: toggleFavorite, pending } = useFavorites();
  const shownRows = useShownRows({ table, grouping, rule: 'tool', state, favorites });
  const [listsOpen, setListsOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const realms = useMemo(() => realmOptions(table), [table]);
  const openLists = useCallback(() => setListsOpen(true), []);
  // The saved choice only sets where the export starts; unticking it in the dialog lasts for this visit.
  const [highConfidenceOnly, setHighConfidenceOnly] = useState(
    () => toolOpeningOf(userData?.config).exportHighConfidenceOnly,
  );
  // The moment the confidence reasons are told against ("updated 3 h ago"): the page's load, as the
  // banner's countdown reloads the page with each new hour of data.
  const [nowSeconds] = useState(() => Date.now() / 1000);
  const [detailKey, setDetailKey] = useState<string | null>(null);
  const { select } = state;
  const selectAndOpen = useCallback(
    (tradeKey: string) => {
      select(tradeKey);
      setDetailKey(tradeKey);
    },
    [select],
  );
  const detailItem = useMemo(() => {
    if (detailKey === null) return null;
    for (let i = 0; i < table.length; i++) if (table.tradeKey(i) === detailKey) return table.item(i);
    return null;
  }, [table, detailKey]);
  const { shown, pagePositions, passingRows } = shownRows;
  const csv = useCsvExport({
    tool,
    region,
    table,
    rows: shownRows,
    unchecked: state.unchecked,
    columns: RESULT_COLUMNS,
    grouped: groupKeys !== undefined,
  });
  const evidenceHours = useMemo(() => maxHoursObserved(table.hoursObserved, shown.mask), [table, shown]);

  const entries = useMemo<TableEntry[]>(() => {
    const out: TableEntry[] = [];
    const entryOf = (kind: TableEntry['kind'], i: number, rest: Partial<TableEntry> = {}): TableEntry => {
      const item = table.item(i);
      return { kind, item, category: categoryAt(table, i), tradeKeys: [item.uniqueTradeKey], ...rest };
    };
    for (const position of pagePositions) {
      const row = shown.rows[position]!;
      const group = shown.groups[position]!;
      const groupKey = groupKeys?.[group];
      if (groupKey === undefined) {
        out.push(entryOf('item', row));
        continue;
      }
      const variants = passingRows(group);
      // One passing variant is the group row itself: there is nothing to expand into.
      const expandable = variants.length > 1;
      const open = expandable && expanded.has(groupKey);
      out.push(
        entryOf('group', row, {
          groupKey,
          tradeKeys: variants.map((i) => table.tradeKey(i)),
          count: grouping.start[group + 1]! - grouping.start[group]!,
          expandable,
          expanded: open,
        }),
      );
      if (open) for (const i of variants) out.push(entryOf('variant', i, { groupKey }));
    }
    return out;
  }, [table, grouping, groupKeys, shown, pagePositions, passingRows, expanded]);

  const onToggleGroup = useCallback((key: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);

  // Only while the popup is open: boughtItems() builds a row object for every passing row. The lists hold
  // what the totals count: of a dropship group, one row per sell realm.
  const included = listsOpen ? shownRows.boughtItems() : [];
  const exported = exportRows(included, highConfidenceOnly);
  const lists = {
    text: auctionatorLists(exported, state.unchecked),
    leftOut: auctionatorLeftOutCount(exported, state.unchecked),
  };
  const highConfidence = {
    on: highConfidenceOnly,
    onChange: setHighConfidenceOnly,
    count: exportRows(included, true).length,
    of: included.length,
  };

  return (
    <ToolFrame {...TOOL_HEADINGS[tool]} region={region} lastModified={lastModified}>
      <ToolBody
        tool={tool}
        state={state}
        rows={shownRows}
        mode="tool"
        primaryLabel={LABELS.getAuctionatorLists}
        onPrimary={openLists}
        csv={csv}
        action={<UncheckLosersButton count={shownRows.losingCount} onClick={shownRows.uncheckLosers} />}
        realms={realms}
        totals={<TotalsBar totals={shownRows.totals} />}
      >
        <EvidenceNotice hours={evidenceHours} />
        <CutNotice text={cutNotice(grouping.count, groupsFound)} />
        <ResultsTable
          entries={entries}
          sort={state.sort}
          onSort={state.sortBy}
          unchecked={state.unchecked}
          onToggle={state.toggleKeys}
          allIncluded={state.unchecked.size === 0}
          onToggleAll={shownRows.toggleAll}
          onOnlyFavourites={shownRows.onlyFavourites}
          favorites={favorites}
          onFavorite={toggleFavorite}
          favoritePending={pending}
          selectedKey={state.selectedKey}
          onSelect={selectAndOpen}
          onToggleGroup={groupKeys ? onToggleGroup : undefined}
          nowSeconds={nowSeconds}
        />
      </ToolBody>
      <AuctionatorModal
        open={listsOpen}
        onClose={() => setListsOpen(false)}
        text={lists.text}
        leftOut={lists.leftOut}
        highConfidence={highConfidence}
      />
      <DealDetail
        item={detailItem}
        region={region}
        nowSeconds={nowSeconds}
        onClose={() => setDetailKey(null)}
      />
    </ToolFrame>
  );
}

function CutNotice({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <p
      role="note"
      data-testid="cut-notice"
      className="self-start rounded-lg bg-white/5 px-3 py-1.5 text-xs text-slate-300 ring-1 ring-white/10 ring-inset"
    >
      {text}
    </p>
  );
}
