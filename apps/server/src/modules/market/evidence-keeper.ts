// A region's deal evidence between the builder and the database (evidence-store.ts): restored into a
// new builder at start, saved after every publish. The days that took snapshots since the last save
// are written, then each realm's last kept snapshot if it changed: with both, a restart (a deploy, a
// crash) shows the same evidence as before it, listing ages and depth included, and the next dump
// is followed from where the last one left off. The builder (a worker thread by default) encodes and
// decodes the evidence and knows what is stored; this side only moves the bytes to and from the database.
import type { Region } from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RegionBuilder } from './builder-thread/region-builder';
import type { EvidenceStore } from './evidence-store';

export interface EvidenceKeeperDeps {
  region: Region;
  log: FastifyBaseLogger;
  /** None: the evidence lives in memory only (past days still compacted after each save). */
  store?: EvidenceStore | undefined;
}

export function createEvidenceKeeper({ region, log, store }: EvidenceKeeperDeps) {
  /** Each realm's kept snapshot that changed since it was stored, one realm at a time (megabytes each at full size). */
  async function writeKept(b: RegionBuilder, evidenceStore: EvidenceStore): Promise<void> {
    const rows = await b.evidenceSaved(true);
    const written: { realmId: number; hourMs: number }[] = [];
    for (const row of rows) {
      try {
        await evidenceStore.saveKept(region, [row]);
      } catch (err) {
        log.warn(
          { err, region, realm: row.realmId },
          'listing evidence not saved; the next snapshot tries again',
        );
        break;
      }
      written.push(row);
    }
    if (written.length) await b.keptSaved(written);
  }

  async function save(b: RegionBuilder): Promise<void> {
    if (!store) {
      await b.compactEvidence();
      return;
    }
    const { table, days, newestDay } = await b.evidenceToSave();
    try {
      await store.save(region, table, days, newestDay);
    } catch (err) {
      log.warn({ err, region }, 'deal evidence not saved; the next snapshot tries again');
      await b.evidenceSaved(false);
      return;
    }
    await writeKept(b, store);
  }

  /** One save at a time: the builder pairs each evidenceToSave with the evidenceSaved after it. */
  let saving: Promise<void> = Promise.resolve();

  return {
    /** Restores the stored evidence into a new builder; returns whether there was any. */
    async restore(b: RegionBuilder): Promise<boolean> {
      if (!store) return false;
      try {
        const raw = await store.loadRaw(region);
        if (!raw.table) return false;
        const restored = await b.restoreEvidence(raw);
        for (const id of restored.unreadableKept)
          log.warn(
            { region, realm: id },
            'stored listing evidence unreadable; the next dump starts it again',
          );
        log.info({ region, realms: restored.realms, listings: restored.listings }, 'deal evidence restored');
        return restored.realms > 0;
      } catch (err) {
        log.warn({ err, region }, 'stored deal evidence unreadable; starting without it');
        return false;
      }
    },

    /**
     * Writes the days that took snapshots since the last save, then the kept snapshots that changed.
     * Past days stored in full as they are (a replay may add one while a save is under way) are then
     * kept as only what the build reads of them (RealmEvidence.compactPast); without a store, every
     * past day is.
     */
    save(b: RegionBuilder): Promise<void> {
      const next = saving.then(() => save(b));
      saving = next.catch(() => undefined);
      return next;
    },
  };
}
