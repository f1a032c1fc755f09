// The evidence's byte formats and where its bytes stay: the shelves of past days and kept snapshots
// (memory, or files under DATA_DIR), and the codecs of stored evidence and kept snapshots.
export { memoryShelf } from './past-day-shelf';
export type { PastDayShelf, ShelvedBytes } from './past-day-shelf';
export { createPastDayFiles } from './past-day-files';
export { createKeptSnapshotFiles, memoryKeptSlot } from './kept-shelf';
export type { KeptHold, KeptShelf, KeptSlot, KeptSnapshotFiles } from './kept-shelf';
export { EvidenceCodecError, evidenceDaysFromBytes, evidenceToBytes } from './evidence-codec';
export type { EvidenceDays } from './evidence-codec';
export { KeptCodecError, keptFromBytes, keptToBytes } from './kept-codec';
