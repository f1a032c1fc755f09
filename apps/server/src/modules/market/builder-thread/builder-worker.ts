// The worker thread that owns a region's SnapshotBuilder (builder-thread.ts starts it): ingest, build
// (answered encoded as for Redis, its buffer transferred), evidence encoding and decoding, and the
// evidence replay run here, so the main thread's event loop stays free to answer requests.
import { parentPort } from 'node:worker_threads';
import {
  createKeptSnapshotFiles,
  createPastDayFiles,
  encodeSnapshot,
  IngestError,
  SnapshotBuilder,
  type KeptShelf,
  type PastDayShelf,
} from '@goldroute/market';
import { performance } from 'node:perf_hooks';
import { replayEvidence, resumeEvidence } from '../evidence-replay';
import { pastDumpsOf } from './past-dumps-recipe';
import type {
  EvidenceToSave,
  KeptToSave,
  Reply,
  Request,
  Requests,
  SerializedError,
  WorkerBuilderOptions,
  WorkerEvent,
} from './protocol';
import { runAsBackgroundThread } from '../../../lib/thread-priority';
import { createWorkerEvidence } from './worker-evidence';

if (!parentPort) throw new Error('builder-worker.ts runs as a worker thread (builder-thread.ts starts it)');
const port = parentPort;
// Requests go first when a batch keeps every builder busy; a build waits a little longer instead.
runAsBackgroundThread();

interface State {
  builder: SnapshotBuilder;
  options: WorkerBuilderOptions;
  evidence: ReturnType<typeof createWorkerEvidence>;
  /** The maps the mirrored function lookups grow into (addEntries). */
  items: Map<number, unknown> | null;
  pets: Map<number, unknown> | null;
  shelves: { close(): void }[];
}
let state: State | null = null;
const replay = { stopped: false, running: null as Promise<void> | null, acks: new Map<number, () => void>() };

function current(): State {
  if (!state) throw new Error('the builder worker was not initialised');
  return state;
}

/** A buffer of its own (transferable whole): encodeSnapshot's Buffer.alloc gives one; anything else is copied. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

function errorOf(err: unknown): SerializedError {
  if (err instanceof IngestError) {
    // IngestError's message already ends with " at byte N"; the main thread makes it again from both.
    return { name: err.name, message: err.message.replace(/ at byte \d+$/, ''), offset: err.offset };
  }
  if (err instanceof Error) return { name: err.name, message: err.message };
  return { name: 'Error', message: String(err) };
}

const post = (message: Reply | WorkerEvent, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

type Handler<K extends keyof Requests> = (
  req: Extract<Request, { op: K }>,
) => Requests[K]['value'] | Promise<Requests[K]['value']>;

const handlers: { [K in keyof Requests]: Handler<K> } = {
  init({ options }) {
    const shelves: { close(): void }[] = [];
    let pastDays: PastDayShelf | undefined;
    let keptSnapshots: KeptShelf | undefined;
    if (options.pastDaysDir) shelves.push((pastDays = createPastDayFiles(options.pastDaysDir)));
    if (options.keptDir) {
      const files = createKeptSnapshotFiles(options.keptDir);
      shelves.push(files);
      keptSnapshots = files;
    }
    const builder = new SnapshotBuilder({
      region: options.region,
      realms: options.realms,
      ...options.sources,
      evidence: options.evidence,
      ...(pastDays ? { pastDays } : {}),
      ...(keptSnapshots ? { keptSnapshots } : {}),
    });
    state = {
      builder,
      options,
      evidence: createWorkerEvidence(pastDays),
      items: options.sources.items instanceof Map ? (options.sources.items as Map<number, unknown>) : null,
      pets: options.sources.pets instanceof Map ? (options.sources.pets as Map<number, unknown>) : null,
      shelves,
    };
    return null;
  },
  ingest({ realmId, bytes, lastModified }) {
    const listing = current().builder.ingest(realmId, bytes, lastModified);
    const { connectedRealmId, auctionCount, pricedAuctions, size } = listing;
    return { connectedRealmId, auctionCount, pricedAuctions, size };
  },
  setTsm({ rows }) {
    current().builder.setTsm(rows);
    return null;
  },
  setRealms({ realms }) {
    current().builder.setRealms(realms);
    return null;
  },
  setLateRealms({ ids }) {
    current().builder.setLateRealms(ids);
    return null;
  },
  missingIds() {
    return current().builder.missingIds();
  },
  resetResolutions({ sources }) {
    const s = current();
    if (sources?.items instanceof Map) s.items = sources.items as Map<number, unknown>;
    if (sources?.pets instanceof Map) s.pets = sources.pets as Map<number, unknown>;
    s.builder.resetResolutions(sources);
    return null;
  },
  addEntries({ items, pets }) {
    const s = current();
    for (const [id, info] of items) s.items?.set(id, info);
    for (const [id, info] of pets) s.pets?.set(id, info);
    return null;
  },
  build() {
    const started = performance.now();
    const snapshot = current().builder.build();
    const built = performance.now();
    const bytes = owned(encodeSnapshot(snapshot));
    return { bytes, buildMs: built - started, encodeMs: performance.now() - built };
  },
  restoreEvidence(stored) {
    const s = current();
    return s.evidence.restore(s.builder, stored);
  },
  evidenceToSave() {
    const s = current();
    return s.evidence.toSave(s.builder);
  },
  evidenceSaved({ ok }) {
    const s = current();
    return s.evidence.saved(s.builder, ok);
  },
  keptSaved({ rows }) {
    const s = current();
    s.evidence.keptSaved(s.builder, rows);
    return null;
  },
  compactEvidence() {
    return current().builder.compactEvidence();
  },
  startReplay({ recipe, realmIds, part, keptDir }) {
    const s = current();
    if (replay.running) throw new Error('an evidence replay is already running');
    replay.stopped = false;
    const kept = keptDir ? createKeptSnapshotFiles(keptDir) : undefined;
    if (kept) s.shelves.push(kept);
    let steps = 0;
    const step = (progress: { days: number; ms: number }) =>
      new Promise<void>((resolve) => {
        const n = ++steps;
        replay.acks.set(n, resolve);
        post({ kind: 'replay-step', step: n, ...progress });
      });
    const run = part === 'whole' ? replayEvidence : resumeEvidence;
    const r = {
      builder: s.builder,
      realmIds,
      past: pastDumpsOf(recipe),
      stopped: () => replay.stopped,
      kept,
    };
    replay.running = run(r, step)
      .then(
        (result) => post({ kind: 'replay-done', result }),
        (err: unknown) => post({ kind: 'replay-done', result: null, error: errorOf(err) }),
      )
      .finally(() => {
        replay.running = null;
      });
    return null;
  },
  async stopReplay() {
    replay.stopped = true;
    // A step waiting for its ack would never end: release it.
    for (const resolve of replay.acks.values()) resolve();
    replay.acks.clear();
    await replay.running;
    return null;
  },
  ackReplayStep({ step }) {
    replay.acks.get(step)?.();
    replay.acks.delete(step);
    return null;
  },
};

/**
 * A reply with its bytes moved rather than copied. The snapshot's buffer is the worker's own (owned()).
 * The evidence days and kept snapshots (hundreds of MB at full size) are copies made here and then moved:
 * copied by the message itself, they were decoded on the main thread in one native step that held it for
 * up to a second. The bytes the builder keeps are never moved themselves (that would empty them here).
 */
function movable(op: Request['op'], value: unknown): { value: unknown; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const moved = <T extends Uint8Array | Int32Array>(bytes: T): T => {
    const copy = bytes.slice() as T;
    transfer.push(copy.buffer as ArrayBuffer);
    return copy;
  };
  if (op === 'build') {
    transfer.push((value as Requests['build']['value']).bytes.buffer as ArrayBuffer);
    return { value, transfer };
  }
  if (op === 'evidenceToSave') {
    const save = value as EvidenceToSave;
    const days = save.days.map((day) => ({ ...day, bytes: moved(day.bytes) }));
    return { value: { ...save, table: save.table && moved(save.table), days }, transfer };
  }
  if (op === 'evidenceSaved') {
    const kept = (value as KeptToSave[]).map((row) => ({ ...row, bytes: moved(row.bytes) }));
    return { value: kept, transfer };
  }
  return { value, transfer };
}

port.on('message', (req: Request) => {
  void (async () => {
    try {
      const answer = movable(req.op, await (handlers[req.op] as Handler<typeof req.op>)(req as never));
      post({ kind: 'reply', id: req.id, ok: true, value: answer.value }, answer.transfer);
    } catch (err) {
      post({ kind: 'reply', id: req.id, ok: false, error: errorOf(err) });
    }
  })();
});
