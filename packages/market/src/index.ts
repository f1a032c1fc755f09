// @goldroute/market: the pure engine. Auction dumps in, cross-realm deals and realm statistics out.
export { ingestRealmDump, IngestError } from './ingest';
export type { IngestOptions, RealmAuctions, RealmListing } from './ingest';
export {
  TIME_LEFT_LONG,
  TIME_LEFT_MEDIUM,
  TIME_LEFT_NAMES,
  TIME_LEFT_SHORT,
  TIME_LEFT_UNKNOWN,
  TIME_LEFT_VERY_LONG,
} from './time-left';
export type { TimeLeftCode } from './time-left';
export { RawVariantTable } from './raw-variants';
export { rawModifiers } from './variant-resolver';
export { appClassification, buildSnapshot, SnapshotBuilder } from './snapshot';
export { decodeSnapshot, encodeSnapshot, SnapshotCodecError } from './snapshot-codec';
export type {
  BuildSnapshotInput,
  MarketSnapshot,
  SnapshotBuilderOptions,
  SnapshotSources,
  SnapshotVariant,
} from './snapshot';
export { DEFAULT_FLOORS, dropshipPairs, flippingPairs, tradeItemOf } from './deals';
export type { DealFloors, DealPairs, DealSearchOptions } from './deals';
export { dropshipPlan, dropshipSearch, flippingPlan, flippingSearch } from './deal-search';
export type { DropshipPlan, FlippingPlan, SearchLimit } from './deal-search';
export {
  dropshipJson,
  dropshipJsonAnswer,
  dropshipJsonBytes,
  flippingJson,
  flippingJsonBytes,
} from './serialize';
export { dropshipColumnsBytes, flippingColumnsBytes } from './serialize-columns';
export { realmStats } from './realm-stats';
export {
  EVIDENCE_DAYS,
  RealmEvidence,
  soldFromTimeLeft,
  DayBucket,
  EvidenceCodecError,
  evidenceFromBytes,
  evidenceToBytes,
  KeptCodecError,
  keptFromBytes,
  keptToBytes,
  PastDay,
  memoryShelf,
  createPastDayFiles,
  createKeptSnapshotFiles,
  sharedKeptBytes,
} from './evidence';
export type {
  DayCell,
  Depth,
  HistoryDay,
  KeptShelf,
  KeptSnapshot,
  PastDayShelf,
  SalesSeen,
  WindowDay,
} from './evidence';
export { curveValue, resolveItemLevel } from './variants/item-level';
export {
  dropshipGroupKey,
  DROP_LEVEL_MODIFIER,
  petItemKey,
  qualityLabel,
  resolveVariant,
  TERTIARY_STATS,
  uniqueItemKey,
  uniqueTradeKey,
} from './variant-key';
export type { Modifier, ResolvedVariant } from './variant-key';
export { afterAhCut, COPPER_PER_GOLD, goldToCopper, toGold, unitPrice } from './money';
export type * from './types';
