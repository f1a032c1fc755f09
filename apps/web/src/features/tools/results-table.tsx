// Results table of the flipping and dropship tools (SPEC §2, §4, §9); on a phone, cards (result-cards.tsx).
import {
  expansionName,
  formatGold,
  formatPercent,
  formatRatio,
  profitPercent,
  saleAvgVsBuyColor,
  sellRateColor,
  sellVsBuyPercentColor,
  type StatusColor,
} from '@goldroute/domain';
import { memo } from 'react';
import { Tooltip } from '../../components/ui';
import { useIsNarrow } from '../../lib/use-media-query';
import {
  STATUS_TEXT,
  capitalise,
  extraStatsText,
  goldTone,
  ItemName,
  itemLevelCell,
  qualityClass,
} from '../../shared/row-table/cells';
import { ResultCards } from './result-cards';
import { ConfidenceButton, SaleChance } from './trust-parts';
import {
  EntryIncludeBox,
  FavouriteButton,
  GroupToggleSlot,
  RESULT_COLUMNS,
  VariantCount,
  entryRootProps,
  entryTone,
  entryViewProps,
  type EntryViewProps,
  type ResultsTableProps,
} from './result-parts';
import { StarIcon, ToolTable, rowClass, thClass } from './table-parts';

export { RESULT_COLUMNS, type ResultsTableProps, type TableEntry } from './result-parts';

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
    <td role="cell" data-col={col} className={`${num} leading-tight ${goldTone(value)}`}>
      {formatGold(value)}
      <span className={`block text-[11px] ${STATUS_TEXT[color]}`}>{formatPercent(percent)}</span>
    </td>
  );
}

const ResultRow = memo(function ResultRow(props: EntryViewProps) {
  const { entry, nowSeconds } = props;
  const { item, category } = entry;
  const sellPercent = profitPercent(item.sellVsBuy, item.buyBuyout);
  const avgPercent = profitPercent(item.saleAvgVsBuy, item.buyBuyout);
  const ilvl = itemLevelCell(item.itemLevel);
  const variant = entry.kind === 'variant';
  return (
    <tr
      role="row"
      {...entryRootProps(props)}
      aria-selected={props.selected}
      className={`${rowClass} cursor-pointer border-t border-white/5 ${entryTone(props, {
        variant: 'bg-ink-950/60 hover:bg-white/[0.04]',
        plain: 'hover:bg-white/[0.03]',
      })}`}
    >
      <td role="cell" className={td} onClick={(e) => e.stopPropagation()}>
        <EntryIncludeBox {...props} />
      </td>
      <td role="cell" className={`${td} break-words ${variant ? 'pl-7' : ''}`}>
        <GroupToggleSlot entry={entry} onToggleGroup={props.onToggleGroup} />
        {variant ? (
          <span className="mr-1.5 text-slate-600" aria-hidden="true">
            └
          </span>
        ) : null}
        <ItemName item={item} />
        <VariantCount entry={entry} />
      </td>
      <td role="cell" className={text}>
        {category}
      </td>
      <td
        role="cell"
        className={`${num} ${ilvl.title ? 'text-[11px] text-gold-300 underline decoration-dotted' : 'text-slate-300'}`}
        title={ilvl.title}
      >
        {ilvl.text}
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
      {/* The trust columns follow Sell vs Buy, as in RESULT_COLUMNS. */}
      <td role="cell" data-col="confidence" className={td}>
        <ConfidenceButton item={item} nowSeconds={nowSeconds} />
      </td>
      <td role="cell" data-col="realisticProfit" className={`${num} ${goldTone(item.realisticProfit)}`}>
        {formatGold(item.realisticProfit)}
        <SaleChance chance={item.saleChance} />
      </td>
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
        {variant ? null : <FavouriteButton {...props} />}
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

/** The results of the flipping and dropship tools: a table, or cards on a phone (narrower than `md`). */
export function ResultsTable(props: ResultsTableProps) {
  const narrow = useIsNarrow();
  return narrow ? <ResultCards {...props} /> : <WideResultsTable {...props} />;
}

function WideResultsTable(props: ResultsTableProps) {
  const { entries, sort, onSort, allIncluded, onToggleAll, onOnlyFavourites } = props;
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
      {entries.map((entry, slot) => (
        <ResultRow key={slot} {...entryViewProps(entry, props)} />
      ))}
    </ToolTable>
  );
}
