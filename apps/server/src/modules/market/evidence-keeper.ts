// A region's deal evidence between the builder and the database (evidence-store.ts): restored into a
// new builder at start, saved after every publish. The days that took snapshots since the last save
// are written, then each realm's last kept snapshot if it changed: with both, a restart (a deploy, a
// crash) shows the same evidence as before it, listing ages and depth included, and the next dump
// is followed from where the last one left off.
import type { Region } from '@goldroute/domain';
import {
  EVIDENCE_DAYS,
  keptFromBytes,
  keptToBytes,
  type KeptSnapshot,
  type PastDayShelf,
  type RealmEvidence,
  type SnapshotBuilder,
} from '@goldroute/market';
import type { FastifyBaseLogger } from 'fastify';
import type { EvidenceDay, EvidenceStore } from './evidence-store';
import { dayBytes } from './evidence-store';

export interface EvidenceKeeperDeps {
  region: Region;
  log: FastifyBaseLogger;
  /** None: the evidence lives in memory only (past days still compacted after each save). */
  store?: EvidenceStore | undefined;
  pastDays?: PastDayShelf | undefined;
}

export function createEvidenceKeeper({ region, log, store, pastDays }: EvidenceKeeperDeps) {
  /**
   * Per realm and day, the snapshots the stored row holds: a save writes only the days that took
   * snapshots since (today's, or days a replay added). Empty at start, so the first save writes every
   * day once (also turning rows of the older one-blob-per-realm layout into day rows).
   */
  const savedDays = new Map<string, number>();
  let savedTableLength = 0;
  /**
   * Per realm, the evidence and hour of the kept snapshot stored: a replay that catches up swaps a
   * realm's evidence for its own, whose snapshot of the same hour has older ages, so both count.
   */
  const savedKept = new Map<number, { evidence: RealmEvidence; hourMs: number | null }>();

  /** Whether the days went through. */
  async function writeDays(b: SnapshotBuilder, evidenceStore: EvidenceStore): Promise<boolean> {
    const days: EvidenceDay[] = [];
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
    try {
      await evidenceStore.save(region, table.length === savedTableLength ? null : table, days, newestDay);
    } catch (err) {
      log.warn({ err, region }, 'deal evidence not saved; the next snapshot tries again');
      return false;
    }
    savedTableLength = table.length;
    for (const [key, snapshots] of snapshotsOf) savedDays.set(key, snapshots);
    for (const key of savedDays.keys()) {
      if (Number(key.slice(key.indexOf(':') + 1)) <= newestDay - EVIDENCE_DAYS) savedDays.delete(key);
    }
    return true;
  }

  /** Each realm's kept snapshot that changed since it was stored, one realm at a time (megabytes each at full size). */
  async function writeKept(b: SnapshotBuilder, evidenceStore: EvidenceStore): Promise<void> {
    for (const [id, evidence] of [...b.evidenceRealms()]) {
      const saved = savedKept.get(id);
      if (saved?.evidence === evidence && saved.hourMs === evidence.lastHourMs) continue;
      // Encoded at once: a snapshot kept in a file is read into buffers the next read reuses.
      const snapshot = evidence.lastSnapshot;
      if (!snapshot) continue;
      const row = { realmId: id, hourMs: snapshot.hourMs, bytes: keptToBytes(snapshot) };
      try {
        await evidenceStore.saveKept(region, [row]);
      } catch (err) {
        log.warn({ err, region, realm: id }, 'listing evidence not saved; the next snapshot tries again');
        return;
      }
      savedKept.set(id, { evidence, hourMs: row.hourMs });
    }
  }

  /** A stored kept snapshot; null when unreadable (the realm's listing evidence then waits for its next dump). */
  function keptSnapshotOf(id: number, bytes: Uint8Array | undefined): KeptSnapshot | null {
    if (!bytes) return null;
    try {
      return keptFromBytes(bytes);
    } catch (err) {
      log.warn(
        { err, region, realm: id },
        'stored listing evidence unreadable; the next dump starts it again',
      );
      return null;
    }
  }

  return {
    /** Restores the stored evidence into a new builder; returns whether there was any. */
    async restore(b: SnapshotBuilder): Promise<boolean> {
      if (!store) return false;
      try {
        const stored = await store.load(region, pastDays);
        if (!stored.table) return false;
        b.table.restore(stored.table);
        let listings = 0;
        for (const [id, evidence] of stored.realms) {
          const kept = keptSnapshotOf(id, stored.kept.get(id));
          if (kept && evidence.restoreSnapshot(kept)) {
            savedKept.set(id, { evidence, hourMs: evidence.lastHourMs });
            listings++;
          }
          b.restoreEvidence(id, evidence);
        }
        log.info({ region, realms: stored.realms.size, listings }, 'deal evidence restored');
        return stored.realms.size > 0;
      } catch (err) {
        log.warn({ err, region }, 'stored deal evidence unreadable; starting without it');
        return false;
      }
    },

    /**
     * Writes the days that took snapshots since the last save, then the kept snapshots that changed.
     * Past days stored in full as they are (a replay may add one while a save is under way) are then
     * kept in memory as only what the build reads of them (RealmEvidence.compactPast); without a
     * store, every past day is.
     */
    async save(b: SnapshotBuilder): Promise<void> {
      if (!store) {
        b.compactEvidence();
        return;
      }
      if (!(await writeDays(b, store))) return;
      b.compactEvidence((id, day, snapshots) => savedDays.get(`${id}:${day}`) === snapshots);
      await writeKept(b, store);
    },
  };
}
