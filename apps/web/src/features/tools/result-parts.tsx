// What the flipping and dropship results show in both layouts (the desktop table and the phone cards):
// the entries, the group toggle, the variant count and the favourite star.
import { LABELS, type TradeItem } from '@goldroute/domain';
import type { SortKey, SortState } from '../../shared/row-table/rows';
import { EXPECTED_PROFIT_LABEL, SELL_VS_BUY_LABEL } from '../../shared/tool-labels';
import { IncludeBox, StarIcon, type SortColumn } from './table-parts';

/** What the deal-trust columns mean, on their headers. */
export const TRUST_COLUMN_TOOLTIPS = {
  confidence:
    'How sure the expected profit is: how much evidence 14 days of our own hourly snapshots give, and whether the realm and the region agree. Hover a badge for its reasons; click a row for the evidence.',
  realisticProfit:
    'What buying this deal is worth on average: the chance it sells on the sell realm within 48 hours (shown below it) times what the sale brings after the 5% cut, less the buy price. An unsold item counts as a loss.',
} as const;

/**
 * Columns 2 to 15 of SPEC §2 in their order (column 1 is the include checkbox), with the deal-trust
 * columns (Confidence, Expected Profit) right after Sell vs Buy, the figure they qualify, then the
 * favourite star. The
 * minimum widths add up to 87rem, so at 1440 px every column, Buy Realm included, is in view; Expected
 * Profit's 6rem hold its two-line header and its sort arrow.
 */
export const RESULT_COLUMNS: readonly SortColumn[] = [
  { label: 'Item Name', sortKey: 'name', track: 'minmax(8.5rem,1.25fr)' },
  { label: 'Category', sortKey: 'category', track: '5.5rem' },
  { label: 'ilvl', sortKey: 'itemLevel', align: 'right', track: '2.75rem' },
  { label: 'Sell Rate', sortKey: 'sellRate', align: 'right', track: '3.5rem' },
  { label: 'Expansion', sortKey: 'expansion', track: '5rem' },
  { label: 'Quality', sortKey: 'quality', track: '4.5rem' },
  { label: 'Extra Stats', sortKey: 'extraStats', track: '4.25rem' },
  { label: 'Sale Avg', sortKey: 'saleAvg', align: 'right', track: '5rem' },
  { label: 'Sale Avg vs Buy', sortKey: 'saleAvgVsBuy', align: 'right', track: '5.5rem' },
  {
    label: SELL_VS_BUY_LABEL,
    sortKey: 'sellVsBuy',
    tooltip: LABELS.sellVsBuyTooltip,
    align: 'right',
    track: '5.5rem',
  },
  { label: 'Confidence', sortKey: 'confidence', tooltip: TRUST_COLUMN_TOOLTIPS.confidence, track: '4.75rem' },
  {
    label: EXPECTED_PROFIT_LABEL,
    sortKey: 'realisticProfit',
    tooltip: TRUST_COLUMN_TOOLTIPS.realisticProfit,
    align: 'right',
    track: '6rem',
  },
  { label: 'Sell Price', sortKey: 'sellPrice', align: 'right', track: '5rem' },
  { label: 'Sell Realm', sortKey: 'sellRealm', track: 'minmax(6rem,1fr)' },
  { label: 'Buy Price', sortKey: 'buyPrice', align: 'right', track: '5rem' },
  { label: 'Buy Realm', sortKey: 'buyRealm', track: 'minmax(6rem,1fr)' },
];

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
  /** A group with more than one passing variant: only then does it expand into something new. */
  expandable?: boolean;
  expanded?: boolean;
}

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
  /** The moment the confidence reasons are told against (stale data: "updated 3 h ago"), unix seconds. */
  nowSeconds: number;
}

/** An entry is included while none of its trade keys is unchecked. */
export function isIncluded(entry: TableEntry, unchecked: ReadonlySet<string>): boolean {
  for (const key of entry.tradeKeys) if (unchecked.has(key)) return false;
  return true;
}

/** What one table row or one phone card is handed: the entry, its state, and the table's callbacks. */
export interface EntryViewProps {
  entry: TableEntry;
  included: boolean;
  favourite: boolean;
  pending: boolean;
  selected: boolean;
  onToggle: (tradeKeys: readonly string[]) => void;
  onFavorite: (item: TradeItem) => void;
  onSelect: (tradeKey: string) => void;
  onToggleGroup?: (groupKey: string) => void;
  nowSeconds: number;
}

/** One entry's view props read off the results' props: the table and the cards wire their rows alike. */
export function entryViewProps(entry: TableEntry, props: ResultsTableProps): EntryViewProps {
  const { uniqueItemKey, uniqueTradeKey } = entry.item;
  return {
    entry,
    included: isIncluded(entry, props.unchecked),
    favourite: props.favorites.has(uniqueItemKey),
    pending: (props.favoritePending ?? null) === uniqueItemKey,
    selected: props.selectedKey === uniqueTradeKey,
    onToggle: props.onToggle,
    onFavorite: props.onFavorite,
    onSelect: props.onSelect,
    onToggleGroup: props.onToggleGroup,
    nowSeconds: props.nowSeconds,
  };
}

/** What a row and a card carry on their root: the keys that name the entry, and a click that selects it. */
export function entryRootProps({ entry, onSelect }: Pick<EntryViewProps, 'entry' | 'onSelect'>) {
  return {
    'data-trade-key': entry.item.uniqueTradeKey,
    'data-kind': entry.kind,
    onClick: () => onSelect(entry.item.uniqueTradeKey),
  };
}

/**
 * The state classes of a row or a card: the selected entry marked in gold, else the layout's own
 * background for a variant or a plain entry; an excluded entry dimmed.
 */
export function entryTone(
  { entry, selected, included }: Pick<EntryViewProps, 'entry' | 'selected' | 'included'>,
  unselected: { variant: string; plain: string },
): string {
  const background = selected
    ? 'bg-gold-400/10 shadow-[inset_3px_0_0_var(--color-gold-400)]'
    : entry.kind === 'variant'
      ? unselected.variant
      : unselected.plain;
  return `${background} ${included ? '' : 'opacity-45'}`;
}

/** An entry's include checkbox: unticking it leaves out every trade key the entry stands for. */
export function EntryIncludeBox({
  entry,
  included,
  onToggle,
}: Pick<EntryViewProps, 'entry' | 'included' | 'onToggle'>) {
  return (
    <IncludeBox
      aria-label={`Include ${entry.item.name}`}
      checked={included}
      onChange={() => onToggle(entry.tradeKeys)}
    />
  );
}

/**
 * The expand arrow of a dropship group that has variants to show; a group without (one passing variant)
 * shows none (by default keeping its room empty, so the names of a page stay aligned).
 */
export function GroupToggleSlot({
  entry,
  onToggleGroup,
  keepRoom = true,
}: {
  entry: TableEntry;
  onToggleGroup?: (key: string) => void;
  /** Keep the arrow's room when there is no arrow (table rows); cards on a phone need the width. */
  keepRoom?: boolean;
}) {
  if (entry.kind !== 'group' || !onToggleGroup || entry.groupKey === undefined) return null;
  if (!entry.expandable) {
    return keepRoom ? <span aria-hidden="true" className="mr-1.5 inline-block size-5 align-middle" /> : null;
  }
  const groupKey = entry.groupKey;
  return (
    <button
      type="button"
      aria-expanded={entry.expanded ?? false}
      aria-label={`${entry.expanded ? 'Collapse' : 'Expand'} ${entry.item.name}`}
      onClick={(e) => {
        e.stopPropagation();
        onToggleGroup(groupKey);
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

/** "(N)" after a group's name: how many variants it has. */
export function VariantCount({ entry }: { entry: TableEntry }) {
  if (entry.kind !== 'group') return null;
  return (
    <span
      className="ml-1.5 text-xs whitespace-nowrap text-slate-400 tabular-nums"
      data-testid="variant-count"
    >
      ({entry.count})
    </span>
  );
}

/** The favourite star of a row (variants have none: their group's item is the favourite). */
export function FavouriteButton({
  entry: { item },
  favourite,
  pending,
  onFavorite,
  className = 'size-6',
}: Pick<EntryViewProps, 'entry' | 'favourite' | 'pending' | 'onFavorite'> & { className?: string }) {
  return (
    <button
      type="button"
      disabled={pending}
      aria-pressed={favourite}
      aria-label={favourite ? `Remove ${item.name} from favorites` : `Add ${item.name} to favorites`}
      onClick={(e) => {
        e.stopPropagation();
        onFavorite(item);
      }}
      className={`inline-flex shrink-0 items-center justify-center rounded align-middle hover:bg-white/5 disabled:opacity-50 ${className} ${
        favourite ? 'text-gold-400' : 'text-slate-600 hover:text-gold-300'
      }`}
    >
      <StarIcon filled={favourite} />
    </button>
  );
}
