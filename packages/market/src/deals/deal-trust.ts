// A deal's evidence and trust from the snapshot's evidence columns: the buy entry gives
// the units at the buy price and its listing's age, the sell entry what its realm was seen paying,
// the depth near the sell price and its listing's age. The rules themselves are the domain's (trust.ts).
import { AH_CUT, assessDeal, buyChance, expectedProfitOf, saleOutlook } from '@goldroute/domain';
import type { DealTrust, ExpectedProfitPrices, SaleOutlook, TradeEvidence } from '@goldroute/domain';
import { toGold } from '../money';
import type { MarketSnapshot } from '../snapshot';
import { medianWithout } from '../snapshot';

/** A realm's dump time in unix seconds; the snapshot's own time when the realm's is unknown. */
function updatedAt(snapshot: MarketSnapshot, realm: number): number {
  const ms = snapshot.realmModified[realm] || snapshot.lastModified;
  return Math.floor(ms / 1000);
}

/** Median of the variant's lowest price per realm, copper: its entries ascend by price. */
function medianLowest(snapshot: MarketSnapshot, v: number): number {
  const from = snapshot.offsets[v] as number;
  return medianWithout(snapshot.entryPrice, from, (snapshot.offsets[v + 1] as number) - from, -1);
}

export function dealEvidence(
  snapshot: MarketSnapshot,
  v: number,
  buyEntry: number,
  sellEntry: number,
): TradeEvidence {
  return fillEvidence(emptyEvidence(), snapshot, v, buyEntry, sellEntry);
}

/** Evidence with every field 0 or null, in dealEvidence's key order (the JSON writer relies on it). */
export function emptyEvidence(): TradeEvidence {
  return {
    salesSeen14d: 0,
    medianSale14d: null,
    sellListingsNearPrice: 0,
    sellQuantityNearPrice: 0,
    realmsOffering: 0,
    buyQuantity: 0,
    sellListingAgeSnapshots: 0,
    buyListingAgeSnapshots: 0,
    buyRealmUpdatedAt: 0,
    sellRealmUpdatedAt: 0,
    hoursObserved: 0,
    sellLowQuartile14d: null,
    regionMedianLowest: 0,
    sellItemFloor14d: null,
    sellPostedHours: null,
  };
}

/** dealEvidence into `out` (one object refilled per row where an answer only copies the figures). */
export function fillEvidence(
  out: TradeEvidence,
  snapshot: MarketSnapshot,
  v: number,
  buyEntry: number,
  sellEntry: number,
): TradeEvidence {
  const s = snapshot;
  const sales = s.entrySales[sellEntry] as number;
  const sellRealm = s.entryRealm[sellEntry] as number;
  const lowQuartile = s.entryLowQuartile[sellEntry] as number;
  out.salesSeen14d = sales;
  out.medianSale14d = sales > 0 ? toGold(s.entryMedian[sellEntry] as number) : null;
  out.sellListingsNearPrice = s.entryNearListings[sellEntry] as number;
  out.sellQuantityNearPrice = s.entryNearQuantity[sellEntry] as number;
  out.realmsOffering = (s.offsets[v + 1] as number) - (s.offsets[v] as number);
  fillBuySide(out, s, buyEntry);
  out.sellListingAgeSnapshots = s.entryAge[sellEntry] as number;
  out.sellRealmUpdatedAt = updatedAt(s, sellRealm);
  out.hoursObserved = s.realmHoursObserved[sellRealm] as number;
  out.sellLowQuartile14d = lowQuartile > 0 ? toGold(lowQuartile) : null;
  out.regionMedianLowest = toGold(medianLowest(s, v));
  const itemFloor = s.entryItemFloor[sellEntry] as number;
  out.sellItemFloor14d = itemFloor > 0 ? toGold(itemFloor) : null;
  const posted = s.entryPostedHours[sellEntry] as number;
  out.sellPostedHours = posted > 0 ? posted : null;
  return out;
}

/** Prices with every figure 0, refilled per row (fillPrices). */
export function emptyPrices(): ExpectedProfitPrices {
  return { buyBuyout: 0, sellBuyout: 0, avgSale: 0, saleRate: 0 };
}

/** A pair's prices in gold and its variant's region sale average and rate, as the trust rules read them. */
export function fillPrices(
  out: ExpectedProfitPrices,
  snapshot: MarketSnapshot,
  v: number,
  buyEntry: number,
  sellEntry: number,
): ExpectedProfitPrices {
  out.buyBuyout = toGold(snapshot.entryPrice[buyEntry] as number);
  out.sellBuyout = toGold(snapshot.entryPrice[sellEntry] as number);
  out.avgSale = toGold(snapshot.avgSale[v] as number);
  out.saleRate = snapshot.variants[v]?.saleRate ?? 0;
  return out;
}

/** The evidence's buy-side fields: the units at the buy price, its listing's age, the buy realm's time. */
function fillBuySide(out: TradeEvidence, snapshot: MarketSnapshot, buyEntry: number): void {
  out.buyQuantity = snapshot.entryLowestQuantity[buyEntry] as number;
  out.buyListingAgeSnapshots = snapshot.entryAge[buyEntry] as number;
  out.buyRealmUpdatedAt = updatedAt(snapshot, snapshot.entryRealm[buyEntry] as number);
}

/**
 * Trust of a deal with gold prices. "Now" is the snapshot's time, not the clock: a realm is stale
 * when it missed updates the others got, and an answer cached for the snapshot stays the same.
 */
export function dealTrust(
  snapshot: MarketSnapshot,
  prices: ExpectedProfitPrices,
  evidence: TradeEvidence,
  late = false,
): DealTrust {
  return assessDeal(prices, evidence, trustNow(snapshot), late);
}

/** Whether the buy or sell realm of a pair is one its region's last batch left behind (stale). */
export function pairLate(snapshot: MarketSnapshot, buyEntry: number, sellEntry: number): boolean {
  const late = snapshot.realmLate;
  return (
    late[snapshot.entryRealm[buyEntry] as number] === 1 ||
    late[snapshot.entryRealm[sellEntry] as number] === 1
  );
}

/** "Now" for the trust rules of a snapshot's deals (dealTrust), unix seconds. */
export function trustNow(snapshot: MarketSnapshot): number {
  return Math.floor(snapshot.lastModified / 1000);
}

/** The pairs of a search, as deals.ts DealPairs holds them. */
interface PairColumns {
  count: number;
  variant: Int32Array;
  buyEntry: Int32Array;
  sellEntry: Int32Array;
}

/**
 * Expected profits (gold) of a search's pairs, by the rule assessDeal applies. Pairs run by variant, most
 * against one sell listing: the sell side's evidence and outlook are worked out again only when the
 * variant or the sell listing changes, the buy side per pair.
 */
export function pairExpectations(snapshot: MarketSnapshot, pairs: PairColumns) {
  const evidence = emptyEvidence();
  const prices = emptyPrices();
  let outlook: SaleOutlook = { saleChance: 0, value: 0 };
  let lastVariant = -1;
  let lastSell = -1;

  function sellSide(i: number): void {
    const v = pairs.variant[i] as number;
    const s = pairs.sellEntry[i] as number;
    if (v === lastVariant && s === lastSell) return;
    const b = pairs.buyEntry[i] as number;
    fillEvidence(evidence, snapshot, v, b, s);
    outlook = saleOutlook(fillPrices(prices, snapshot, v, b, s), evidence);
    lastVariant = v;
    lastSell = s;
  }

  function buySide(i: number): number {
    const b = pairs.buyEntry[i] as number;
    fillBuySide(evidence, snapshot, b);
    prices.buyBuyout = toGold(snapshot.entryPrice[b] as number);
    return expectedProfitOf(outlook, buyChance(prices, evidence), prices.buyBuyout);
  }

  return {
    /** Pair i's expected profit. */
    of(i: number): number {
      sellSide(i);
      return buySide(i);
    },
    /**
     * The most any of pairs from..to-1 could make: sale value x 0.95 less the buy price. At 0 or below, every
     * pair's expected profit is too (the buy chance only scales it), and none needs working out to rank
     * it below a pair that can make something.
     */
    bound(from: number, to: number): number {
      let most = -Infinity;
      for (let i = from; i < to; i++) {
        sellSide(i);
        const buy = toGold(snapshot.entryPrice[pairs.buyEntry[i] as number] as number);
        most = Math.max(most, outlook.value * (1 - AH_CUT) - buy);
      }
      return most;
    },
    /**
     * The best expected profit of pairs from..to-1. A pair's is at most its sale value x 0.95 less its buy
     * price, or 0 (the buy chance is at most 1): a pair that cannot beat the best found is not worked out.
     */
    best(from: number, to: number): number {
      let best = -Infinity;
      for (let i = from; i < to; i++) {
        sellSide(i);
        const buy = toGold(snapshot.entryPrice[pairs.buyEntry[i] as number] as number);
        // A copper of room for the rounding to whole copper.
        if (Math.max(outlook.value * (1 - AH_CUT) - buy, 0) + 0.0001 <= best) continue;
        const expected = buySide(i);
        if (expected > best) best = expected;
      }
      return best;
    },
  };
}
