// The messages between the main thread's BuilderThread and the worker that owns the SnapshotBuilder.
// Every request carries an id; the worker answers each one once, in order, with a value or an error.
import type { RealmInfo, SnapshotSources, TsmRow } from '@goldroute/market';
import type { PastDumpsRecipe } from './past-dumps-recipe';

/** What a worker needs to make its builder: the options that can cross threads. */
export interface WorkerBuilderOptions {
  region: string;
  realms: readonly RealmInfo[];
  /** Lookups as maps (function lookups are mirrored entry by entry, see mirrored-sources.ts). */
  sources: SnapshotSources;
  evidence: boolean;
  /** Directory of the region's past-day files (past-day-shelves.ts); memory without it. */
  pastDaysDir?: string | undefined;
  /** Directory of the region's kept snapshots; memory without it. */
  keptDir?: string | undefined;
}

/** One realm's evidence row as the database holds it (evidence-store.ts). */
export interface EvidenceRow {
  realmId: number;
  day: number;
  bytes: Uint8Array;
}

/** What a save writes to the database first: the table (when it grew) and the days that took snapshots. */
export interface EvidenceToSave {
  table: Int32Array | null;
  days: EvidenceRow[];
  newestDay: number;
}

export interface KeptToSave {
  realmId: number;
  hourMs: number;
  bytes: Uint8Array;
}

export interface IngestSummary {
  connectedRealmId: number;
  auctionCount: number;
  pricedAuctions: number;
  size: number;
}

export interface MissingIds {
  itemIds: number[];
  petSpecies: number[];
}

/** Every request and what the worker answers to it. */
export interface Requests {
  init: { args: { options: WorkerBuilderOptions }; value: null };
  ingest: {
    args: { realmId: number; bytes: Uint8Array; lastModified?: number | undefined };
    value: IngestSummary;
  };
  setTsm: { args: { rows: readonly TsmRow[] }; value: null };
  setRealms: { args: { realms: readonly RealmInfo[] }; value: null };
  setLateRealms: { args: { ids: number[] }; value: null };
  missingIds: { args: Record<string, never>; value: MissingIds };
  resetResolutions: { args: { sources?: Partial<SnapshotSources> | undefined }; value: null };
  /** Entries of mirrored function lookups the worker lacked. */
  addEntries: { args: { items: [number, unknown][]; pets: [number, unknown][] }; value: null };
  /** The snapshot encoded as for Redis (encodeSnapshot), its buffer transferred. */
  build: { args: Record<string, never>; value: { bytes: Uint8Array; buildMs: number; encodeMs: number } };
  /** Restores stored evidence into the builder; answers the realms restored and the listings among them. */
  restoreEvidence: {
    args: { table: Int32Array | null; rows: EvidenceRow[]; kept: [number, Uint8Array][] };
    value: { realms: number; listings: number; unreadableKept: number[] };
  };
  /** The days (and table) to write since the last save. */
  evidenceToSave: { args: Record<string, never>; value: EvidenceToSave };
  /** Told after the database write of evidenceToSave (ok false: nothing was kept); answers the kept snapshots to write. */
  evidenceSaved: { args: { ok: boolean }; value: KeptToSave[] };
  keptSaved: { args: { rows: { realmId: number; hourMs: number }[] }; value: null };
  /** Without a store: past days compacted in memory (or on the past-day files). */
  compactEvidence: { args: Record<string, never>; value: number };
  /** Starts the evidence replay in the worker; its steps arrive as ReplayStep events, waiting for an ack. */
  startReplay: {
    args: {
      recipe: PastDumpsRecipe;
      realmIds: number[];
      part: 'whole' | 'missing days';
      keptDir?: string | undefined;
    };
    value: null;
  };
  stopReplay: { args: Record<string, never>; value: null };
  ackReplayStep: { args: { step: number }; value: null };
}

export type Op = keyof Requests;

export type Request = { [K in Op]: { id: number; op: K } & Requests[K]['args'] }[Op];

export interface SerializedError {
  name: string;
  message: string;
  /** IngestError's byte offset. */
  offset?: number | undefined;
}

export type Reply =
  | { kind: 'reply'; id: number; ok: true; value: unknown }
  | { kind: 'reply'; id: number; ok: false; error: SerializedError };

/** Unprompted messages from the worker: the replay's progress and end. */
export type WorkerEvent =
  | { kind: 'replay-step'; step: number; days: number; ms: number }
  | { kind: 'replay-done'; result: { days: number; ms: number } | null; error?: SerializedError | undefined };
