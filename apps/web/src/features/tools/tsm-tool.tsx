// TSM list generator (SPEC §2 "TSM generator table"): one row per item, TSM filters, "Copy TSM String".
import {
  LABELS,
  PAGE_SIZE,
  TOASTS,
  clampPage,
  expansionName,
  isPet,
  pageCount,
  sellRateColor,
  truncateName,
  tsmString,
  type Region,
  type TradeItem,
} from '@goldroute/domain';
import { memo, useCallback, useMemo } from 'react';
import { Pagination, Tooltip } from '../../components/ui';
import { Gold, Ratio, qualityClass } from './cells';
import { copyText } from './copy';
import { FilterPanel } from './filter-panel';
import { itemLink } from './links';
import { measured, prepareRows, rowFilter, sortRows, type PreparedRow, type SortKey } from './rows';
import { SortHeader, TableShell, thClass } from './table-parts';
import { FilterBar, TOOL_HEADINGS, ToolFrame } from './tool-page';
import { useToolState } from './use-tool-state';

/** One row per item: variants of one item id (pets: one species) collapse into the first one. */
export function dedupeTsmItems(items: readonly TradeItem[]): TradeItem[] {
  const seen = new Set<string>();
  const out: TradeItem[] = [];
  for (const item of items) {
    const key = isPet(item) ? `p:${item.realPetId ?? String(item.id)}` : `i:${item.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

const identity = (row: PreparedRow) => row;
const NO_FAVOURITES: ReadonlySet<string> = new Set();

const TSM_COLUMNS: { label: string; sortKey: SortKey; tooltip?: string; align?: 'right' }[] = [
  { label: 'Item Name', sortKey: 'name' },
  { label: 'Category', sortKey: 'category' },
  { label: 'Expansion', sortKey: 'expansion' },
  { label: 'Sell Rate', sortKey: 'sellRate', align: 'right' },
  { label: 'Sale Avg', sortKey: 'saleAvg', tooltip: LABELS.saleAvgTooltip, align: 'right' },
  {
    label: 'Region Market Value',
    sortKey: 'marketValue',
    tooltip: LABELS.marketValueTooltip,
    align: 'right',
  },
  { label: 'Region Historical', sortKey: 'historical', tooltip: LABELS.historicalTooltip, align: 'right' },
];

const td = 'px-2 py-1.5 whitespace-nowrap';

const TsmRow = memo(function TsmRow({
  row,
  included,
  onToggle,
}: {
  row: PreparedRow;
  included: boolean;
  onToggle: (key: string) => void;
}) {
  const { item } = row;
  return (
    <tr
      data-trade-key={item.uniqueTradeKey}
      className={`border-t border-white/5 hover:bg-white/[0.03] ${included ? '' : 'opacity-45'}`}
    >
      <td className={`${td} w-8`}>
        <input
          type="checkbox"
          aria-label={`Include ${item.name}`}
          className="size-4 cursor-pointer accent-gold-400"
          checked={included}
          onChange={() => onToggle(item.uniqueTradeKey)}
        />
      </td>
      <td className={`${td} w-10`}>
        <a href={itemLink(item)} target="_blank" rel="noreferrer noopener" tabIndex={-1} aria-hidden="true">
          {item.mediaURL ? (
            <img
              src={item.mediaURL}
              alt=""
              loading="lazy"
              onError={(e) => {
                // Offline or a missing icon: keep the frame, hide the broken-image glyph.
                e.currentTarget.dataset.broken = '';
              }}
              width={28}
              height={28}
              className="size-7 rounded-md bg-ink-700 ring-1 ring-white/10 data-broken:opacity-0"
            />
          ) : (
            <span className="block size-7 rounded-md bg-ink-700 ring-1 ring-white/10" />
          )}
        </a>
      </td>
      <td className={td}>
        <Tooltip content={LABELS.clickToCopy(item.name)}>
          <button
            type="button"
            onClick={() => void copyText(item.name, TOASTS.copiedPlain, TOASTS.copyFailed)}
            className={`font-medium hover:underline ${qualityClass(item.quality)}`}
          >
            {truncateName(item.name)}
          </button>
        </Tooltip>
      </td>
      <td className={`${td} text-slate-300`}>{row.category}</td>
      <td className={`${td} text-slate-300`}>{expansionName(item.patchNumber)}</td>
      <td className={`${td} text-right`}>
        <Ratio value={item.saleRate} color={sellRateColor(item.saleRate)} />
      </td>
      <td className={`${td} text-right`}>
        <Gold value={item.avgSale} />
      </td>
      <td className={`${td} text-right`}>
        <Gold value={item.marketValue} />
      </td>
      <td className={`${td} text-right`}>
        <Gold value={item.historical} />
      </td>
    </tr>
  );
});

export function TsmTool({
  region,
  items,
  lastModified,
}: {
  region: Region;
  items: readonly TradeItem[];
  lastModified: number;
}) {
  const state = useToolState();
  const { unchecked, setUnchecked } = state;
  const prepared = useMemo(() => prepareRows(dedupeTsmItems(items)), [items]);
  const sorted = useMemo(
    () => measured('goldroute:sort', () => sortRows(prepared, identity, state.sort, NO_FAVOURITES)),
    [prepared, state.sort],
  );
  const filtered = useMemo(
    () => measured('goldroute:filter', () => sorted.filter(rowFilter(state.filters, 'tsm'))),
    [sorted, state.filters],
  );
  const page = Math.max(1, clampPage(state.page, pageCount(filtered.length)));
  const pageRows = useMemo(() => filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), [filtered, page]);

  const onToggle = useCallback(
    (key: string) => {
      const next = new Set(unchecked);
      if (!next.delete(key)) next.add(key);
      setUnchecked(next);
    },
    [unchecked, setUnchecked],
  );
  const allIncluded = unchecked.size === 0;
  const copyTsm = () =>
    void copyText(
      tsmString(
        filtered.map((r) => r.item),
        unchecked,
      ),
      TOASTS.tsmCopied,
      TOASTS.tsmCopyFailed,
    );

  return (
    <ToolFrame {...TOOL_HEADINGS.tsm} region={region} lastModified={lastModified}>
      <FilterBar
        name={state.filters.name}
        onName={state.setName}
        filters={state.filters}
        onOpenFilters={() => state.setPanelOpen(true)}
        primaryLabel={LABELS.copyTsmString}
        onPrimary={copyTsm}
      />
      <TableShell label="TSM items">
        <thead>
          <tr>
            <th scope="col" className={`${thClass} w-8`}>
              <input
                type="checkbox"
                aria-label="Include all rows"
                className="size-4 cursor-pointer accent-gold-400"
                checked={allIncluded}
                onChange={() =>
                  setUnchecked(allIncluded ? new Set(prepared.map((r) => r.item.uniqueTradeKey)) : new Set())
                }
              />
            </th>
            <th scope="col" className={`${thClass} w-10`}>
              <span className="sr-only">Icon</span>
            </th>
            {TSM_COLUMNS.map((c) => (
              <SortHeader key={c.sortKey} {...c} sort={state.sort} onSort={state.sortBy} />
            ))}
          </tr>
        </thead>
        <tbody>
          {pageRows.length === 0 ? (
            <tr>
              <td colSpan={TSM_COLUMNS.length + 2} className="px-4 py-16 text-center text-slate-400">
                {LABELS.noData}
              </td>
            </tr>
          ) : (
            pageRows.map((row) => (
              <TsmRow
                key={row.item.uniqueTradeKey}
                row={row}
                included={!unchecked.has(row.item.uniqueTradeKey)}
                onToggle={onToggle}
              />
            ))
          )}
        </tbody>
      </TableShell>
      <Pagination page={page} totalItems={filtered.length} onPageChange={state.setPage} />
      <FilterPanel
        open={state.panelOpen}
        onClose={() => state.setPanelOpen(false)}
        filters={state.filters}
        onApply={(next) => {
          state.applyFilters(next);
          state.setPanelOpen(false);
        }}
        mode="tsm"
      />
    </ToolFrame>
  );
}
