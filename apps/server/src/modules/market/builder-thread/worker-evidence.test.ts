// What a save writes: the days that changed since the last one, judged by the day itself, not by
// its count of snapshots alone.
import { evidenceFromBytes, ingestRealmDump, RealmEvidence, SnapshotBuilder } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { builderOptionsOf } from '../../../test-support/economy-builder';
import { createWorkerEvidence } from './worker-evidence';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
// Hour 1 is midnight UTC: its snapshot is the first of its day.
const economy = createEconomy({
  seed: 7,
  size: 'tiny',
  startTime: Math.floor(Date.now() / DAY_MS) * DAY_MS - HOUR_MS,
});
const { options, realmIds } = builderOptionsOf(economy);
const lastModified = (id: number, hour: number) =>
  Math.floor(economy.lastModified('us', id, hour) / 1000) * 1000;

/** A realm's evidence fed hour by hour apart from the builder, as the replay makes it. */
function replayed(b: SnapshotBuilder, id: number, hours: number[]): RealmEvidence {
  const evidence = new RealmEvidence();
  for (const hour of hours) {
    const listing = ingestRealmDump(economy.auctionsJson('us', id, hour), {
      connectedRealmId: id,
      table: b.table,
      auctions: true,
      scratch: b.ingestScratch,
    });
    if (listing.auctions)
      evidence.observe(lastModified(id, hour), listing.auctions, (raw) => raw, b.observeScratch);
  }
  return evidence;
}

describe('worker evidence saves', () => {
  it('writes a day again when a replay swapped in a day of as many snapshots but other figures', () => {
    const b = new SnapshotBuilder(options);
    for (const id of realmIds) b.ingest(id, economy.auctionsJson('us', id, 1), lastModified(id, 1));
    const kept = createWorkerEvidence(undefined);
    expect(kept.toSave(b).days).toHaveLength(realmIds.length);
    kept.saved(b, true);
    expect(kept.toSave(b).days).toEqual([]);
    kept.saved(b, true);

    // The replay's evidence saw the hour before midnight too: today still holds one snapshot, but
    // the auctions gone since then are today's sales, and what sold is no longer today's lowest.
    const id = realmIds[0] as number;
    const swapped = replayed(b, id, [0, 1]);
    const today = swapped.buckets.at(-1);
    expect(today?.snapshots).toBe(1);
    expect(today?.cells()).not.toEqual(b.realmEvidence(id)?.buckets.at(-1)?.cells());
    b.restoreEvidence(id, swapped);

    const { days } = kept.toSave(b);
    expect(days.map((d) => [d.realmId, d.day])).toEqual([
      [id, (today?.day ?? 0) - 1],
      [id, today?.day],
    ]);
    const written = evidenceFromBytes(days[1]?.bytes ?? new Uint8Array());
    expect(written.buckets[0]?.cells()).toEqual(today?.cells());
    kept.saved(b, true);
    expect(kept.toSave(b).days).toEqual([]);
  });
});
