// The words of deal trust: the confidence tooltip's and deal dialog's lines with the deal's own numbers,
// and how much evidence there is yet. The rules they explain are trust.ts's, expected-profit.ts's and
// deal-confidence.ts's.
import { CONFIDENT_WINDOW_HOURS } from './deal-confidence';
import { expectedProfit, type ExpectedProfitPrices } from './expected-profit';
import { formatGold } from './format';
import {
  STALE_AFTER_SECONDS,
  THIN_SUPPLY_MIN_REALMS,
  deadListingBasis,
  expectedSale,
  expectedSales48h,
  goingRate,
  goingRateProfit,
  oldestUpdateAge,
  type DeadListingBasis,
  type DealPrices,
  type DealTrust,
  type GoingRate,
} from './trust';
import { DEAL_FLAGS, type ConfidenceLevel, type DealEvidence, type DealFlag } from './deal-evidence';

export const CONFIDENCE_EXPLANATIONS: Readonly<Record<ConfidenceLevel, string>> = {
  high: 'High confidence: the sell realm has a clear record of sales of this item, in line with the region, and the data is current.',
  medium:
    "Medium confidence: the figure rests partly on the region's numbers, a short record on the sell realm, or data over 2 hours old.",
  low: 'Low confidence: a price in this deal looks fake, or there is no sale price to go by; expect less than shown.',
};

/** "62% in 48 h": the sale chance as the row shows it. */
export function saleChanceText(chance: number): string {
  return `${Math.round(chance * 100)}% in 48 h`;
}

export const FLAG_EXPLANATIONS: Readonly<Record<DealFlag, string>> = {
  stale:
    "Stale data: a realm missed its region's last update or has not updated for over 2 hours, so these listings may be gone.",
  'thin-supply': 'Thin supply: a single listing sets the price, or hardly any realm sells this item.',
  'slow-seller': 'Slow seller: the sell realm buys this item too rarely to expect a sale within 2 days.',
  'no-sales-seen': 'No sales seen: nobody was seen buying this item on the sell realm in 14 days.',
  bait: 'Likely bait: one cheap unit that just appeared; someone usually buys it within the hour.',
  'dead-listing':
    'Dead listing: the sell price is far above what this realm pays and was not posted to sell within a day, or has been relisted unsold for days.',
};

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Snapshots are hourly: "5 hours" up to two days, whole days beyond. */
function formatHours(hours: number): string {
  return hours < 48 ? plural(hours, 'hour') : plural(Math.floor(hours / 24), 'day');
}

/** "the 1,200g median of 8 sales seen on the sell realm in 14 days". */
function describeMedian(median: number, evidence: DealEvidence): string {
  return `the ${formatGold(median)} median of ${plural(evidence.salesSeen14d, 'sale')} seen on the sell realm in 14 days`;
}

/** The realm's median sale, or the region sale average. */
function describeRate(rate: GoingRate, evidence: DealEvidence): string {
  return rate.source === 'realm-sales'
    ? describeMedian(rate.price, evidence)
    : `the ${formatGold(rate.price)} region sale average (no sales seen on the sell realm)`;
}

function deadListingLine(deal: DealPrices, evidence: DealEvidence): string {
  const basis = deadListingBasis(deal, evidence);
  const sat = formatHours(evidence.sellListingAgeSnapshots);
  if (basis === null || basis.price === null) {
    return `Dead listing: the sell price ${formatGold(deal.sellBuyout)} has stood for ${sat}, longer than any auction runs (relisted at the same price), and nobody on the sell realm was seen buying the item in 14 days.`;
  }
  const against = describeBasis({ ...basis, price: basis.price }, evidence);
  // Only a 48-hour posting can be dead unless relisted (a shorter one is its seller expecting a sale).
  const posted = evidence.sellPostedHours === 48 ? ', posted for the longest time, 48 hours' : '';
  return `Dead listing: the sell price ${formatGold(deal.sellBuyout)} is ${(deal.sellBuyout / basis.price).toFixed(1)}× ${against}, and has sat for ${sat}${posted}.`;
}

/** The buy listing is called certain to be there above this chance (the line leaves it out). */
const SURE_TO_BUY = 0.95;

/** "Expected profit 310g: a 62% chance it sells within 48 hours, at about 1,950g, ...". */
function expectedProfitLine(deal: ExpectedProfitPrices & DealTrust, evidence: DealEvidence): string {
  const e = expectedProfit(deal, evidence);
  const buy =
    e.buyChance < SURE_TO_BUY
      ? ` The buy listing is still there ${Math.round(e.buyChance * 100)}% of the time an hour later (a gone listing costs nothing).`
      : '';
  return `Expected profit ${formatGold(deal.realisticProfit)}: a ${Math.round(deal.saleChance * 100)}% chance it sells within 48 hours, at about ${formatGold(Math.round(e.expectedSalePrice))}, less the 5% cut and the ${formatGold(deal.buyBuyout)} buy price; unsold, it counts as a loss.${buy}`;
}

/**
 * Tooltip lines with the deal's own numbers: confidence, the expected profit, what a sale at the going
 * rate makes, then each flag, worst first.
 */
export function explainTrust(
  deal: ExpectedProfitPrices & DealTrust,
  evidence: DealEvidence,
  nowSeconds: number,
): string[] {
  const rate = goingRate(deal, evidence);
  const sale = expectedSale(deal, evidence);
  const basis =
    rate === null
      ? `the listed ${formatGold(sale)} (no sale price known)`
      : sale < deal.sellBuyout
        ? `${describeRate(rate, evidence)}, not the listed ${formatGold(deal.sellBuyout)}`
        : `the listed ${formatGold(sale)}, no more than ${describeRate(rate, evidence)}`;
  const lines = [
    CONFIDENCE_EXPLANATIONS[deal.confidence],
    expectedProfitLine(deal, evidence),
    `If it sells: ${formatGold(goingRateProfit(deal, evidence))}, for ${basis}, less the 5% cut and the ${formatGold(deal.buyBuyout)} buy price.`,
  ];
  // Bait needs a going rate, so it exists whenever the flag comes from assessDeal.
  const against = rate === null ? 'the going rate' : describeRate(rate, evidence);
  const share = (price: number) => (rate === null ? 0 : price / rate.price);
  const detail: Record<DealFlag, () => string> = {
    'dead-listing': () => deadListingLine(deal, evidence),
    bait: () =>
      `Likely bait: a lone unit at ${formatGold(deal.buyBuyout)}, ${Math.round(share(deal.buyBuyout) * 100)}% of ${against}, new in the last hour; it is usually bought before you get there.`,
    'slow-seller': () =>
      `Slow seller: ${plural(evidence.salesSeen14d, 'sale')} seen on the sell realm in 14 days, about ${expectedSales48h(evidence).toFixed(1)} expected in the next 2 days.`,
    'no-sales-seen': () => 'No sales seen: nobody was seen buying this item on the sell realm in 14 days.',
    'thin-supply': () =>
      evidence.realmsOffering < THIN_SUPPLY_MIN_REALMS
        ? `Thin supply: only ${plural(evidence.realmsOffering, 'realm')} in the region sell this item.`
        : `Thin supply: ${plural(evidence.buyQuantity, 'unit')} to buy, and a single listing sets the sell price.`,
    stale: () => {
      const age = oldestUpdateAge(evidence, nowSeconds);
      const minutes = Math.floor(age / 60);
      const side = evidence.buyRealmUpdatedAt <= evidence.sellRealmUpdatedAt ? 'buy' : 'sell';
      const ago = `${Math.floor(minutes / 60)} h ${minutes % 60} min ago`;
      // Stale while younger than the 2-hour rule: the realm was left behind by its region's batch.
      return age > STALE_AFTER_SECONDS
        ? `Stale data: the ${side} realm last updated ${ago}.`
        : `Stale data: the ${side} realm missed its region's last update (it last updated ${ago}), so its listings may be gone.`;
    },
  };
  const worstFirst = [...deal.flags].sort((a, b) => DEAL_FLAGS.indexOf(b) - DEAL_FLAGS.indexOf(a));
  for (const flag of worstFirst) lines.push(detail[flag]());
  return lines;
}

/** The evidence window in hours: 14 days of hourly snapshots. */
export const EVIDENCE_WINDOW_HOURS = 14 * 24;

/** Fewer hours than the window: the 14-day figures (sales seen, median) are still filling up. */
export function evidenceIncomplete(hoursObserved: number): boolean {
  return hoursObserved < EVIDENCE_WINDOW_HOURS;
}

/** "Evidence so far: 5 hours of snapshots (14 days = 336)." while the window fills; null once it is full. */
export function evidenceSoFarLine(hoursObserved: number): string | null {
  if (!evidenceIncomplete(hoursObserved)) return null;
  return `Evidence so far: ${plural(hoursObserved, 'hour')} of snapshots (14 days = ${EVIDENCE_WINDOW_HOURS}).`;
}

/** What the figure rests on while the window fills (null once it is full). */
export function restsOnLine(hoursObserved: number): string | null {
  if (!evidenceIncomplete(hoursObserved)) return null;
  return hoursObserved < CONFIDENT_WINDOW_HOURS
    ? "Until the sell realm has been watched for 2 days, the sale chance rests mostly on the region's sale rate and prices, and confidence is at most medium."
    : `The sale chance counts the sales seen on the sell realm in these ${plural(hoursObserved, 'hour')}; it firms up as the window fills.`;
}

/**
 * The confidence tooltip of a trade item: how much evidence there is yet and what the figure rests on
 * (while the window fills), then explainTrust. A young window is said first because every other line
 * rests on it.
 */
export function trustLines(
  deal: ExpectedProfitPrices & DealTrust & { evidence: DealEvidence & { hoursObserved: number } },
  nowSeconds: number,
): string[] {
  const hours = deal.evidence.hoursObserved;
  const soFar = evidenceSoFarLine(hours);
  const lines = explainTrust(deal, deal.evidence, nowSeconds);
  return soFar === null ? lines : [soFar, restsOnLine(hours) as string, ...lines];
}

/** The words for what a dead listing's price was judged against. */
function describeBasis(basis: DeadListingBasis & { price: number }, evidence: DealEvidence): string {
  if (basis.reference === 'realm-sales') return describeMedian(basis.price, evidence);
  if (basis.reference === 'item-floor')
    return `the ${formatGold(basis.price)} the sell realm usually offers this item at, all its variants counted (no sales seen there)`;
  if (basis.reference === 'realm-floor')
    return `the ${formatGold(basis.price)} the sell realm usually offers it at (no sales seen there)`;
  return `the ${formatGold(basis.price)} this item is offered at across the region (no sales seen on the sell realm)`;
}
