// Evidence per connected realm from consecutive snapshots (docs/deal-trust.md), fed by the snapshot
// builder when its `evidence` option is on; storage/ holds its byte formats and shelves.
export { RealmEvidence } from './realm-evidence';
export { EVIDENCE_DAYS, soldFromTimeLeft } from './evidence-window';
export type { Depth, HistoryDay, SalesSeen } from './realm-evidence';
export { ObserveScratch } from './observe-scratch';
export { DAY_MS, DayBucket } from './day-bucket';
export type { DayCell } from './day-bucket';
export { PastDay } from './past-day';
export { PastDayReader } from './past-day-reader';
export type { WindowDay } from './past-day';
export type { KeptSnapshot } from './kept-snapshot';
export { evidenceFromBytes, evidenceToBytes } from './evidence-bytes';
export { ListingScratch, listingEvidence } from './listing-evidence';
export type { ListingEvidence } from './listing-evidence';
export { fillItemFloors, ItemFloorScratch } from './item-floor';
export type { ItemValues } from './item-floor';
export { binPrice, priceBin } from './price-bins';
export {
  createKeptSnapshotFiles,
  createPastDayFiles,
  EvidenceCodecError,
  KeptCodecError,
  keptFromBytes,
  keptToBytes,
  memoryKeptSlot,
  memoryShelf,
} from './storage';
export type { KeptHold, KeptShelf, KeptSlot, KeptSnapshotFiles, PastDayShelf, ShelvedBytes } from './storage';
