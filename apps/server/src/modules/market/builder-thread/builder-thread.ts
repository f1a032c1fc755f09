// The main thread's face of a region's SnapshotBuilder running in a worker thread (builder-worker.ts):
// the same operations, asynchronous. The main thread keeps HTTP fetching, the database and the store;
// the worker does the CPU work. A dump's bytes move to the worker (transferred, not copied) and the
// snapshot comes back encoded as for Redis (encodeSnapshot), its buffer transferred, and is decoded here.
// A worker that stops is replaced at once; until each realm it held has had a dump again, build()
// answers the last good snapshot (onRestart tells the caller to fetch every realm and restore evidence).
import type { Worker } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import {
  decodeSnapshotStepwise,
  type MarketSnapshot,
  type RealmInfo,
  type SnapshotSources,
  type TsmRow,
} from '@goldroute/market';
import { BuilderThreadStopped, errorFrom } from './builder-thread-error';
import { MirroredSources } from './mirrored-sources';
import type { PastDumpsRecipe } from './past-dumps-recipe';
import type {
  EvidenceRow,
  EvidenceToSave,
  IngestSummary,
  KeptToSave,
  MissingIds,
  Op,
  Reply,
  Request,
  Requests,
  WorkerEvent,
} from './protocol';
import { startBuilderWorker } from './worker-start';

/** SnapshotBuilderOptions, with the past-day and kept-snapshot shelves named by their directories. */
export interface BuilderThreadOptions extends SnapshotSources {
  region: string;
  realms: readonly RealmInfo[];
  /** Keep deal evidence from dump to dump (SnapshotBuilderOptions.evidence). */
  evidence?: boolean | undefined;
  /** The region's past-day files directory (the worker opens them); memory without it. */
  pastDaysDir?: string | undefined;
  /** The region's kept-snapshot files directory; memory without it. */
  keptDir?: string | undefined;
}

/** How long the last build took, and where. */
export interface BuildTiming {
  /** In the worker: build, then encode. */
  buildMs: number;
  encodeMs: number;
  /** On the main thread: the stepwise decode of the transferred buffer, start to end (event-loop turns included). */
  decodeMs: number;
  bytes: number;
}

export interface ReplayOptions {
  recipe: PastDumpsRecipe;
  realmIds: readonly number[];
  part: 'whole' | 'missing days';
  /** Directory for the replay's own kept snapshots; memory without it. */
  keptDir?: string | undefined;
  /** Runs after each replayed part (save the evidence, publish); the replay waits for it. */
  step: (progress: { days: number; ms: number }) => Promise<void>;
}

/**
 * Every snapshot a builder thread built, with its encoded bytes (the snapshot relay stores them in Redis
 * rather than encoding the snapshot again on this thread).
 */
const encodedSnapshots = new WeakMap<MarketSnapshot, Uint8Array>();

/** The bytes a builder thread encoded this snapshot from; undefined for one built or decoded elsewhere. */
export function encodedBytesOf(snapshot: MarketSnapshot): Uint8Array | undefined {
  return encodedSnapshots.get(snapshot);
}

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
/** Item or pet entries per message to a new worker: a few ms of copying each at full size. */
const MAP_ENTRIES_PER_MESSAGE = 2_000;
type Args<K extends Op> = Requests[K]['args'];

export class BuilderThread {
  private worker!: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly sources: MirroredSources;
  private realms: readonly RealmInfo[];
  private tsm: readonly TsmRow[] | null = null;
  private late: number[] = [];
  private closing = false;
  private ready!: Promise<unknown>;
  /** Resolves once a new worker has been sent its start (init, then the lookup maps in parts). */
  private startSent = Promise.resolve();
  /** Realms with a listing in the worker; after a restart, those that still wait for a dump. */
  private readonly held = new Set<number>();
  private readonly awaited = new Set<number>();
  private lastGood: MarketSnapshot | null = null;
  private replay: {
    options: ReplayOptions;
    resolve: (r: unknown) => void;
    reject: (e: Error) => void;
  } | null = null;
  private readonly restartListeners: ((restarts: number) => void)[] = [];
  /** Workers started again after one stopped. */
  restarts = 0;
  lastBuild: BuildTiming | null = null;

  constructor(private readonly options: BuilderThreadOptions) {
    this.realms = options.realms;
    const { items, pets, bonusData, excludedItems } = options;
    this.sources = new MirroredSources({
      items,
      pets,
      bonusData,
      ...(excludedItems ? { excludedItems } : {}),
    });
    this.spawn();
  }

  /** The worker thread now (diagnostics; tests stop it to see it replaced). */
  get currentWorker(): Worker {
    return this.worker;
  }

  private spawn(): void {
    const worker = startBuilderWorker();
    this.worker = worker;
    worker.on('message', (message: Reply | WorkerEvent) => this.receive(message));
    worker.on('error', () => {
      // 'exit' follows; the error itself reached the caller of the request that caused it, if any.
    });
    worker.once('exit', (code) => this.stopped(worker, code));
    const { realms, options } = this;
    const init = this.post('init', {
      options: {
        region: options.region,
        realms,
        sources: this.sources.starting() as SnapshotSources,
        evidence: options.evidence === true,
        pastDaysDir: options.pastDaysDir,
        keptDir: options.keptDir,
      },
    });
    // Every other request waits until the maps are all sent, so the worker never works with half of them.
    this.startSent = this.sendMaps();
    this.ready = init.then((value) => this.startSent.then(() => value));
    // What the caller set on the builder, set again on a new worker's.
    // A failed init reaches started() and the requests after it; it is no unhandled rejection.
    this.ready.catch(() => {});
    if (this.tsm) void this.send('setTsm', { rows: this.tsm }).catch(() => {});
    if (this.late.length) void this.send('setLateRealms', { ids: this.late }).catch(() => {});
  }

  private stopped(worker: Worker, code: number): void {
    if (worker !== this.worker) return;
    const err = new BuilderThreadStopped(code);
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.replay?.reject(err);
    this.replay = null;
    if (this.closing) return;
    this.restarts++;
    for (const id of this.held) this.awaited.add(id);
    this.held.clear();
    this.spawn();
    for (const listener of this.restartListeners) listener(this.restarts);
  }

  private receive(message: Reply | WorkerEvent): void {
    if (message.kind === 'reply') {
      const p = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.ok) p?.resolve(message.value);
      else p?.reject(errorFrom(message.error));
      return;
    }
    const replay = this.replay;
    if (!replay) return;
    if (message.kind === 'replay-step') {
      const ack = () => void this.send('ackReplayStep', { step: message.step }).catch(() => {});
      replay.options.step({ days: message.days, ms: message.ms }).then(ack, ack);
    } else {
      this.replay = null;
      if (message.error) replay.reject(errorFrom(message.error));
      else replay.resolve(message.result);
    }
  }

  /** The lookup maps' entries, a part per message with a turn of the event loop between. */
  private async sendMaps(): Promise<void> {
    const worker = this.worker;
    for (const part of this.sources.mapParts(MAP_ENTRIES_PER_MESSAGE)) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      // A worker started again since starts its own.
      if (this.worker !== worker) return;
      // A failure reaches the requests after it, as init's does.
      this.post('addEntries', part).catch(() => {});
    }
  }

  /** A request, once the worker's start has been sent. */
  private send<K extends Op>(
    op: K,
    args: Args<K>,
    transfer: ArrayBuffer[] = [],
  ): Promise<Requests[K]['value']> {
    return this.startSent.then(() => this.post(op, args, transfer));
  }

  private post<K extends Op>(
    op: K,
    args: Args<K>,
    transfer: ArrayBuffer[] = [],
  ): Promise<Requests[K]['value']> {
    const id = this.nextId++;
    // A terminated worker never answers: a request after close() fails at once.
    if (this.closing) return Promise.reject(new BuilderThreadStopped(0));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ id, op, ...args } as Request, transfer);
    });
  }

  /** Waits for the worker to have made its builder (init fails: the error is thrown here). */
  async started(): Promise<void> {
    await this.ready;
  }

  /**
   * Ingests one realm's dump in the worker; an IngestError leaves the realm's previous listing. A
   * Uint8Array that owns its whole buffer is transferred (it is empty here afterwards); a string or a
   * view on a larger buffer is copied.
   */
  async ingest(realmId: number, dump: Uint8Array | string, lastModified?: number): Promise<IngestSummary> {
    const bytes =
      typeof dump === 'string'
        ? new Uint8Array(Buffer.from(dump, 'utf8'))
        : dump.byteOffset === 0 && dump.byteLength === dump.buffer.byteLength
          ? dump
          : dump.slice();
    this.awaited.delete(realmId);
    const summary = await this.send('ingest', { realmId, bytes, lastModified }, [
      bytes.buffer as ArrayBuffer,
    ]);
    this.held.add(realmId);
    return summary;
  }

  async setTsm(rows: readonly TsmRow[]): Promise<void> {
    this.tsm = rows;
    await this.send('setTsm', { rows });
  }

  async setRealms(realms: readonly RealmInfo[]): Promise<void> {
    this.realms = realms;
    await this.send('setRealms', { realms });
  }

  /** Realms the region's last batch left behind: the next builds mark them (SnapshotBuilder.setLateRealms). */
  async setLateRealms(ids: Iterable<number>): Promise<void> {
    this.late = [...ids];
    await this.send('setLateRealms', { ids: this.late });
  }

  /** Ids the listings hold that the lookups do not know (mirrored lookups are filled in first). */
  async missingIds(): Promise<MissingIds> {
    const missing = await this.send('missingIds', {});
    if (!this.sources.mirrors || (missing.itemIds.length === 0 && missing.petSpecies.length === 0))
      return missing;
    const entries = this.sources.entriesFor(missing);
    if (entries.items.length === 0 && entries.pets.length === 0) return missing;
    await this.send('addEntries', entries);
    return this.send('missingIds', {});
  }

  async resetResolutions(sources?: Partial<SnapshotSources>): Promise<void> {
    if (sources) this.sources.replace(sources);
    await this.send('resetResolutions', { sources: sources && this.sources.portable() });
  }

  /**
   * Builds in the worker and decodes here. After a restart, until every realm the old worker held has
   * had a dump again, the last good snapshot is answered instead (a partial one would hide realms).
   */
  async build(): Promise<MarketSnapshot> {
    if (this.awaited.size > 0 && this.lastGood) return this.lastGood;
    if (this.sources.mirrors) await this.missingIds();
    const { bytes, buildMs, encodeMs } = await this.send('build', {});
    const started = performance.now();
    // Stepwise: a full-size region's snapshot decodes for a second or more, requests answered in between.
    const snapshot = await decodeSnapshotStepwise(bytes);
    this.lastBuild = { buildMs, encodeMs, decodeMs: performance.now() - started, bytes: bytes.byteLength };
    this.lastGood = snapshot;
    encodedSnapshots.set(snapshot, bytes);
    return snapshot;
  }

  /**
   * The snapshot as encodeSnapshot wrote it in the worker, for a snapshot build() answered: the snapshot
   * relay can store these bytes in Redis instead of encoding the snapshot again on this thread.
   */
  bytesOf(snapshot: MarketSnapshot): Uint8Array | undefined {
    return encodedSnapshots.get(snapshot);
  }

  /** Restores evidence read undecoded from the database (EvidenceStore.loadRaw); decoded in the worker. */
  restoreEvidence(stored: {
    table: Int32Array | null;
    rows: EvidenceRow[];
    kept: [number, Uint8Array][];
  }): Promise<Requests['restoreEvidence']['value']> {
    return this.send('restoreEvidence', stored);
  }

  /** The days (and the table, when it grew) to write since the last save, encoded in the worker. */
  evidenceToSave(): Promise<EvidenceToSave> {
    return this.send('evidenceToSave', {});
  }

  /** After writing evidenceToSave: compacts what is stored; answers the kept snapshots to write next. */
  evidenceSaved(ok: boolean): Promise<KeptToSave[]> {
    return this.send('evidenceSaved', { ok });
  }

  async keptSaved(rows: readonly { realmId: number; hourMs: number }[]): Promise<void> {
    await this.send('keptSaved', { rows: rows.map(({ realmId, hourMs }) => ({ realmId, hourMs })) });
  }

  /** Without an evidence store: every past day compacted (RealmEvidence.compactPast); answers how many. */
  compactEvidence(): Promise<number> {
    return this.send('compactEvidence', {});
  }

  /** Runs the evidence replay in the worker; resolves with its progress at the end (null when stopped). */
  replayEvidence(options: ReplayOptions): Promise<{ days: number; ms: number } | null> {
    if (this.replay) return Promise.reject(new Error('an evidence replay is already running'));
    const done = new Promise<{ days: number; ms: number } | null>((resolve, reject) => {
      this.replay = { options, resolve: resolve as (r: unknown) => void, reject };
    });
    const { recipe, realmIds, part, keptDir } = options;
    this.send('startReplay', { recipe, realmIds: [...realmIds], part, keptDir }).catch((err: Error) => {
      this.replay?.reject(err);
      this.replay = null;
    });
    return done;
  }

  async stopReplay(): Promise<void> {
    await this.send('stopReplay', {});
  }

  /** Called after a worker stopped and a new one was started (its builder empty: fetch every realm again). */
  onRestart(listener: (restarts: number) => void): void {
    this.restartListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.worker.terminate();
  }
}
