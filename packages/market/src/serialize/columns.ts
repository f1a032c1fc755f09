// Search results straight into the compact encoding of the market answers (@goldroute/domain/wire), for
// clients that ask for it: the same rows as flippingJsonBytes / dropshipJsonBytes, without a row object.
// Variants and realms go to the writer once each, by the snapshot's own indices; per row only indices,
// the money figures and the deal's trust are written. Every figure is worked out here, by the engine's
// rules (the trust rule included), and handed to the writer as data: the wire works out none itself.
import { assessDealInto } from '@goldroute/domain';
import { TradeColumnsWriter, type WireRowFields } from '@goldroute/domain/wire';
import type { DealPairs, DealSearchOptions } from '../deals';
import type { SearchLimit } from '../deals';
import { dropshipPlan, flippingPlan } from '../deals';
import { emptyEvidence, emptyPrices, fillEvidence, pairLate, trustNow } from '../deals';
import { afterAhCut, toGold } from '../money';
import type { MarketSnapshot } from '../snapshot';
import { evidenceRanges, pooledVariant, poolOf } from './answer-caches';

/** Writes pair rows; remembers which snapshot variants and realms the writer already has. */
function pairWriter(snapshot: MarketSnapshot, pairs: DealPairs, rows: number) {
  const writer = new TradeColumnsWriter(poolOf(snapshot).pool, rows, { rowRanges: evidenceRanges(snapshot) });
  const variantIndex = new Int32Array(snapshot.variantCount).fill(-1);
  const realmIndex = new Int32Array(snapshot.realmCount).fill(-1);
  const now = trustNow(snapshot);
  // One row object (its evidence and prices too), refilled: the writer copies what it needs.
  const evidence = emptyEvidence();
  const prices = emptyPrices();
  const row: WireRowFields = {
    variant: 0,
    buyRealm: 0,
    sellRealm: 0,
    // The engine builds every trade key by the predicted rule (variant-key.ts uniqueTradeKey); the tests
    // check the decoded keys against the JSON answer.
    tradeKey: null,
    buyBuyout: 0,
    sellBuyout: 0,
    sellAHCut: 0,
    sellVsBuy: 0,
    saleAvgVsBuy: 0,
    realisticProfit: 0,
    saleChance: 0,
    confidence: 'high',
    flags: [],
    evidence,
  };

  function realm(r: number, updatedAt: number): number {
    let index = realmIndex[r] as number;
    if (index < 0) {
      const info = snapshot.realms[r];
      if (!info) throw new RangeError('realm outside the snapshot');
      index = realmIndex[r] = writer.realm(info.id, info.name, info.population, updatedAt);
    }
    return index;
  }

  function write(i: number): void {
    const v = pairs.variant[i] as number;
    const b = pairs.buyEntry[i] as number;
    const s = pairs.sellEntry[i] as number;
    let variant = variantIndex[v] as number;
    if (variant < 0) variant = variantIndex[v] = writer.useVariant(pooledVariant(snapshot, v));
    fillEvidence(evidence, snapshot, v, b, s);
    // fillPrices' figures, the sale rate read from the snapshot's column (the same figure) rather than
    // from the variant object: once the pool has a variant, nothing else reads its object, and that read
    // missed the cache on every row (~3 ms of a full answer, a tenth of it).
    const buy = snapshot.entryPrice[b] as number;
    const sell = snapshot.entryPrice[s] as number;
    prices.buyBuyout = toGold(buy);
    prices.sellBuyout = toGold(sell);
    prices.avgSale = toGold(snapshot.avgSale[v] as number);
    prices.saleRate = snapshot.saleRate[v] as number;
    row.variant = variant;
    row.buyRealm = realm(snapshot.entryRealm[b] as number, evidence.buyRealmUpdatedAt);
    row.sellRealm = realm(snapshot.entryRealm[s] as number, evidence.sellRealmUpdatedAt);
    row.buyBuyout = prices.buyBuyout;
    row.sellBuyout = prices.sellBuyout;
    // The money figures as the JSON answer's rows have them (deals.ts tradeItemOf).
    const cut = afterAhCut(sell);
    row.sellAHCut = toGold(cut);
    row.sellVsBuy = toGold(cut - buy);
    row.saleAvgVsBuy = toGold(afterAhCut(snapshot.avgSale[v] as number) - buy);
    // The trust rules as assessDeal applies them, without a list per row.
    assessDealInto(row, prices, evidence, now, pairLate(snapshot, b, s));
    writer.row(row);
  }

  return { writer, write };
}

/**
 * The compact answer of flippingSearch(snapshot, options): the same rows, in the same order, with the
 * data answers' update.lastModified (unix seconds).
 */
export function flippingColumnsBytes(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
  lastModified: number,
): Uint8Array<ArrayBuffer> {
  const { pairs, rows } = flippingPlan(snapshot, options);
  const { writer, write } = pairWriter(snapshot, pairs, rows.length);
  for (let k = 0; k < rows.length; k++) write(rows[k] as number);
  return writer.bytes(lastModified);
}

/** The compact answer of dropshipSearch(snapshot, options); each group's mainItem is its first row. */
export function dropshipColumnsBytes(
  snapshot: MarketSnapshot,
  options: DealSearchOptions & SearchLimit,
  lastModified: number,
): Uint8Array<ArrayBuffer> {
  const { pairs, groups, found } = dropshipPlan(snapshot, options);
  const { writer, write } = pairWriter(
    snapshot,
    pairs,
    groups.reduce((n, g) => n + g.rows.length, 0),
  );
  const bestProfit: number[] = [];
  for (const { rows } of groups) {
    for (let j = 0; j < rows.length; j++) write(rows[j] as number);
    const top = rows[0] as number;
    const sell = snapshot.entryPrice[pairs.sellEntry[top] as number] as number;
    bestProfit.push(
      toGold(afterAhCut(sell) - (snapshot.entryPrice[pairs.buyEntry[top] as number] as number)),
    );
  }
  const sizes = groups.map((g) => g.rows.length);
  return writer.bytes(lastModified, {
    key: groups.map((g) => g.key),
    size: sizes,
    bestProfit,
    totalCount: sizes,
    found,
  });
}
