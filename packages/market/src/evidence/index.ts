// Evidence per connected realm from consecutive snapshots (issue 13, section 2), fed by the snapshot
// builder when its `evidence` option is on.
export { EVIDENCE_DAYS, RealmEvidence, soldFromTimeLeft } from './realm-evidence';
export type { Depth, HistoryDay, SalesSeen } from './realm-evidence';
export { DayBucket } from './day-bucket';
export type { DayCell } from './day-bucket';
export { EvidenceCodecError, evidenceFromBytes, evidenceToBytes } from './evidence-codec';
export { listingEvidence } from './listing-evidence';
export type { ListingEvidence } from './listing-evidence';
