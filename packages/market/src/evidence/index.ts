// Evidence per connected realm from consecutive snapshots (docs/deal-trust.md), fed by the snapshot
// builder when its `evidence` option is on.
export { EVIDENCE_DAYS, RealmEvidence, soldFromTimeLeft } from './realm-evidence';
export type { Depth, HistoryDay, SalesSeen } from './realm-evidence';
export { DayBucket } from './day-bucket';
export { PastDay } from './past-day';
export type { WindowDay } from './past-day';
export { memoryShelf } from './past-day-shelf';
export type { PastDayShelf, ShelvedBytes } from './past-day-shelf';
export { createPastDayFiles } from './past-day-files';
export { createKeptSnapshotFiles, memoryKeptSlot, sharedKeptBytes } from './kept-shelf';
export type { KeptHold, KeptShelf, KeptSlot } from './kept-shelf';
export type { KeptSnapshot } from './kept-snapshot';
export type { DayCell } from './day-bucket';
export { EvidenceCodecError, evidenceFromBytes, evidenceToBytes } from './evidence-codec';
export { KeptCodecError, keptFromBytes, keptToBytes } from './kept-codec';
export { listingEvidence } from './listing-evidence';
export type { ListingEvidence } from './listing-evidence';
