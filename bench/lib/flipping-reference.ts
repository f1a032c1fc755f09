// The flipping search written two other ways, for comparison with the engine: plain JavaScript
// (objects and Maps over the raw auctions) and SQL for DuckDB. Same rules as the engine: per variant
// the lowest price on each realm; buy on the cheapest buying realm (ties: lowest realm id); sell on
// the other selling realm with the highest lowest price (ties: lowest realm id); profit =
// round(sell x 0.95) - buy in copper; SPEC §5 floors.
import type { RawAuction, VariantTsm } from './raw-auctions';

export const FLOORS = {
  /** Copper. */
  profit: 1000 * 10_000,
  /** Copper. */
  avgSale: 500 * 10_000,
  saleRate: 0.001,
  percent: 1,
};

export interface Deal {
  variant: string;
  buyRealm: number;
  sellRealm: number;
  profit: number;
}

/** round(copper x 0.95), exactly, as the engine's afterAhCut. */
const afterCut = (copper: number): number => Math.floor((copper * 95 + 50) / 100);

export function flippingJs(
  auctions: readonly RawAuction[],
  tsm: ReadonlyMap<string, VariantTsm>,
  buying: ReadonlySet<number>,
  selling: ReadonlySet<number>,
): Deal[] {
  const lowest = new Map<string, Map<number, number>>();
  for (const a of auctions) {
    let realms = lowest.get(a.variant);
    if (!realms) lowest.set(a.variant, (realms = new Map()));
    const low = realms.get(a.realm);
    if (low === undefined || a.price < low) realms.set(a.realm, a.price);
  }
  const deals: Deal[] = [];
  for (const [variant, realms] of lowest) {
    const t = tsm.get(variant);
    if (!t || t.saleRate < FLOORS.saleRate || t.avgSale < FLOORS.avgSale) continue;
    let buyRealm = -1;
    let buy = Infinity;
    for (const [realm, price] of realms) {
      if (buying.has(realm) && (price < buy || (price === buy && realm < buyRealm))) {
        buy = price;
        buyRealm = realm;
      }
    }
    if (buyRealm < 0) continue;
    let sellRealm = -1;
    let sell = -Infinity;
    for (const [realm, price] of realms) {
      if (realm === buyRealm || !selling.has(realm)) continue;
      if (price > sell || (price === sell && realm < sellRealm)) {
        sell = price;
        sellRealm = realm;
      }
    }
    if (sellRealm < 0) continue;
    const profit = afterCut(sell) - buy;
    if (profit >= FLOORS.profit && profit * 100 >= FLOORS.percent * buy) {
      deals.push({ variant, buyRealm, sellRealm, profit });
    }
  }
  return deals;
}

/** The search in SQL over `auctions(variant, realm, price)`, `variants`, `buying` and `selling`. */
export function flippingSql(lowestPrices: string): string {
  return `
WITH lowest AS (${lowestPrices}),
buy AS (
  SELECT variant, min(price) AS buy, first(realm ORDER BY price, realm) AS buy_realm
  FROM lowest WHERE realm IN (SELECT realm FROM buying)
  GROUP BY variant
),
sell AS (
  SELECT b.variant, b.buy, b.buy_realm,
         max(l.price) AS sell, first(l.realm ORDER BY l.price DESC, l.realm) AS sell_realm
  FROM buy b JOIN lowest l ON l.variant = b.variant AND l.realm <> b.buy_realm
  WHERE l.realm IN (SELECT realm FROM selling)
  GROUP BY b.variant, b.buy, b.buy_realm
),
deals AS (
  SELECT s.variant, s.buy_realm, s.sell_realm, s.buy, (s.sell * 95 + 50) // 100 - s.buy AS profit
  FROM sell s JOIN variants v ON v.variant = s.variant
  WHERE v.sale_rate >= ${FLOORS.saleRate} AND v.avg_sale >= ${FLOORS.avgSale}
)
SELECT variant, buy_realm, sell_realm, profit::DOUBLE AS profit
FROM deals
WHERE profit >= ${FLOORS.profit} AND profit * 100 >= ${FLOORS.percent} * buy`;
}

/** Lowest price per (variant, realm) computed from the raw auctions at query time. */
export const LOWEST_FROM_AUCTIONS =
  'SELECT variant, realm, min(price) AS price FROM auctions GROUP BY variant, realm';
/** The same, read from a table that already holds them (what the engine's snapshot holds). */
export const LOWEST_FROM_TABLE = 'SELECT variant, realm, price FROM lowest_prices';
