// A deal's details (docs/deal-trust.md), opened by a click on its row or card: the route, both profits, the
// confidence with its reasons, the evidence in numbers and the 14-day history of its two realms.
import {
  saleChanceText,
  EVIDENCE_WINDOW_HOURS,
  LABELS,
  formatGold,
  formatPercent,
  profitPercent,
  trustLines,
  type Region,
  type TradeItem,
} from '@goldroute/domain';
import { useId, type ReactNode } from 'react';
import { Modal, buttonClass } from '../../components/ui';
import { serverErrorOf } from '../../lib/api-client';
import { useIsNarrow } from '../../lib/use-media-query';
import { dealHistoryQuery, useDealHistory } from '../../shared/market/api';
import { DealHistoryChart } from './deal-history-chart';
import { EXPECTED_PROFIT_LABEL } from '../../shared/tool-labels';
import { ConfidenceBadge } from './trust-parts';

export const DEAL_DETAIL_TEXTS = {
  historyHeading: 'Last 14 days',
  loading: 'Loading the 14-day history…',
  failed: 'The 14-day history could not be loaded. Close and open the deal to try again.',
  empty: 'No listings or sales of this item were seen on these two realms in the last 14 days.',
  noMedian: 'None seen',
  postedUnknown: 'Not known yet',
} as const;

const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;

/** The evidence behind the confidence, as the numbers the rules read. */
export function evidenceRows(item: TradeItem): [string, string][] {
  const e = item.evidence;
  return [
    ['Sales seen (14 days)', String(e.salesSeen14d)],
    [
      'Median sale (14 days)',
      e.medianSale14d === null ? DEAL_DETAIL_TEXTS.noMedian : formatGold(e.medianSale14d),
    ],
    // The item floor: what a dead listing is judged against when the realm was not seen selling it.
    [
      'Usual sell-realm price (14 days)',
      e.sellItemFloor14d === null ? DEAL_DETAIL_TEXTS.noMedian : formatGold(e.sellItemFloor14d),
    ],
    ['Sell listings near price', String(e.sellListingsNearPrice)],
    ['Units near sell price', String(e.sellQuantityNearPrice)],
    ['Realms offering', String(e.realmsOffering)],
    ['Buy quantity', String(e.buyQuantity)],
    ['Sell listing age', hours(e.sellListingAgeSnapshots)],
    // 12 or 24 hours: a seller expecting to sell; 48: the longest, as listings meant to sit are posted.
    [
      'Sell listing posted for',
      e.sellPostedHours === null ? DEAL_DETAIL_TEXTS.postedUnknown : hours(e.sellPostedHours),
    ],
    ['Buy listing age', hours(e.buyListingAgeSnapshots)],
    ['Hours of evidence', `${e.hoursObserved} of ${EVIDENCE_WINDOW_HOURS}`],
  ];
}

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white/[0.03] px-3 py-2 ring-1 ring-white/5">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-100 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export interface DealDetailProps {
  item: TradeItem | null;
  region: Region;
  nowSeconds: number;
  onClose: () => void;
}

/** Closed while `item` is null. Escape, the backdrop, the X and the Close button close it. */
export function DealDetail({ item, region, nowSeconds, onClose }: DealDetailProps) {
  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      title={item?.name ?? ''}
      size="xl"
      closeLabel="Close details"
      footer={
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={onClose}>
          Close
        </button>
      }
    >
      {item ? <DealDetailBody item={item} region={region} nowSeconds={nowSeconds} /> : null}
    </Modal>
  );
}

/** One titled part of the details, named by its heading. */
function DetailSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1.5 text-xs font-semibold tracking-wide text-slate-400 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DealDetailBody({
  item,
  region,
  nowSeconds,
}: Omit<DealDetailProps, 'item' | 'onClose'> & { item: TradeItem }) {
  const percent = profitPercent(item.sellVsBuy, item.buyBuyout);
  const id = useId();
  return (
    <div className="space-y-5 text-sm text-slate-300">
      <p data-testid="deal-route">
        Buy on <span className="font-semibold text-gold-200">{item.buyingConnectedRealmName}</span> at{' '}
        {formatGold(item.buyBuyout)}, sell on{' '}
        <span className="font-semibold text-slate-100">{item.sellingConnectedRealmName}</span> at{' '}
        {formatGold(item.sellBuyout)}.
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Sell vs Buy" testId="detail-sell-vs-buy">
          {formatGold(item.sellVsBuy)}{' '}
          <span className="text-xs font-normal text-slate-400">{formatPercent(percent)}</span>
        </Figure>
        <Figure label={EXPECTED_PROFIT_LABEL} testId="detail-realistic-profit">
          {formatGold(item.realisticProfit)}{' '}
          <span className="text-xs font-normal text-slate-400">{saleChanceText(item.saleChance)}</span>
        </Figure>
        <Figure label="Confidence" testId="detail-confidence">
          <ConfidenceBadge level={item.confidence} />
        </Figure>
      </dl>
      <p className="text-xs text-slate-500">{LABELS.sellVsBuyTooltip}</p>
      <DetailSection id={`${id}-reasons`} title="How the figure is made, and why this confidence">
        <ul className="list-disc space-y-1 pl-5" data-testid="trust-lines">
          {trustLines(item, nowSeconds).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </DetailSection>
      <DetailSection id={`${id}-evidence`} title="Evidence">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-3">
          {evidenceRows(item).map(([label, value]) => (
            <div key={label} className="flex min-w-0 justify-between gap-2 border-b border-white/5 py-1">
              <dt className="text-slate-400">{label}</dt>
              <dd className="font-semibold text-slate-100 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </DetailSection>
      <DetailSection id={`${id}-history`} title={DEAL_DETAIL_TEXTS.historyHeading}>
        <DealHistory item={item} region={region} />
      </DetailSection>
    </div>
  );
}

function DealHistory({ item, region }: { item: TradeItem; region: Region }) {
  const history = useDealHistory(region, dealHistoryQuery(item));
  const narrow = useIsNarrow();
  if (history.isPending) return <p role="status">{DEAL_DETAIL_TEXTS.loading}</p>;
  if (history.isError) {
    const reason = serverErrorOf(history.error);
    return (
      <p role="alert" className="text-red-300">
        {DEAL_DETAIL_TEXTS.failed}
        {reason ? <span className="block text-xs text-slate-400">{`Server: ${reason}`}</span> : null}
      </p>
    );
  }
  const { days } = history.data;
  const seen = days.some(
    (d) => d.buy.lowest !== null || d.sell.lowest !== null || d.buy.sales + d.sell.sales > 0,
  );
  if (!seen) return <p>{DEAL_DETAIL_TEXTS.empty}</p>;
  return (
    <DealHistoryChart
      days={days}
      buyRealm={item.buyingConnectedRealmName}
      sellRealm={item.sellingConnectedRealmName}
      narrow={narrow}
    />
  );
}
