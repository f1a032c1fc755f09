// Results table of the flipping and dropship tools (SPEC §2, §4, §9).
import {
  LABELS,
  expansionName,
  profitPercent,
  saleAvgVsBuyColor,
  sellRateColor,
  sellVsBuyPercentColor,
  type TradeItem,
} from '@goldroute/domain';
import { memo, type ReactNode } from 'react';
import { Tooltip } from '../../components/ui';
import { capitalise, ExtraStats, Gold, ItemName, Percent, qualityClass, Ratio } from './cells';
import type { PreparedRow, SortKey, SortState } from './rows';
import { SortHeader, StarIcon, TableShell, thClass } from './table-parts';

/** One rendered line: a plain item, a dropship group, or one of a group's variants. */
export interface TableEntry {
  kind: 'item' | 'group' | 'variant';
  row: PreparedRow;
  /** Trade keys the include checkbox controls (a group controls all its shown variants). */
  tradeKeys: readonly string[];
  groupKey?: string;
  count?: number;
  expanded?: boolean;
}

interface Column {
  label: string;
  sortKey: SortKey;
  tooltip?: string;
  align?: 'right';
}

/** Columns 2 to 15 of SPEC §2 (column 1 is the include checkbox), then the favourite star. */
export const RESULT_COLUMNS: readonly Column[] = [
  { label: 'Item Name', sortKey: 'name' },
  { label: 'Category', sortKey: 'category' },
  { label: 'ilvl', sortKey: 'itemLevel', align: 'right' },
  { label: 'Sell Rate', sortKey: 'sellRate', align: 'right' },
  { label: 'Expansion', sortKey: 'expansion' },
  { label: 'Quality', sortKey: 'quality' },
  { label: 'Extra Stats', sortKey: 'extraStats' },
  { label: 'Sale Avg', sortKey: 'saleAvg', align: 'right' },
  { label: 'Sale Avg vs Buy', sortKey: 'saleAvgVsBuy', align: 'right' },
  { label: 'Sell vs Buy', sortKey: 'sellVsBuy', tooltip: LABELS.sellVsBuyTooltip, align: 'right' },
  { label: 'Sell Price', sortKey: 'sellPrice', align: 'right' },
  { label: 'Sell Realm', sortKey: 'sellRealm' },
  { label: 'Buy Price', sortKey: 'buyPrice', align: 'right' },
  { label: 'Buy Realm', sortKey: 'buyRealm' },
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

const td = 'px-1.5 py-1.5 whitespace-nowrap';
const tdRight = `${td} text-right`;

function profitCell(
  value: number,
  percent: number,
  percentColor: ReturnType<typeof sellVsBuyPercentColor>,
): ReactNode {
  return (
    <span className="inline-flex flex-col items-end leading-tight">
      <Gold value={value} className={value < 0 ? 'text-red-400' : 'text-slate-100'} />
      <Percent value={percent} color={percentColor} />
    </span>
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
  const { item, category } = entry.row;
  const sellPercent = profitPercent(item.sellVsBuy, item.buyBuyout);
  const avgPercent = profitPercent(item.saleAvgVsBuy, item.buyBuyout);
  const variant = entry.kind === 'variant';
  return (
    <tr
      data-trade-key={item.uniqueTradeKey}
      data-kind={entry.kind}
      aria-selected={selected}
      onClick={() => onSelect(item.uniqueTradeKey)}
      className={`cursor-pointer border-t border-white/5 transition-colors ${
        selected
          ? 'bg-gold-400/10 shadow-[inset_3px_0_0_var(--color-gold-400)]'
          : variant
            ? 'bg-ink-950/60 hover:bg-white/[0.04]'
            : 'hover:bg-white/[0.03]'
      } ${included ? '' : 'opacity-45'}`}
    >
      <td className={`${td} w-8`} onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          aria-label={`Include ${item.name}`}
          className="size-4 cursor-pointer accent-gold-400"
          checked={included}
          onChange={() => onToggle(entry.tradeKeys)}
        />
      </td>
      <td className={`${td} ${variant ? 'pl-8' : ''}`}>
        <span className="inline-flex items-center gap-1.5">
          {entry.kind === 'group' && onToggleGroup && entry.groupKey ? (
            <button
              type="button"
              aria-expanded={entry.expanded ?? false}
              aria-label={`${entry.expanded ? 'Collapse' : 'Expand'} ${item.name}`}
              onClick={(e) => {
                e.stopPropagation();
                onToggleGroup(entry.groupKey!);
              }}
              className="inline-flex size-5 items-center justify-center rounded text-gold-300 ring-1 ring-gold-400/30 ring-inset hover:bg-gold-400/10"
            >
              <svg
                viewBox="0 0 20 20"
                className={`size-3.5 transition-transform ${entry.expanded ? 'rotate-90' : ''}`}
                aria-hidden="true"
              >
                <path
                  d="M7 5l6 5-6 5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          ) : null}
          {variant ? (
            <span className="text-slate-600" aria-hidden="true">
              └
            </span>
          ) : null}
          <ItemName item={item} />
          {entry.kind === 'group' ? (
            <span className="text-xs text-slate-400 tabular-nums" data-testid="variant-count">
              ({entry.count})
            </span>
          ) : null}
        </span>
      </td>
      <td className={`${td} text-slate-300`}>{category}</td>
      <td className={`${tdRight} text-slate-300 tabular-nums`}>{Math.round(item.itemLevel)}</td>
      <td className={tdRight}>
        <Ratio value={item.saleRate} color={sellRateColor(item.saleRate)} />
      </td>
      <td className={`${td} text-slate-300`}>{expansionName(item.patchNumber)}</td>
      <td className={`${td} ${qualityClass(item.quality)}`}>{capitalise(item.quality)}</td>
      <td className="max-w-36 min-w-20 px-1.5 py-1.5 text-[11px] leading-snug">
        <ExtraStats item={item} />
      </td>
      <td className={tdRight}>
        <Gold value={item.avgSale} />
      </td>
      <td className={tdRight} data-col="saleAvgVsBuy">
        {profitCell(item.saleAvgVsBuy, avgPercent, saleAvgVsBuyColor(item.saleAvgVsBuy))}
      </td>
      <td className={tdRight} data-col="sellVsBuy">
        {profitCell(item.sellVsBuy, sellPercent, sellVsBuyPercentColor(sellPercent))}
      </td>
      <td className={tdRight}>
        <Gold value={item.sellBuyout} />
      </td>
      <td className="max-w-44 min-w-32 px-1.5 py-1.5 leading-snug text-slate-300">
        {item.sellingConnectedRealmName}
      </td>
      <td className={tdRight}>
        <Gold value={item.buyBuyout} className="text-gold-200" />
      </td>
      <td className="max-w-44 min-w-32 px-1.5 py-1.5 leading-snug text-slate-300">
        {item.buyingConnectedRealmName}
      </td>
      <td className={`${td} w-8 text-center`}>
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
            className={`inline-flex size-6 items-center justify-center rounded transition hover:bg-white/5 disabled:opacity-50 ${
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
    <TableShell label="Results">
      <thead>
        <tr>
          <th scope="col" className={`${thClass} w-8`}>
            <input
              type="checkbox"
              aria-label="Include all rows"
              className="size-4 cursor-pointer accent-gold-400"
              checked={allIncluded}
              onChange={onToggleAll}
            />
          </th>
          {RESULT_COLUMNS.map((column) => (
            <SortHeader key={column.sortKey} {...column} sort={sort} onSort={onSort} />
          ))}
          <th scope="col" className={`${thClass} w-8 text-center`}>
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
        </tr>
      </thead>
      <tbody>
        {entries.length === 0 ? (
          <tr>
            <td colSpan={RESULT_COLUMNS.length + 2} className="px-4 py-16 text-center text-slate-400">
              {LABELS.noData}
            </td>
          </tr>
        ) : (
          entries.map((entry) => {
            const key = entry.row.item.uniqueTradeKey;
            let included = true;
            for (const k of entry.tradeKeys) if (unchecked.has(k)) included = false;
            return (
              <ResultRow
                key={`${entry.kind}:${entry.groupKey ?? ''}:${key}`}
                entry={entry}
                included={included}
                favourite={favorites.has(entry.row.item.uniqueItemKey)}
                pending={favoritePending === entry.row.item.uniqueItemKey}
                selected={selectedKey === key}
                onToggle={onToggle}
                onFavorite={onFavorite}
                onSelect={onSelect}
                onToggleGroup={onToggleGroup}
              />
            );
          })
        )}
      </tbody>
    </TableShell>
  );
}
