// Snapshot: the realms' listings laid out as one region's columnar snapshot, and its codec:
//   market-snapshot   the immutable snapshot (MarketSnapshot, SnapshotVariant) the searches read
//   variant-resolver  raw variants to variant keys and metadata (appClassification, SnapshotSources)
//   build-snapshot    realm listings laid out as the snapshot's columns (buildSnapshot)
//   snapshot-builder  the incremental builder: latest listing and evidence per realm (SnapshotBuilder)
//   entry-trust, entry-item-floors, variant-worth, worth-model  the evidence and item floor columns
//   snapshot-codec    the snapshot to and from bytes (encodeSnapshot, decodeSnapshot)
export { buildSnapshot } from './build-snapshot';
export type { BuildSnapshotInput } from './build-snapshot';
export type { MarketSnapshot, SnapshotVariant } from './market-snapshot';
export { SnapshotBuilder } from './snapshot-builder';
export type { SnapshotBuilderOptions } from './snapshot-builder';
export { appClassification, rawModifiers } from './variant-resolver';
export type { SnapshotSources } from './variant-resolver';
export { decodeSnapshot, decodeSnapshotStepwise, encodeSnapshot, SnapshotCodecError } from './snapshot-codec';
/** The median of a sorted run without one value; deal trust reads the going rate with it. */
export { medianWithout } from './variant-worth';
