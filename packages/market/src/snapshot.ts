// The market snapshot's public names in one place, so importers need not know which file holds what:
//   market-snapshot   the immutable snapshot (MarketSnapshot, SnapshotVariant) the searches read
//   variant-resolver  raw variants to variant keys and metadata (appClassification, SnapshotSources)
//   build-snapshot    realm listings laid out as the snapshot's columns (buildSnapshot)
//   snapshot-builder  the incremental builder: latest listing and evidence per realm (SnapshotBuilder)
export { buildSnapshot } from './build-snapshot';
export type { BuildSnapshotInput } from './build-snapshot';
export type { MarketSnapshot, SnapshotVariant } from './market-snapshot';
export { SnapshotBuilder } from './snapshot-builder';
export type { SnapshotBuilderOptions } from './snapshot-builder';
export { appClassification } from './variant-resolver';
export type { SnapshotSources } from './variant-resolver';
