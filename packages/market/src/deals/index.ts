// Deals: flipping and dropship pairs from a snapshot, their plans and searches, each pair's evidence
// and trust (the domain's assessDeal), and the realm statistics.
export { DEFAULT_FLOORS, dropshipPairs, flippingPairs, tradeItemOf } from './deals';
export type { DealFloors, DealPairs, DealSearchOptions } from './deals';
export { dropshipPlan, dropshipSearch, flippingPlan, flippingSearch } from './deal-search';
export type { DropshipPlan, FlippingPlan, SearchLimit } from './deal-search';
export {
  dealEvidence,
  dealTrust,
  emptyEvidence,
  emptyPrices,
  fillEvidence,
  fillPrices,
  pairExpectations,
  pairLate,
  trustNow,
} from './deal-trust';
export { realmStats } from './realm-stats';
