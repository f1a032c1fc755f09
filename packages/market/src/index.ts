// @goldroute/market: the pure engine. Auction dumps in, cross-realm deals and realm statistics out.
// One folder per stage, each entered through its index.ts: ingest, variants, evidence (with its
// storage), snapshot, deals; the rows are written out by serialize (SPEC JSON and the compact encoding).

/** Ingest: the whole of its entry (ingestRealmDump, RawVariantTable, the time-left codes). */
export * from './ingest';
export {
  appClassification,
  buildSnapshot,
  decodeSnapshot,
  decodeSnapshotStepwise,
  encodeSnapshot,
  rawModifiers,
  SnapshotBuilder,
  SnapshotCodecError,
  type BuildSnapshotInput,
  type MarketSnapshot,
  type SnapshotBuilderOptions,
  type SnapshotSources,
  type SnapshotVariant,
} from './snapshot';
export {
  DEFAULT_FLOORS,
  dropshipPairs,
  dropshipPlan,
  dropshipSearch,
  flippingPairs,
  flippingPlan,
  flippingSearch,
  realmStats,
  tradeItemOf,
  type DealFloors,
  type DealPairs,
  type DealSearchOptions,
  type DropshipPlan,
  type FlippingPlan,
  type SearchLimit,
} from './deals';
export {
  dropshipJson,
  dropshipJsonAnswer,
  dropshipJsonBytes,
  flippingJson,
  flippingJsonBytes,
  dropshipColumnsBytes,
  flippingColumnsBytes,
  prepareAnswerCaches,
} from './serialize';
export {
  createKeptSnapshotFiles,
  createPastDayFiles,
  DayBucket,
  EVIDENCE_DAYS,
  EvidenceCodecError,
  evidenceFromBytes,
  evidenceToBytes,
  KeptCodecError,
  keptFromBytes,
  keptToBytes,
  memoryShelf,
  PastDay,
  PastDayReader,
  RealmEvidence,
  soldFromTimeLeft,
  type DayCell,
  type Depth,
  type HistoryDay,
  type KeptShelf,
  type KeptSnapshot,
  type KeptSnapshotFiles,
  type PastDayShelf,
  type SalesSeen,
  type WindowDay,
} from './evidence';
export {
  curveValue,
  dropshipGroupKey,
  DROP_LEVEL_MODIFIER,
  petItemKey,
  qualityLabel,
  resolveItemLevel,
  resolveVariant,
  TERTIARY_STATS,
  uniqueItemKey,
  uniqueTradeKey,
  type Modifier,
  type ResolvedVariant,
} from './variants';
export { afterAhCut, COPPER_PER_GOLD, goldToCopper, toGold, unitPrice } from './money';
export type * from './types';
