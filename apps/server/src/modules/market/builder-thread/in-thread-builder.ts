// A region's SnapshotBuilder on the thread that answers requests, behind the same asynchronous face as
// BuilderThread (region-builder.ts): the reference path (MARKET_BUILDER_THREAD=false). The evidence
// bookkeeping is the worker's own (worker-evidence.ts), run here.
import {
  createKeptSnapshotFiles,
  createPastDayFiles,
  isGzip,
  type KeptShelf,
  type MarketSnapshot,
  type PastDayShelf,
  SnapshotBuilder,
  type SnapshotSources,
  type TsmRow,
} from '@goldroute/market';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { replayEvidence, resumeEvidence, type PastDumps } from '../evidence-replay';
import type { BuilderThreadOptions, ReplayOptions } from './builder-thread';
import { pastDumpsOf } from './past-dumps-recipe';
import type { EvidenceRow, IngestSummary } from './protocol';
import type { RegionBuilder } from './region-builder';
import { createWorkerEvidence } from './worker-evidence';

const inflate = promisify(gunzip);

export class InThreadBuilder implements RegionBuilder {
  private readonly builder: SnapshotBuilder;
  private readonly evidence: ReturnType<typeof createWorkerEvidence>;
  private readonly shelves: { close(): void }[] = [];
  private replayStopped = false;

  constructor(
    options: BuilderThreadOptions,
    private readonly past?: PastDumps,
  ) {
    let pastDays: PastDayShelf | undefined;
    let keptSnapshots: KeptShelf | undefined;
    if (options.pastDaysDir) this.shelves.push((pastDays = createPastDayFiles(options.pastDaysDir)));
    if (options.keptDir) this.shelves.push((keptSnapshots = createKeptSnapshotFiles(options.keptDir)));
    const { pastDaysDir: _p, keptDir: _k, ...builderOptions } = options;
    this.builder = new SnapshotBuilder({
      ...builderOptions,
      ...(pastDays ? { pastDays } : {}),
      ...(keptSnapshots ? { keptSnapshots } : {}),
    });
    this.evidence = createWorkerEvidence(pastDays);
  }

  started = async (): Promise<void> => {};

  async ingest(realmId: number, dump: Uint8Array | string, lastModified?: number): Promise<IngestSummary> {
    // Inflated in libuv's pool, as fetch did before dumps were read as sent: this path keeps only the
    // ingest itself on the request thread. A corrupt gzip is left to the ingest, which names it.
    const body = typeof dump !== 'string' && isGzip(dump) ? await inflate(dump).catch(() => dump) : dump;
    const { connectedRealmId, auctionCount, pricedAuctions, size } = this.builder.ingest(
      realmId,
      body,
      lastModified,
    );
    return { connectedRealmId, auctionCount, pricedAuctions, size };
  }

  async setTsm(rows: readonly TsmRow[]): Promise<void> {
    this.builder.setTsm(rows);
  }

  async setLateRealms(ids: Iterable<number>): Promise<void> {
    this.builder.setLateRealms(ids);
  }

  async missingIds() {
    return this.builder.missingIds();
  }

  async resetResolutions(sources?: Partial<SnapshotSources>): Promise<void> {
    this.builder.resetResolutions(sources);
  }

  async build(): Promise<MarketSnapshot> {
    return this.builder.build();
  }

  async restoreEvidence(stored: {
    table: Int32Array | null;
    rows: EvidenceRow[];
    kept: [number, Uint8Array][];
  }) {
    return this.evidence.restore(this.builder, stored);
  }

  async evidenceToSave() {
    return this.evidence.toSave(this.builder);
  }

  async evidenceSaved(ok: boolean) {
    return this.evidence.saved(this.builder, ok);
  }

  async keptSaved(rows: readonly { realmId: number; hourMs: number }[]): Promise<void> {
    this.evidence.keptSaved(this.builder, rows);
  }

  async compactEvidence(): Promise<number> {
    return this.builder.compactEvidence();
  }

  async replayEvidence({ recipe, realmIds, part, keptDir, step }: ReplayOptions) {
    this.replayStopped = false;
    const kept = keptDir ? createKeptSnapshotFiles(keptDir) : undefined;
    if (kept) this.shelves.push(kept);
    const run = part === 'whole' ? replayEvidence : resumeEvidence;
    const past = this.past ?? pastDumpsOf(recipe);
    return run({ builder: this.builder, realmIds, past, stopped: () => this.replayStopped, kept }, step);
  }

  async stopReplay(): Promise<void> {
    this.replayStopped = true;
  }

  onRestart(): void {
    // Nothing to restart: the builder lives as long as the process.
  }

  async close(): Promise<void> {
    this.replayStopped = true;
    for (const shelf of this.shelves) shelf.close();
  }
}
