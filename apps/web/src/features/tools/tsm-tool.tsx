// TSM list generator (SPEC §2 "TSM generator table"): one row per item, TSM filters, "Copy TSM String".
import {
  itemLink,
  LABELS,
  TOASTS,
  expansionName,
  formatGold,
  formatRatio,
  isPet,
  sellRateColor,
  truncateName,
  tsmString,
  type TradeItem,
} from '@goldroute/domain';
import type { TradeColumns } from '@goldroute/domain/wire';
import { memo, useCallback, useMemo } from 'react';
import { Tooltip } from '../../components/ui';
import { STATUS_TEXT, qualityClass } from '../../shared/row-table/cells';
import { copyText } from './copy';
import { buildRowTable, categoryAt, type TradeRows } from '../../shared/row-table/row-table';
import { selectRows } from './select-rows';
import { measured } from '../../lib/measured';
import { TSM_DEFAULT_SORT, oneRowPerGroup } from '../../shared/row-table/rows';
import { IncludeBox, ToolTable, rowClass, thClass, type SortColumn } from './table-parts';
import { ToolBody } from './tool-body';
import { TOOL_HEADINGS, ToolFrame, type ToolPageProps } from './tool-page';
import { useCsvExport } from './use-csv-export';
import { useShownRows } from './use-shown-rows';
import { useToolState } from './use-tool-state';

/** The TSM list's item: the item id, or for pets the species. */
function tsmKey(item: Pick<TradeItem, 'id' | 'realPetId'>): string {
  return isPet(item) ? `p:${item.realPetId ?? String(item.id)}` : `i:${item.id}`;
}

/** One row per item: variants of one item id (pets: one species) collapse into the first one. */
export function dedupeTsmItems(items: readonly TradeItem[]): TradeItem[] {
  const seen = new Set<string>();
  const out: TradeItem[] = [];
  for (const item of items) {
    const key = tsmKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** dedupeTsmItems on columns: the first row of each item, as columns of their own. */
export function dedupeTsmRows(columns: TradeColumns): TradeColumns {
  const { variants, variant } = columns;
  // Per variant (the key depends only on variant fields), then the first row of each key.
  const keys = variants.id.map((id, v) => {
    const pet = variants.realPetId[v]!;
    return tsmKey({ id, realPetId: pet !== pet ? null : pet });
  });
  const seen = new Set<string>();
  const rows: number[] = [];
  for (let i = 0; i < columns.length; i++) {
    const key = keys[variant[i]!]!;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push(i);
  }
  return selectRows(columns, rows);
}

const NO_FAVOURITES: ReadonlySet<string> = new Set();

const TSM_COLUMNS: readonly SortColumn[] = [
  { label: 'Item Name', sortKey: 'name', track: 'minmax(12rem,1fr)' },
  { label: 'Category', sortKey: 'category', track: '8rem' },
  { label: 'Expansion', sortKey: 'expansion', track: '6.5rem' },
  { label: 'Sell Rate', sortKey: 'sellRate', align: 'right', track: '5.5rem' },
  { label: 'Sale Avg', sortKey: 'saleAvg', tooltip: LABELS.saleAvgTooltip, align: 'right', track: '7.5rem' },
  {
    label: 'Region Market Value',
    sortKey: 'marketValue',
    tooltip: LABELS.marketValueTooltip,
    align: 'right',
    track: '8.5rem',
  },
  {
    label: 'Region Historical',
    sortKey: 'historical',
    tooltip: LABELS.historicalTooltip,
    align: 'right',
    track: '8.5rem',
  },
];

const ICON_HEADER = (
  <th scope="col" role="columnheader" className={thClass}>
    <span className="sr-only">Icon</span>
  </th>
);

const td = 'min-w-0 px-2 py-1.5';
const num = `${td} text-right tabular-nums whitespace-nowrap`;

const TsmRow = memo(function TsmRow({
  item,
  category,
  included,
  onToggle,
}: {
  item: TradeItem;
  category: string;
  included: boolean;
  onToggle: (keys: readonly string[]) => void;
}) {
  return (
    <tr
      role="row"
      data-trade-key={item.uniqueTradeKey}
      className={`${rowClass} border-t border-white/5 hover:bg-white/[0.03] ${included ? '' : 'opacity-45'}`}
    >
      <td role="cell" className={td}>
        <IncludeBox
          aria-label={`Include ${item.name}`}
          checked={included}
          onChange={() => onToggle([item.uniqueTradeKey])}
        />
      </td>
      <td role="cell" className={td}>
        {/* The link is the icon's frame, so a missing icon (offline, unknown) still leaves a tidy tile. */}
        <a
          href={itemLink(item)}
          target="_blank"
          rel="noreferrer noopener"
          tabIndex={-1}
          aria-hidden="true"
          className="block size-7 overflow-hidden rounded-md bg-ink-700 ring-1 ring-white/10"
        >
          {item.mediaURL ? (
            <img
              // Rows are reused across pages: a new icon gets a fresh element (no stale "broken" mark).
              key={item.mediaURL}
              src={item.mediaURL}
              alt=""
              loading="lazy"
              onError={(e) => {
                e.currentTarget.dataset.broken = '';
              }}
              width={28}
              height={28}
              className="size-7 data-broken:invisible"
            />
          ) : null}
        </a>
      </td>
      <td role="cell" className={`${td} break-words`}>
        <Tooltip content={LABELS.clickToCopy(item.name)}>
          <button
            type="button"
            onClick={() => void copyText(item.name, TOASTS.copiedPlain, TOASTS.copyFailed)}
            className={`text-left font-medium hover:underline ${qualityClass(item.quality)}`}
          >
            {truncateName(item.name)}
          </button>
        </Tooltip>
      </td>
      <td role="cell" className={`${td} break-words text-slate-300`}>
        {category}
      </td>
      <td role="cell" className={`${td} text-slate-300`}>
        {expansionName(item.patchNumber)}
      </td>
      <td role="cell" className={`${num} ${STATUS_TEXT[sellRateColor(item.saleRate)]}`}>
        {formatRatio(item.saleRate)}
      </td>
      <td role="cell" className={`${num} text-slate-100`}>
        {formatGold(item.avgSale)}
      </td>
      <td role="cell" className={`${num} text-slate-100`}>
        {formatGold(item.marketValue)}
      </td>
      <td role="cell" className={`${num} text-slate-100`}>
        {formatGold(item.historical)}
      </td>
    </tr>
  );
});

export function TsmTool({ region, items, lastModified }: ToolPageProps & { items: TradeRows }) {
  const state = useToolState({ region, initialSort: TSM_DEFAULT_SORT, screen: 'tsm' });
  const table = useMemo(
    () =>
      measured('goldroute:prepare', () =>
        buildRowTable(
          Array.isArray(items)
            ? dedupeTsmItems(items as readonly TradeItem[])
            : dedupeTsmRows(items as TradeColumns),
        ),
      ),
    [items],
  );
  const grouping = useMemo(() => oneRowPerGroup(table.length), [table]);
  const rows = useShownRows({ table, grouping, rule: 'tsm', state, favorites: NO_FAVOURITES });
  const { unchecked } = state;
  const { shownItems } = rows;
  const csv = useCsvExport({ tool: 'tsm', region, table, rows, unchecked, columns: TSM_COLUMNS });
  // A TSM group is a list of items, not of deals: a deal's confidence says nothing of an item.
  const copyTsm = useCallback(() => {
    const text = tsmString(shownItems(), unchecked);
    void copyText(text, TOASTS.tsmCopied, TOASTS.tsmCopyFailed);
  }, [shownItems, unchecked]);

  return (
    <ToolFrame {...TOOL_HEADINGS.tsm} region={region} lastModified={lastModified}>
      <ToolBody
        tool="tsm"
        state={state}
        rows={rows}
        mode="tsm"
        primaryLabel={LABELS.copyTsmString}
        onPrimary={copyTsm}
        csv={csv}
      >
        <ToolTable
          label="TSM items"
          columns={TSM_COLUMNS}
          sort={state.sort}
          onSort={state.sortBy}
          allIncluded={unchecked.size === 0}
          onToggleAll={rows.toggleAll}
          before={{ track: '2.75rem', header: ICON_HEADER }}
          isEmpty={rows.pagePositions.length === 0}
        >
          {Array.from(rows.pagePositions, (position, slot) => {
            const i = rows.shown.rows[position]!;
            const item = table.item(i);
            return (
              <TsmRow
                key={slot}
                item={item}
                category={categoryAt(table, i)}
                included={!unchecked.has(item.uniqueTradeKey)}
                onToggle={state.toggleKeys}
              />
            );
          })}
        </ToolTable>
      </ToolBody>
    </ToolFrame>
  );
}
