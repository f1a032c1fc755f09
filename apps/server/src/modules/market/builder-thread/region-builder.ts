// What the region ingestor asks of its snapshot builder, asynchronously: BuilderThread runs it in a
// worker thread (the default), InThreadBuilder on the thread that answers requests
// (MARKET_BUILDER_THREAD=false, the reference the API-latency benchmark compares against).
import type { MarketSnapshot, SnapshotSources, TsmRow } from '@goldroute/market';
import type { PastDumps } from '../evidence-replay';
import { BuilderThread, type BuilderThreadOptions, type ReplayOptions } from './builder-thread';
import { InThreadBuilder } from './in-thread-builder';
import type { EvidenceRow, EvidenceToSave, IngestSummary, KeptToSave, MissingIds } from './protocol';

export interface RegionBuilder {
  started(): Promise<void>;
  ingest(realmId: number, dump: Uint8Array | string, lastModified?: number): Promise<IngestSummary>;
  setTsm(rows: readonly TsmRow[]): Promise<void>;
  setLateRealms(ids: Iterable<number>): Promise<void>;
  missingIds(): Promise<MissingIds>;
  resetResolutions(sources?: Partial<SnapshotSources>): Promise<void>;
  build(): Promise<MarketSnapshot>;
  restoreEvidence(stored: {
    table: Int32Array | null;
    rows: EvidenceRow[];
    kept: [number, Uint8Array][];
  }): Promise<{ realms: number; listings: number; unreadableKept: number[] }>;
  evidenceToSave(): Promise<EvidenceToSave>;
  evidenceSaved(ok: boolean): Promise<KeptToSave[]>;
  keptSaved(rows: readonly { realmId: number; hourMs: number }[]): Promise<void>;
  compactEvidence(): Promise<number>;
  replayEvidence(options: ReplayOptions): Promise<{ days: number; ms: number } | null>;
  stopReplay(): Promise<void>;
  /** A builder that lost its state (a worker that stopped and was replaced) tells the caller. */
  onRestart(listener: (restarts: number) => void): void;
  close(): Promise<void>;
}

export function startRegionBuilder(
  options: BuilderThreadOptions,
  how: {
    thread: boolean;
    /** In-thread only: the source's own past dumps (no second economy built from the recipe). */
    past?: PastDumps | undefined;
  },
): RegionBuilder {
  return how.thread ? new BuilderThread(options) : new InThreadBuilder(options, how.past);
}
