// The flipping and dropship results on a phone (narrower than Tailwind's `md`): one compact card per row
// instead of the 16-column table, so a trader sees what decides a deal without scrolling sideways.
//
//   [✓] Item name (3)                                   [★]   the item: link, crafted marker, group arrow
//       SELL VS BUY 12,345g 93.4%  REALISTIC PROFIT 9,000g    the figures: one <CardFigure> each, wrapping
//       CONFIDENCE (High)                                     onto a new line rather than scrolling sideways
//       BUY   1,234g @ Stormrage                             the route: buy realm, then sell realm
//       SELL 14,000g @ Area 52
import {
  LABELS,
  formatGold,
  formatPercent,
  profitPercent,
  sellVsBuyPercentColor,
  type TradeItem,
} from '@goldroute/domain';
import { memo, type ReactNode } from 'react';
import { ItemName, STATUS_TEXT, goldTone } from '../../shared/row-table/cells';
import {
  EntryIncludeBox,
  FavouriteButton,
  GroupToggleSlot,
  RESULT_COLUMNS,
  TRUST_COLUMN_TOOLTIPS,
  VariantCount,
  entryRootProps,
  entryTone,
  entryViewProps,
} from './result-parts';
import type { EntryViewProps, ResultsTableProps } from './result-parts';
import type { SortKey } from '../../shared/row-table/rows';
import { EXPECTED_PROFIT_LABEL, SELL_VS_BUY_LABEL } from '../../shared/tool-labels';
import { IncludeBox, StarIcon } from './table-parts';
import { ConfidenceButton, SaleChance } from './trust-parts';

/** One labelled figure of a card's second line. */
export function CardFigure({
  label,
  title,
  children,
}: {
  label: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 items-baseline gap-1.5">
      <dt
        className="text-[10px] font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase"
        title={title}
      >
        {label}
      </dt>
      <dd className="tabular-nums whitespace-nowrap">{children}</dd>
    </div>
  );
}

/** A card's gold figure, red when it is a loss. */
function CardGold({ col, value }: { col: 'sellVsBuy' | 'realisticProfit'; value: number }) {
  return (
    <span data-col={col} className={`text-sm font-semibold ${goldTone(value)}`}>
      {formatGold(value)}
    </span>
  );
}

/** The figures a trader decides on, in order: what the listings say, what to expect, how far to trust it. */
function CardFigures({ item, nowSeconds }: { item: TradeItem; nowSeconds: number }) {
  const percent = profitPercent(item.sellVsBuy, item.buyBuyout);
  return (
    <dl className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1" data-testid="card-figures">
      <CardFigure label={SELL_VS_BUY_LABEL} title={LABELS.sellVsBuyTooltip}>
        <CardGold col="sellVsBuy" value={item.sellVsBuy} />{' '}
        <span className={`text-[11px] ${STATUS_TEXT[sellVsBuyPercentColor(percent)]}`}>
          {formatPercent(percent)}
        </span>
      </CardFigure>
      <CardFigure label={EXPECTED_PROFIT_LABEL} title={TRUST_COLUMN_TOOLTIPS.realisticProfit}>
        <CardGold col="realisticProfit" value={item.realisticProfit} />{' '}
        <SaleChance chance={item.saleChance} inline />
      </CardFigure>
      <CardFigure label="Confidence" title={TRUST_COLUMN_TOOLTIPS.confidence}>
        <ConfidenceButton item={item} nowSeconds={nowSeconds} />
      </CardFigure>
    </dl>
  );
}

/**
 * One line of the route, "BUY 1,234g @ Stormrage": three cells of the route grid, so the prices of the
 * buy and the sell line stand right-aligned under each other.
 */
function RealmPrice({
  side,
  price,
  realm,
  priceClass,
}: {
  side: 'Buy' | 'Sell';
  price: number;
  realm: string;
  priceClass: string;
}) {
  return (
    <div className="contents" data-testid={`card-${side.toLowerCase()}`}>
      <dt className="text-[10px] font-semibold tracking-wide text-slate-500 uppercase">{side}</dt>{' '}
      <dd className={`text-right font-semibold whitespace-nowrap tabular-nums ${priceClass}`}>
        {formatGold(price)}
      </dd>{' '}
      {/* The realm is where the trader has to go: wrapped when long, never cut. */}
      <dd className="min-w-0 break-words text-slate-300">@ {realm}</dd>
    </div>
  );
}

export const ResultCard = memo(function ResultCard(props: EntryViewProps) {
  const { entry, nowSeconds } = props;
  const { item } = entry;
  const variant = entry.kind === 'variant';
  return (
    <li
      {...entryRootProps(props)}
      aria-current={props.selected || undefined}
      className={`flex cursor-pointer items-start gap-2.5 border-t border-white/5 py-2.5 pr-2 [content-visibility:auto] [contain-intrinsic-size:auto_4.5rem] first:border-t-0 ${
        variant ? 'pl-8' : 'pl-3'
      } ${entryTone(props, { variant: 'bg-ink-950/60', plain: 'active:bg-white/[0.04]' })}`}
    >
      {/* A padded label: a finger-sized target around the small box. */}
      <label className="-m-1.5 flex shrink-0 p-1.5" onClick={(e) => e.stopPropagation()}>
        <EntryIncludeBox {...props} />
      </label>
      <div className="min-w-0 flex-1 text-xs">
        <div className="flex items-start gap-2">
          <p className="min-w-0 flex-1 text-sm leading-snug break-words">
            <GroupToggleSlot entry={entry} onToggleGroup={props.onToggleGroup} keepRoom={false} />
            <ItemName item={item} />
            <VariantCount entry={entry} />
          </p>
          {variant ? null : <FavouriteButton {...props} className="-my-1 size-7" />}
        </div>
        <CardFigures item={item} nowSeconds={nowSeconds} />
        {/* The route: where to buy, then where to sell. */}
        <dl
          className="mt-1 grid grid-cols-[auto_auto_minmax(0,1fr)] items-baseline gap-x-1.5"
          data-testid="card-route"
        >
          <RealmPrice
            side="Buy"
            price={item.buyBuyout}
            realm={item.buyingConnectedRealmName}
            priceClass="text-gold-200"
          />
          <RealmPrice
            side="Sell"
            price={item.sellBuyout}
            realm={item.sellingConnectedRealmName}
            priceClass="text-slate-100"
          />
        </dl>
      </div>
    </li>
  );
});

/** Above the cards, what the table's header row does: include all, sort, keep only favourites. */
function CardsHeader({
  sort,
  onSort,
  allIncluded,
  onToggleAll,
  onOnlyFavourites,
}: Pick<ResultsTableProps, 'sort' | 'onSort' | 'allIncluded' | 'onToggleAll' | 'onOnlyFavourites'>) {
  const descending = sort.direction === 'desc';
  return (
    <div className="flex items-center gap-2 border-b border-white/10 bg-ink-800 px-3 py-2 text-xs text-slate-400">
      <label className="flex items-center gap-2 py-1 pr-1 font-semibold tracking-wide uppercase">
        <IncludeBox aria-label="Include all rows" checked={allIncluded} onChange={onToggleAll} />
        All
      </label>
      <label className="ml-auto flex min-w-0 items-center gap-1.5">
        <span className="whitespace-nowrap">Sort by</span>
        <select
          aria-label="Sort by"
          value={sort.key}
          onChange={(e) => onSort(e.target.value as SortKey)}
          className="h-8 min-w-0 rounded-lg bg-ink-900 px-2 text-xs text-slate-100 ring-1 ring-white/10 [color-scheme:dark] ring-inset focus-visible:ring-gold-400/60 focus-visible:outline-none"
        >
          {RESULT_COLUMNS.map((column) => (
            <option key={column.sortKey} value={column.sortKey}>
              {column.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        onClick={() => onSort(sort.key)}
        aria-label={`Reverse sort order (now ${descending ? 'descending' : 'ascending'})`}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-gold-300 ring-1 ring-white/10 ring-inset hover:bg-white/5"
      >
        <span aria-hidden="true" className="text-[10px]">
          {descending ? '▼' : '▲'}
        </span>
      </button>
      <button
        type="button"
        aria-label="Include only favourites"
        title="Keep only favourites included"
        onClick={onOnlyFavourites}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-gold-400 ring-1 ring-white/10 ring-inset hover:bg-white/5"
      >
        <StarIcon filled />
      </button>
    </div>
  );
}

export function ResultCards(props: ResultsTableProps) {
  const { entries, sort, onSort, allIncluded, onToggleAll, onOnlyFavourites } = props;
  return (
    <section
      aria-label="Results"
      className="overflow-hidden rounded-2xl border border-white/10 bg-ink-900/80 shadow-xl shadow-black/30"
    >
      <CardsHeader
        sort={sort}
        onSort={onSort}
        allIncluded={allIncluded}
        onToggleAll={onToggleAll}
        onOnlyFavourites={onOnlyFavourites}
      />
      {entries.length === 0 ? (
        <p className="px-4 py-16 text-center text-sm text-slate-400">{LABELS.noData}</p>
      ) : (
        <ul aria-label="Deals">
          {entries.map((entry, slot) => (
            <ResultCard key={slot} {...entryViewProps(entry, props)} />
          ))}
        </ul>
      )}
    </section>
  );
}
