// Results table of the flipping and dropship tools (SPEC §2, §4, §9).
import {
  LABELS,
  expansionName,
  formatGold,
  formatPercent,
  formatRatio,
  profitPercent,
  saleAvgVsBuyColor,
  sellRateColor,
  sellVsBuyPercentColor,
  type StatusColor,
  type TradeItem,
} from '@goldroute/domain';
import { memo } from 'react';
import { Tooltip } from '../../components/ui';
import { STATUS_TEXT, capitalise, extraStatsText, ItemName, qualityClass } from './cells';
import type { SortKey, SortState } from './rows';
import { StarIcon, ToolTable, checkboxClass, rowClass, thClass, type SortColumn } from './table-parts';

/** One rendered line: a plain item, a dropship group, or one of a group's variants. */
export interface TableEntry {
  kind: 'item' | 'group' | 'variant';
  item: TradeItem;
  category: string;
  /** Trade keys the include checkbox controls (a group controls all its shown variants). */
  tradeKeys: readonly string[];
  groupKey?: string;
  /** Variant count of a group. */
  count?: number;
  expanded?: boolean;
}

/** Columns 2 to 15 of SPEC §2 (column 1 is the include checkbox), then the favourite star. */
export const RESULT_COLUMNS: readonly SortColumn[] = [
  { label: 'Item Name', sortKey: 'name', track: 'minmax(11rem,1.25fr)' },
  { label: 'Category', sortKey: 'category', track: '6.25rem' },
  { label: 'ilvl', sortKey: 'itemLevel', align: 'right', track: '2.75rem' },
  { label: 'Sell Rate', sortKey: 'sellRate', align: 'right', track: '3.75rem' },
  { label: 'Expansion', sortKey: 'expansion', track: '5.5rem' },
  { label: 'Quality', sortKey: 'quality', track: '4.75rem' },
  { label: 'Extra Stats', sortKey: 'extraStats', track: '5.25rem' },
  { label: 'Sale Avg', sortKey: 'saleAvg', align: 'right', track: '5.25rem' },
  { label: 'Sale Avg vs Buy', sortKey: 'saleAvgVsBuy', align: 'right', track: '5.75rem' },
  {
    label: 'Sell vs Buy',
    sortKey: 'sellVsBuy',
    tooltip: LABELS.sellVsBuyTooltip,
    align: 'right',
    track: '5.75rem',
  },
  { label: 'Sell Price', sortKey: 'sellPrice', align: 'right', track: '5.25rem' },
  { label: 'Sell Realm', sortKey: 'sellRealm', track: 'minmax(7rem,1fr)' },
  { label: 'Buy Price', sortKey: 'buyPrice', align: 'right', track: '5.25rem' },
  { label: 'Buy Realm', sortKey: 'buyRealm', track: 'minmax(7rem,1fr)' },
];

export interface ResultsTableProps {
  entries: readonly TableEntry[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  unchecked: ReadonlySet<string>;
  onToggle: (tradeKeys: readonly string[]) => void;
  /** Header checkbox state: checked only when nothing is unchecked. */
  allIncluded: boolean;
  onToggleAll: () => void;
  /** Header star: keep only favourites included. */
  onOnlyFavourites: () => void;
  favorites: ReadonlySet<string>;
  onFavorite: (item: TradeItem) => void;
  favoritePending?: string | null;
  selectedKey: string | null;
  onSelect: (tradeKey: string) => void;
  onToggleGroup?: (groupKey: string) => void;
}

const td = 'min-w-0 px-1.5 py-1.5';
const num = `${td} text-right tabular-nums whitespace-nowrap`;
const text = `${td} text-slate-300 break-words`;

/** Profit in gold over its percentage of the buy price. */
function ProfitCell({
  col,
  value,
  percent,
  color,
}: {
  col: string;
  value: number;
  percent: number;
  color: StatusColor;
}) {
  return (
    <td
      role="cell"
      data-col={col}
      className={`${num} leading-tight ${value < 0 ? 'text-red-400' : 'text-slate-100'}`}
    >
      {formatGold(value)}
      <span className={`block text-[11px] ${STATUS_TEXT[color]}`}>{formatPercent(percent)}</span>
    </td>
  );
}

function GroupToggle({ entry, onToggleGroup }: { entry: TableEntry; onToggleGroup: (key: string) => void }) {
  return (
    <button
      type="button"
      aria-expanded={entry.expanded ?? false}
      aria-label={`${entry.expanded ? 'Collapse' : 'Expand'} ${entry.item.name}`}
      onClick={(e) => {
        e.stopPropagation();
        onToggleGroup(entry.groupKey!);
      }}
      className="mr-1.5 inline-flex size-5 items-center justify-center rounded align-middle text-gold-300 ring-1 ring-gold-400/30 ring-inset hover:bg-gold-400/10"
    >
      {/* A chevron from two borders (no SVG per row): points right, or down when open. */}
      <span
        aria-hidden="true"
        className={`size-1.5 border-r-2 border-b-2 border-current transition-transform ${
          entry.expanded ? '-translate-y-px rotate-45' : '-translate-x-px -rotate-45'
        }`}
      />
    </button>
  );
}

interface RowProps {
  entry: TableEntry;
  included: boolean;
  favourite: boolean;
  pending: boolean;
  selected: boolean;
  onToggle: (tradeKeys: readonly string[]) => void;
  onFavorite: (item: TradeItem) => void;
  onSelect: (tradeKey: string) => void;
  onToggleGroup?: (groupKey: string) => void;
}

const ResultRow = memo(function ResultRow({
  entry,
  included,
  favourite,
  pending,
  selected,
  onToggle,
  onFavorite,
  onSelect,
  onToggleGroup,
}: RowProps) {
  const { item, category } = entry;
  const sellPercent = profitPercent(item.sellVsBuy, item.buyBuyout);
  const avgPercent = profitPercent(item.saleAvgVsBuy, item.buyBuyout);
  const variant = entry.kind === 'variant';
  return (
    <tr
      role="row"
      data-trade-key={item.uniqueTradeKey}
      data-kind={entry.kind}
      aria-selected={selected}
      onClick={() => onSelect(item.uniqueTradeKey)}
      className={`${rowClass} cursor-pointer border-t border-white/5 ${
        selected
          ? 'bg-gold-400/10 shadow-[inset_3px_0_0_var(--color-gold-400)]'
          : variant
            ? 'bg-ink-950/60 hover:bg-white/[0.04]'
            : 'hover:bg-white/[0.03]'
      } ${included ? '' : 'opacity-45'}`}
    >
      <td role="cell" className={td} onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          aria-label={`Include ${item.name}`}
          className={checkboxClass}
          checked={included}
          onChange={() => onToggle(entry.tradeKeys)}
        />
      </td>
      <td role="cell" className={`${td} break-words ${variant ? 'pl-7' : ''}`}>
        {entry.kind === 'group' && onToggleGroup && entry.groupKey ? (
          <GroupToggle entry={entry} onToggleGroup={onToggleGroup} />
        ) : null}
        {variant ? (
          <span className="mr-1.5 text-slate-600" aria-hidden="true">
            └
          </span>
        ) : null}
        <ItemName item={item} />
        {entry.kind === 'group' ? (
          <span
            className="ml-1.5 text-xs whitespace-nowrap text-slate-400 tabular-nums"
            data-testid="variant-count"
          >
            ({entry.count})
          </span>
        ) : null}
      </td>
      <td role="cell" className={text}>
        {category}
      </td>
      <td role="cell" className={`${num} text-slate-300`}>
        {Math.round(item.itemLevel)}
      </td>
      <td role="cell" className={`${num} ${STATUS_TEXT[sellRateColor(item.saleRate)]}`}>
        {formatRatio(item.saleRate)}
      </td>
      <td role="cell" className={text}>
        {expansionName(item.patchNumber)}
      </td>
      <td role="cell" className={`${td} ${qualityClass(item.quality)}`}>
        {capitalise(item.quality)}
      </td>
      <td role="cell" className={`${text} text-[11px] leading-snug`}>
        {extraStatsText(item)}
      </td>
      <td role="cell" className={`${num} text-slate-100`}>
        {formatGold(item.avgSale)}
      </td>
      <ProfitCell
        col="saleAvgVsBuy"
        value={item.saleAvgVsBuy}
        percent={avgPercent}
        color={saleAvgVsBuyColor(item.saleAvgVsBuy)}
      />
      <ProfitCell
        col="sellVsBuy"
        value={item.sellVsBuy}
        percent={sellPercent}
        color={sellVsBuyPercentColor(sellPercent)}
      />
      <td role="cell" className={`${num} text-slate-100`}>
        {formatGold(item.sellBuyout)}
      </td>
      <td role="cell" className={`${text} leading-snug`}>
        {item.sellingConnectedRealmName}
      </td>
      <td role="cell" className={`${num} text-gold-200`}>
        {formatGold(item.buyBuyout)}
      </td>
      <td role="cell" className={`${text} leading-snug`}>
        {item.buyingConnectedRealmName}
      </td>
      <td role="cell" className={`${td} text-center`}>
        {variant ? null : (
          <button
            type="button"
            disabled={pending}
            aria-pressed={favourite}
            aria-label={favourite ? `Remove ${item.name} from favorites` : `Add ${item.name} to favorites`}
            onClick={(e) => {
              e.stopPropagation();
              onFavorite(item);
            }}
            className={`inline-flex size-6 items-center justify-center rounded align-middle hover:bg-white/5 disabled:opacity-50 ${
              favourite ? 'text-gold-400' : 'text-slate-600 hover:text-gold-300'
            }`}
          >
            <StarIcon filled={favourite} />
          </button>
        )}
      </td>
    </tr>
  );
});

const favouritesHeader = (onOnlyFavourites: () => void) => (
  <th scope="col" role="columnheader" className={`${thClass} justify-center`}>
    <Tooltip content="Keep only favourites included">
      <button
        type="button"
        aria-label="Include only favourites"
        onClick={onOnlyFavourites}
        className="inline-flex size-6 items-center justify-center rounded text-gold-400 hover:bg-white/5"
      >
        <StarIcon filled />
      </button>
    </Tooltip>
  </th>
);

export function ResultsTable({
  entries,
  sort,
  onSort,
  unchecked,
  onToggle,
  allIncluded,
  onToggleAll,
  onOnlyFavourites,
  favorites,
  onFavorite,
  favoritePending = null,
  selectedKey,
  onSelect,
  onToggleGroup,
}: ResultsTableProps) {
  return (
    <ToolTable
      label="Results"
      columns={RESULT_COLUMNS}
      sort={sort}
      onSort={onSort}
      allIncluded={allIncluded}
      onToggleAll={onToggleAll}
      after={{ track: '2.25rem', header: favouritesHeader(onOnlyFavourites) }}
      isEmpty={entries.length === 0}
    >
      {entries.map((entry, slot) => {
        const key = entry.item.uniqueTradeKey;
        let included = true;
        for (const k of entry.tradeKeys) if (unchecked.has(k)) included = false;
        return (
          <ResultRow
            key={slot}
            entry={entry}
            included={included}
            favourite={favorites.has(entry.item.uniqueItemKey)}
            pending={favoritePending === entry.item.uniqueItemKey}
            selected={selectedKey === key}
            onToggle={onToggle}
            onFavorite={onFavorite}
            onSelect={onSelect}
            onToggleGroup={onToggleGroup}
          />
        );
      })}
    </ToolTable>
  );
}
