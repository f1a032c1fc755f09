// The worker's half of saving and restoring deal evidence (evidence-keeper.ts does both on the main
// thread today): encoding the days and kept snapshots to write, decoding what the database holds, and
// the bookkeeping of what is already stored. The main thread only moves the bytes to and from the
// database, so none of the encoding or decoding runs on the thread that answers requests.
import {
  EVIDENCE_DAYS,
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
  /** Per realm and day, the snapshots the stored row holds (a save writes only the days that took more). */
  const savedDays = new Map<string, number>();
  let savedTableLength = 0;
  /** Per realm, the evidence and hour of the kept snapshot stored. */
  const savedKept = new Map<number, { evidence: RealmEvidence; hourMs: number | null }>();
  /** What the last evidenceToSave handed out, applied once the main thread says it was written. */
  let pending: { snapshotsOf: Map<string, number>; tableLength: number; newestDay: number } | null = null;

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
      const snapshotsOf = new Map<string, number>();
      let newestDay = -Infinity;
      for (const [id, evidence] of b.evidenceRealms()) {
        for (const bucket of evidence.buckets) {
          newestDay = Math.max(newestDay, bucket.day);
          const key = `${id}:${bucket.day}`;
          if (savedDays.get(key) === bucket.snapshots) continue;
          snapshotsOf.set(key, bucket.snapshots);
          days.push({ realmId: id, day: bucket.day, bytes: dayBytes(evidence, bucket) });
        }
      }
      const table = b.table.toInt32();
      pending = { snapshotsOf, tableLength: table.length, newestDay };
      return { table: table.length === savedTableLength ? null : table, days, newestDay };
    },

    /** After the days were written (or not): compacts what is stored, answers the kept snapshots to write. */
    saved(b: SnapshotBuilder, ok: boolean): KeptToSave[] {
      const done = pending;
      pending = null;
      if (!ok || !done) return [];
      savedTableLength = done.tableLength;
      for (const [key, snapshots] of done.snapshotsOf) savedDays.set(key, snapshots);
      for (const key of savedDays.keys()) {
        if (Number(key.slice(key.indexOf(':') + 1)) <= done.newestDay - EVIDENCE_DAYS) savedDays.delete(key);
      }
      b.compactEvidence((id, day, snapshots) => savedDays.get(`${id}:${day}`) === snapshots);
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
