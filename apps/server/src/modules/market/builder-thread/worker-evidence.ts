// The builder's half of saving and restoring deal evidence (evidence-keeper.ts moves the bytes):
// encoding the days and kept snapshots to write, decoding what the database holds, and the
// bookkeeping of what is already stored. The main thread only moves the bytes to and from the
// database, so none of the encoding or decoding runs on the thread that answers requests.
import {
  type DayBucket,
  keptFromBytes,
  keptToBytes,
  memoryShelf,
  type PastDayShelf,
  type RealmEvidence,
  type SnapshotBuilder,
} from '@goldroute/market';
import { assemble, dayBytes } from '../evidence-store';
import type { EvidenceRow, EvidenceToSave, KeptToSave } from './protocol';

export function createWorkerEvidence(pastDays: PastDayShelf | undefined) {
  /**
   * Per day bucket, the snapshots it held when it was stored: a save writes only the days that took
   * more since, or that are new buckets (a replay swaps a realm's evidence for one whose today may hold
   * as many snapshots as the live one's but other figures). Weak: a compacted day's bucket goes.
   */
  const savedDays = new WeakMap<DayBucket, number>();
  const isStored = (bucket: DayBucket) => savedDays.get(bucket) === bucket.snapshots;
  let savedTableLength = 0;
  /** Per realm, the evidence and hour of the kept snapshot stored. */
  const savedKept = new Map<number, { evidence: RealmEvidence; hourMs: number | null }>();
  /** What the last evidenceToSave handed out, applied once the main thread says it was written. */
  let pending: { buckets: [DayBucket, number][]; tableLength: number } | null = null;

  return {
    restore(
      b: SnapshotBuilder,
      stored: { table: Int32Array | null; rows: EvidenceRow[]; kept: [number, Uint8Array][] },
    ): { realms: number; listings: number; unreadableKept: number[] } {
      if (!stored.table) return { realms: 0, listings: 0, unreadableKept: [] };
      const realms = assemble(stored.rows, pastDays ?? memoryShelf);
      const kept = new Map(stored.kept);
      b.table.restore(stored.table);
      let listings = 0;
      const unreadableKept: number[] = [];
      for (const [id, evidence] of realms) {
        const bytes = kept.get(id);
        let snapshot = null;
        try {
          snapshot = bytes ? keptFromBytes(bytes) : null;
        } catch {
          unreadableKept.push(id);
        }
        if (snapshot && evidence.restoreSnapshot(snapshot)) {
          savedKept.set(id, { evidence, hourMs: evidence.lastHourMs });
          listings++;
        }
        b.restoreEvidence(id, evidence);
      }
      return { realms: realms.size, listings, unreadableKept };
    },

    toSave(b: SnapshotBuilder): EvidenceToSave {
      const days: EvidenceRow[] = [];
      const buckets: [DayBucket, number][] = [];
      let newestDay = -Infinity;
      for (const [id, evidence] of b.evidenceRealms()) {
        for (const bucket of evidence.buckets) {
          newestDay = Math.max(newestDay, bucket.day);
          if (isStored(bucket)) continue;
          buckets.push([bucket, bucket.snapshots]);
          days.push({ realmId: id, day: bucket.day, bytes: dayBytes(evidence, bucket) });
        }
      }
      const table = b.table.toInt32();
      pending = { buckets, tableLength: table.length };
      return { table: table.length === savedTableLength ? null : table, days, newestDay };
    },

    /** After the days were written (or not): compacts what is stored, answers the kept snapshots to write. */
    saved(b: SnapshotBuilder, ok: boolean): KeptToSave[] {
      const done = pending;
      pending = null;
      if (!ok || !done) return [];
      savedTableLength = done.tableLength;
      for (const [bucket, snapshots] of done.buckets) savedDays.set(bucket, snapshots);
      b.compactEvidence((_id, bucket) => isStored(bucket));
      const rows: KeptToSave[] = [];
      for (const [id, evidence] of b.evidenceRealms()) {
        const stored = savedKept.get(id);
        if (stored?.evidence === evidence && stored.hourMs === evidence.lastHourMs) continue;
        const snapshot = evidence.lastSnapshot;
        if (snapshot) rows.push({ realmId: id, hourMs: snapshot.hourMs, bytes: keptToBytes(snapshot) });
      }
      return rows;
    },

    keptSaved(b: SnapshotBuilder, rows: readonly { realmId: number; hourMs: number }[]): void {
      for (const row of rows) {
        const evidence = b.realmEvidence(row.realmId);
        if (evidence) savedKept.set(row.realmId, { evidence, hourMs: row.hourMs });
      }
    },
  };
}
