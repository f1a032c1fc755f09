// Deal evidence (docs/deal-trust.md) kept in the database, so it survives restarts and deploys and every web
// process of a scaled deployment reads what the worker saw. One row per (region, connected realm, UTC
// day) holding that day's bucket as evidence-codec bytes (with the realm's last snapshot time), plus
// the region's raw variant table whose ids the bytes use (realm 0). A snapshot rewrites only the days
// that took new snapshots (today's), not the 13 finished ones: at full size that is the difference
// between a few MB and a few hundred MB written an hour.
import type { Region } from '@goldroute/domain';
import type { DayBucket } from '@goldroute/market';
import {
  EVIDENCE_DAYS,
  evidenceFromBytes,
  evidenceToBytes,
  memoryShelf,
  type PastDayShelf,
  RealmEvidence,
} from '@goldroute/market';
import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { atLowPriority } from '../../db/priority-pool';
import { marketEvidence, marketKeptSnapshots } from '../../db/schema';
import { joinGrouped, nextVersion, PART_BYTES, partCount, splitParts } from './stored-parts';

/** Realm id of the raw variant table's row (no connected realm has id 0). */
const TABLE_ROW = 0;
/** The day of the table's row, and of a realm's 14 days as one blob (rows written before per-day rows). */
const WHOLE = -1;
/** Rows per insert: a realm's day can reach a few hundred KB at full size. */
const BATCH = 32;
/**
 * Bytes per insert, and a turn of the event loop after each. PGlite (the embedded default) runs one
 * statement at a time, about a second per 10 MB of bytea: a replayed day of a standard region written as
 * one statement kept every other call waiting for the database for seconds. Values larger than this are
 * written in parts (stored-parts.ts), a part per statement.
 */
const BATCH_BYTES = PART_BYTES;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows in statement-sized groups: up to BATCH rows and BATCH_BYTES bytes (at least one row each). */
function batches<T extends { bytes: Uint8Array }>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (current.length > 0 && (current.length >= BATCH || bytes + row.bytes.byteLength > BATCH_BYTES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += row.bytes.byteLength;
  }
  if (current.length > 0) out.push(current);
  return out;
}

export interface StoredEvidence {
  /** RawVariantTable.toInt32() of the region, null before the first save. */
  table: Int32Array | null;
  realms: Map<number, RealmEvidence>;
  /** Each realm's last kept snapshot as kept-codec bytes (RealmEvidence.restoreSnapshot takes it). */
  kept: Map<number, Uint8Array>;
}

/** A realm's last kept snapshot to write, as kept-codec bytes. */
export interface KeptRow {
  realmId: number;
  hourMs: number;
  bytes: Uint8Array;
}

/** One realm's day to write. */
export interface EvidenceDay {
  realmId: number;
  day: number;
  bytes: Uint8Array;
}

function int32Of(bytes: Uint8Array): Int32Array {
  // A copy: driver buffers need not be 4-byte aligned.
  return new Int32Array(new Uint8Array(bytes).buffer);
}

/** A realm's day as stored: the bucket alone, with the realm's last snapshot time. */
export function dayBytes(evidence: RealmEvidence, bucket: DayBucket): Uint8Array {
  return evidenceToBytes(RealmEvidence.fromDays([bucket], evidence.lastHourMs));
}

type Row = { realmId: number; day: number; bytes: Uint8Array };

/**
 * A realm's evidence from its day rows. With a shelf to `compact` onto, its past days, stored as they
 * are, are kept only as the build reads them (RealmEvidence.compactPast) as soon as the realm is
 * decoded, so that loading a region never holds every realm's 14 days in full at once.
 */
function fromDayRows(rows: readonly Row[], compact: PastDayShelf | null): RealmEvidence {
  const buckets: DayBucket[] = [];
  let last: number | null = null;
  for (const row of rows) {
    const one = evidenceFromBytes(row.bytes);
    buckets.push(...one.buckets);
    const at = one.lastHourMs;
    if (at !== null && (last === null || at > last)) last = at;
  }
  const evidence = RealmEvidence.fromDays(buckets, last);
  if (compact) evidence.compactPast(undefined, compact);
  return evidence;
}

/** Each realm's evidence from its rows: its day rows when it has any, else its whole-blob row. */
export function assemble(
  rows: readonly Row[],
  compact: PastDayShelf | null = null,
): Map<number, RealmEvidence> {
  const days = new Map<number, Row[]>();
  const whole = new Map<number, Uint8Array>();
  for (const row of rows) {
    if (row.realmId === TABLE_ROW) continue;
    if (row.day === WHOLE) whole.set(row.realmId, row.bytes);
    else {
      const realmRows = days.get(row.realmId);
      if (realmRows) realmRows.push(row);
      else days.set(row.realmId, [row]);
    }
  }
  const out = new Map<number, RealmEvidence>();
  for (const [id, bytes] of whole) if (!days.has(id)) out.set(id, evidenceFromBytes(bytes));
  for (const [id, realmRows] of days) out.set(id, fromDayRows(realmRows, compact));
  return out;
}

const columns = {
  realmId: marketEvidence.realmId,
  day: marketEvidence.day,
  part: marketEvidence.part,
  parts: marketEvidence.parts,
  version: marketEvidence.version,
  bytes: marketEvidence.bytes,
};

/** Day rows as stored (in parts) -> one row per realm and day; a day without every part is left out. */
function joinDays(stored: readonly (Row & { part: number; parts: number; version: number })[]): Row[] {
  return joinGrouped(
    stored.map((r) => ({ ...r, key: { realmId: r.realmId, day: r.day } })),
    (k) => `${k.realmId}/${k.day}`,
  ).map(({ key, bytes }) => ({ ...key, bytes }));
}

export function createEvidenceStore(db: Db) {
  /**
   * The stored rows as bytes, undecoded (a builder thread decodes them off the main thread):
   * the table, every day row and each realm's kept snapshot.
   */
  function loadRaw(
    region: Region,
  ): Promise<{ table: Int32Array | null; rows: Row[]; kept: [number, Uint8Array][] }> {
    return atLowPriority(() => readRaw(region));
  }

  async function readRaw(
    region: Region,
  ): Promise<{ table: Int32Array | null; rows: Row[]; kept: [number, Uint8Array][] }> {
    const rows = joinDays(
      await db.select(columns).from(marketEvidence).where(eq(marketEvidence.region, region)),
    );
    const tableRow = rows.find((r) => r.realmId === TABLE_ROW);
    const kept = await db
      .select({
        realmId: marketKeptSnapshots.realmId,
        part: marketKeptSnapshots.part,
        parts: marketKeptSnapshots.parts,
        version: marketKeptSnapshots.version,
        bytes: marketKeptSnapshots.bytes,
      })
      .from(marketKeptSnapshots)
      .where(eq(marketKeptSnapshots.region, region));
    return {
      table: tableRow ? int32Of(tableRow.bytes) : null,
      rows: rows.filter((r) => r.realmId !== TABLE_ROW),
      kept: joinGrouped(
        kept.map((r) => ({ ...r, key: r.realmId })),
        String,
      ).map(({ key, bytes }): [number, Uint8Array] => [key, bytes]),
    };
  }

  return {
    /** To build from: past days compacted onto `pastDays` (memory without it), as the ingestor keeps them. */
    async load(region: Region, pastDays: PastDayShelf = memoryShelf): Promise<StoredEvidence> {
      const raw = await loadRaw(region);
      return { table: raw.table, realms: assemble(raw.rows, pastDays), kept: new Map(raw.kept) };
    },

    loadRaw,

    /** Replaces the kept snapshots of these realms (after their days are saved: the days name the hour). */
    saveKept: (region: Region, kept: readonly KeptRow[]): Promise<void> =>
      atLowPriority(() => saveKept(region, kept)),

    /** The stored evidence of some realms (a deal's two), without the rest: for a request, so not held back. */
    async realms(region: Region, realmIds: number[]): Promise<Map<number, RealmEvidence>> {
      const rows = await db
        .select(columns)
        .from(marketEvidence)
        .where(and(eq(marketEvidence.region, region), inArray(marketEvidence.realmId, realmIds)));
      return assemble(joinDays(rows));
    },

    /**
     * Writes the table first (when given: it grew), so any id the days name is in the stored table;
     * then the days; then drops the days of those realms that fell out of the 14-day window before
     * `newestDay`, and their whole-blob rows, which the days now replace.
     */
    save: (
      region: Region,
      table: Int32Array | null,
      days: readonly EvidenceDay[],
      newestDay: number,
    ): Promise<void> => atLowPriority(() => save(region, table, days, newestDay)),
  };

  async function saveKept(region: Region, kept: readonly KeptRow[]): Promise<void> {
    // A part at a time: a realm's snapshot reaches megabytes at full size.
    for (const row of kept) {
      const parts = splitParts(row.bytes, nextVersion());
      for (const part of parts) {
        await nextTurn();
        await db
          .insert(marketKeptSnapshots)
          .values({ region, realmId: row.realmId, hourMs: row.hourMs, ...part })
          .onConflictDoUpdate({
            target: [marketKeptSnapshots.region, marketKeptSnapshots.realmId, marketKeptSnapshots.part],
            set: { ...part, hourMs: row.hourMs, updatedAt: sql`now()` },
          });
      }
      await db
        .delete(marketKeptSnapshots)
        .where(
          and(
            eq(marketKeptSnapshots.region, region),
            eq(marketKeptSnapshots.realmId, row.realmId),
            gte(marketKeptSnapshots.part, parts.length),
          ),
        );
    }
  }

  async function save(
    region: Region,
    table: Int32Array | null,
    days: readonly EvidenceDay[],
    newestDay: number,
  ): Promise<void> {
    const values = [
      ...(table
        ? [
            {
              realmId: TABLE_ROW,
              day: WHOLE,
              bytes: new Uint8Array(table.buffer, table.byteOffset, table.byteLength),
            },
          ]
        : []),
      ...days,
    ];
    const version = nextVersion();
    const rows = values.flatMap((v) =>
      splitParts(v.bytes, version).map((part) => ({ region, realmId: v.realmId, day: v.day, ...part })),
    );
    for (const batch of batches(rows)) {
      await nextTurn();
      await db
        .insert(marketEvidence)
        .values(batch)
        .onConflictDoUpdate({
          target: [marketEvidence.region, marketEvidence.realmId, marketEvidence.day, marketEvidence.part],
          set: {
            bytes: sql`excluded.bytes`,
            parts: sql`excluded.parts`,
            version: sql`excluded.version`,
            updatedAt: sql`now()`,
          },
        });
    }
    const realmIds = [...new Set(days.map((d) => d.realmId))];
    // Parts an older, longer write of these values left; the days of these realms that left the 14-day
    // window; their whole-blob rows, which the days now replace.
    const leftovers = values.map((v) =>
      and(
        eq(marketEvidence.realmId, v.realmId),
        eq(marketEvidence.day, v.day),
        gte(marketEvidence.part, partCount(v.bytes)),
      ),
    );
    const outdated = realmIds.length
      ? [
          and(
            inArray(marketEvidence.realmId, realmIds),
            or(eq(marketEvidence.day, WHOLE), lt(marketEvidence.day, newestDay - EVIDENCE_DAYS + 1)),
          ),
        ]
      : [];
    if (leftovers.length + outdated.length === 0) return;
    await db
      .delete(marketEvidence)
      .where(and(eq(marketEvidence.region, region), or(...leftovers, ...outdated)));
  }
}

export type EvidenceStore = ReturnType<typeof createEvidenceStore>;
