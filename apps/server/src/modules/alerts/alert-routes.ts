// Which routes an alert rule finds in a snapshot: the flipping tool's rows over the user's realms, as the
// rule's view shows them (the same item rule as the tool's, from packages/domain), at least the rule's
// expected profit and confidence. Stale routes (a realm the batch left behind) are never alerted: their
// prices are hours old.
import {
  fitViewRealms,
  itemPasses,
  meetsConfidence,
  viewFromParams,
  type ConfidenceLevel,
  type Filters,
  type TradeItem,
} from '@goldroute/domain';
import { flippingSearch, type MarketSnapshot } from '@goldroute/market';
import type { RealmSelection } from '../market/market.service';

export interface RouteRule {
  /** The flipping view's URL parameters (the rule's own, or its preset's). */
  view: string;
  /** Least expected profit (realisticProfit), gold. */
  minProfit: number;
  minConfidence: ConfidenceLevel;
}

/** The sort does not choose routes; a view without one reads as this. */
const ANY_SORT = { key: 'sellVsBuy', direction: 'desc' } as const;

/** The rule's filters over the user's realms; null when its view no longer reads (a newer client's link). */
export function ruleFilters(view: string, realms: RealmSelection): Filters | null {
  const parsed = viewFromParams(new URLSearchParams(view), ANY_SORT, 'tool');
  return parsed && fitViewRealms(parsed.filters, realms.buyingRealms, realms.sellingRealms);
}

/**
 * The routes of one rule. The engine's floors (the filters' own thresholds) cut the search short; the item
 * rule then decides as in the tool. Searches of the same realms and floors are shared through `searches`
 * within one delivery run (many users choose the same realms).
 */
export function routesOfRule(
  snapshot: MarketSnapshot,
  realms: RealmSelection,
  rule: RouteRule,
  searches: Map<string, TradeItem[]> = new Map(),
): TradeItem[] {
  const filters = ruleFilters(rule.view, realms);
  if (!filters || realms.buyingRealms.length === 0 || realms.sellingRealms.length === 0) return [];
  const buyingRealms = filters.buyingRealms ?? realms.buyingRealms;
  const sellingRealms = filters.sellingRealms ?? realms.sellingRealms;
  const floors = {
    minProfit: filters.goldProfit,
    minAvgSale: filters.saleAvg,
    minSaleRate: filters.sellRate,
    minProfitPercent: filters.goldProfitPercent,
  };
  const key = `${[...buyingRealms].sort((a, b) => a - b).join(',')}>${[...sellingRealms].sort((a, b) => a - b).join(',')}|${Object.values(floors).join(',')}`;
  let rows = searches.get(key);
  if (!rows) {
    rows = flippingSearch(snapshot, { buyingRealms, sellingRealms, floors });
    searches.set(key, rows);
  }
  return rows.filter(
    (row) =>
      itemPasses(row, filters) &&
      row.realisticProfit >= rule.minProfit &&
      meetsConfidence(row.confidence, rule.minConfidence) &&
      !row.flags.includes('stale'),
  );
}
