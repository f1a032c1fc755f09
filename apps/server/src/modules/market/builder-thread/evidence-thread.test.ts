// Deal evidence saved and restored through the builder thread: the database rows it writes are read
// back by the main-thread keeper as they always were, and a restart restored from them in a worker
// shows the same snapshot as one restored on the main thread.
import { encodeSnapshot, keptFromBytes, SnapshotBuilder } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderOptionsOf } from '../../../test-support/economy-builder';
import { openTestDatabase } from '../../../test-support/test-database';
import { createEvidenceKeeper } from '../evidence-keeper';
import { createEvidenceStore, type EvidenceStore } from '../evidence-store';
import { BuilderThread } from './builder-thread';
import { InThreadBuilder } from './in-thread-builder';

const HOUR_MS = 3_600_000;
const economy = createEconomy({
  seed: 5,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 5 * HOUR_MS,
});
const { options, realmIds } = builderOptionsOf(economy);
const log = pino({ level: 'silent' });

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let store: EvidenceStore;
beforeAll(async () => {
  db = await openTestDatabase();
  store = createEvidenceStore(db.database.db);
});
afterAll(async () => {
  await db.close();
});

/** Whole seconds, as a dump's Last-Modified header gives its time (and the stored evidence keeps it). */
const lastModified = (id: number, hour: number) =>
  Math.floor(economy.lastModified('us', id, hour) / 1000) * 1000;

async function feed(target: { ingest(id: number, body: string, at: number): unknown }, hours: number[]) {
  for (const hour of hours)
    for (const id of realmIds)
      await target.ingest(id, economy.auctionsJson('us', id, hour), lastModified(id, hour));
}

/** What evidence-keeper's save does, with the encoding in the worker and the writes here. */
async function save(thread: BuilderThread): Promise<number> {
  const { table, days, newestDay } = await thread.evidenceToSave();
  await store.save('us', table, days, newestDay);
  const kept = await thread.evidenceSaved(true);
  await store.saveKept('us', kept);
  await thread.keptSaved(kept);
  return days.length;
}

describe('deal evidence through the builder thread', () => {
  it('saves rows a main-thread restart reads, and restores to the same snapshot as one', async () => {
    const first = new BuilderThread(options);
    await feed(first, [0, 1, 2]);
    expect(await save(first)).toBeGreaterThan(0);
    // Nothing took a snapshot since: nothing to write again.
    expect((await first.evidenceToSave()).days).toEqual([]);
    await first.evidenceSaved(true);
    await first.close();

    // The reference restart: the stored rows decoded and restored on this thread, builder by hand.
    const local = new SnapshotBuilder(options);
    const stored = await store.load('us');
    if (!stored.table) throw new Error('the evidence table was saved');
    local.table.restore(stored.table);
    for (const [id, evidence] of stored.realms) {
      const kept = stored.kept.get(id);
      if (kept) evidence.restoreSnapshot(keptFromBytes(kept));
      local.restoreEvidence(id, evidence);
    }
    await feed(local, [3]);

    // The keeper's restore, into the in-thread builder (MARKET_BUILDER_THREAD=false).
    const inThread = new InThreadBuilder(options);
    expect(await createEvidenceKeeper({ region: 'us', log, store }).restore(inThread)).toBe(true);
    await feed(inThread, [3]);
    const inThreadSnapshot = await inThread.build();
    await inThread.close();

    const second = new BuilderThread(options);
    const restored = await second.restoreEvidence(await store.loadRaw('us'));
    expect(restored).toEqual({ realms: realmIds.length, listings: realmIds.length, unreadableKept: [] });
    await feed(second, [3]);
    const snapshot = await second.build();
    await second.close();

    const expected = local.build();
    expect(snapshot.realmHoursObserved).toEqual(expected.realmHoursObserved);
    expect(Array.from(snapshot.realmHoursObserved).every((h) => h >= 3)).toBe(true);
    expect(Buffer.compare(encodeSnapshot(snapshot), encodeSnapshot(expected))).toBe(0);
    expect(Buffer.compare(encodeSnapshot(inThreadSnapshot), encodeSnapshot(expected))).toBe(0);
  });
});
