import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TIME_LEFT_LONG, TIME_LEFT_MEDIUM, TIME_LEFT_SHORT, TIME_LEFT_VERY_LONG } from '../../ingest';
import { DAY_MS } from '../day-bucket';
import { createKeptSnapshotFiles } from './kept-shelf';
import { type KeptSnapshot, priceAt, quantityAt } from '../kept-snapshot';
import { RealmEvidence } from '../realm-evidence';
import { auctionsOf, type AuctionRow } from '../test-auctions';

const H = 3_600_000;
const T0 = 20_000 * DAY_MS + 20 * H; // four hours before a UTC midnight: the run crosses a day
const same = (raw: number) => raw;
const root = mkdtempSync(path.join(tmpdir(), 'kept-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A small market that lives across hours: auctions stay, some sell or expire, new ones come. */
function* market(seed: number, hours: number): Generator<AuctionRow[]> {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  let nextId = 2 ** 33 + seed * 1_000_000; // ids past 2^32, as Blizzard's
  let live: AuctionRow[] = [];
  const LEFT = [TIME_LEFT_SHORT, TIME_LEFT_MEDIUM, TIME_LEFT_LONG, TIME_LEFT_VERY_LONG];
  for (let h = 0; h < hours; h++) {
    live = live.filter(() => rand() > 0.15);
    for (let k = 0; k < 40 + (h % 7) * 5; k++) {
      const variant = Math.floor(rand() * 25);
      // Now and then a price past 2^32 copper and a stack of 255 or more (kept aside in side lists).
      const price = rand() < 0.05 ? 2 ** 32 + Math.floor(rand() * 1e6) : 1000 + Math.floor(rand() * 90_000);
      const qty = rand() < 0.05 ? 300 + Math.floor(rand() * 1000) : 1 + Math.floor(rand() * 3);
      live.push([nextId++, variant, price, qty, LEFT[Math.floor(rand() * 4)] as number]);
    }
    yield live.map((a) => [...a] as unknown as AuctionRow);
  }
}

function sameSnapshot(a: KeptSnapshot, b: KeptSnapshot): void {
  expect(b.count).toBe(a.count);
  expect([b.hourMs, b.agesKnown, b.streak, b.maxIdKey, b.absentIds]).toEqual([
    a.hourMs,
    a.agesKnown,
    a.streak,
    a.maxIdKey,
    a.absentIds,
  ]);
  for (const key of ['dumpIds', 'slotOfDump', 'ageLeft', 'variants', 'start', 'lowestAge'] as const)
    expect(Array.from(b[key])).toEqual(Array.from(a[key]));
  for (let i = 0; i < a.count; i++) {
    expect(priceAt(b, i)).toBe(priceAt(a, i));
    expect(quantityAt(b, i)).toBe(quantityAt(a, i));
  }
}

describe('kept snapshots in files', () => {
  it('answers as in memory, hour after hour, with three realms taking turns at the shared buffers', () => {
    const files = createKeptSnapshotFiles(path.join(root, 'turns'));
    const realms = [11, 12, 13].map((id) => ({
      id,
      hours: [...market(id, 30)],
      inMemory: new RealmEvidence(),
      inFile: new RealmEvidence(),
    }));
    for (const r of realms) r.inFile.keepSnapshotsOn(files.slot(r.id));
    let bigPrices = 0;
    for (let h = 0; h < 30; h++) {
      for (const r of realms) {
        const rows = r.hours[h] as AuctionRow[];
        expect(r.inMemory.observe(T0 + h * H, auctionsOf(rows), same)).toBe(true);
        expect(r.inFile.observe(T0 + h * H, auctionsOf(rows), same)).toBe(true);
      }
      for (const r of realms) {
        const kept = r.inMemory.lastSnapshot as KeptSnapshot;
        bigPrices += kept.bigPrice.count;
        sameSnapshot(kept, r.inFile.lastSnapshot as KeptSnapshot);
        for (let v = 0; v < 25; v++) {
          expect(r.inFile.lowestListingAge(v)).toBe(r.inMemory.lowestListingAge(v));
          expect(r.inFile.depthAtOrBelow(v, 50_000)).toEqual(r.inMemory.depthAtOrBelow(v, 50_000));
          expect(r.inFile.salesSeen(v, T0 + h * H)).toEqual(r.inMemory.salesSeen(v, T0 + h * H));
        }
        expect(r.inFile.byteLength.kept).toBe(0);
        expect(r.inMemory.byteLength.kept).toBeGreaterThan(0);
        expect(r.inFile.keptCount).toBe(kept.count);
      }
    }
    expect(bigPrices).toBeGreaterThan(0);
    // Sales were seen: the comparison above covered the sales the snapshots from files gave.
    expect(realms.some((r) => r.inFile.salesSeen(3, T0 + 30 * H).count > 0)).toBe(true);
    files.close();
  });

  it('moves a snapshot held in memory into its file, and reads a replaced one never again', () => {
    const files = createKeptSnapshotFiles(path.join(root, 'move'));
    const evidence = new RealmEvidence();
    const hours = [...market(7, 3)];
    hours.forEach((rows, h) => evidence.observe(T0 + h * H, auctionsOf(rows), same));
    const before = evidence.lastSnapshot as KeptSnapshot;
    const counts = Array.from({ length: 25 }, (_, v) => evidence.depthAtOrBelow(v, 60_000));
    const slot = files.slot(7);
    evidence.keepSnapshotsOn(slot);
    expect(evidence.byteLength.kept).toBe(0);
    expect(Array.from({ length: 25 }, (_, v) => evidence.depthAtOrBelow(v, 60_000))).toEqual(counts);
    const hold = slot.put(before);
    slot.put(before);
    expect(() => hold.snapshot()).toThrow('realm 7: its kept snapshot was replaced');
    files.close();
  });

  it('empties its directory when made and removes it when closed', () => {
    const dir = path.join(root, 'life');
    const files = createKeptSnapshotFiles(dir);
    const evidence = new RealmEvidence();
    evidence.keepSnapshotsOn(files.slot(5));
    evidence.observe(T0, auctionsOf([...market(5, 1)][0] as AuctionRow[]), same);
    expect(readdirSync(dir)).toEqual(['5.bin']);
    files.close();
    expect(existsSync(dir)).toBe(false);
    createKeptSnapshotFiles(dir).close();
  });
});
