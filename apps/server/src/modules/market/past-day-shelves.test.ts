import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DayBucket, memoryShelf, PastDay, PastDayReader, RealmEvidence } from '@goldroute/market';
import { afterAll, describe, expect, it } from 'vitest';
import { openPastDayShelves } from './past-day-shelves';

const dataDir = mkdtempSync(path.join(tmpdir(), 'data-dir-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function day(): DayBucket {
  const b = new DayBucket(20_000);
  b.addListings(7, 1234, 1);
  b.addSale(7, 1200, 1);
  return b;
}

describe('past day shelves', () => {
  it('keeps the past days and kept snapshots of each region in files of their own under DATA_DIR, and removes them on close', () => {
    const shelves = openPastDayShelves(dataDir);
    const past = PastDay.of(day(), shelves.shelf('us'));
    PastDay.of(day(), shelves.shelf('eu'));
    // A realm's kept snapshot, in the region's file of that realm.
    const evidence = new RealmEvidence();
    evidence.keepSnapshotsOn((shelves.kept('us') as NonNullable<ReturnType<typeof shelves.kept>>).slot(3676));
    const auctions = {
      count: 1,
      id: Float64Array.of(1),
      raw: Int32Array.of(7),
      unitPrice: Float64Array.of(1234),
      quantity: Float64Array.of(1),
      timeLeft: Uint8Array.of(3),
    };
    evidence.observe(20_000 * 86_400_000, auctions, (raw) => raw);
    const [dir] = readdirSync(path.join(dataDir, 'past-days'));
    expect(dir).toMatch(new RegExp(`^${process.pid}-[0-9a-f]{8}$`));
    const regionDirs = path.join(dataDir, 'past-days', dir as string);
    expect(readdirSync(regionDirs).sort()).toEqual(['eu', 'us', 'us-kept']);
    expect(readdirSync(path.join(regionDirs, 'us-kept'))).toEqual(['3676.bin']);
    expect(past.byteLength).toBe(0);
    expect(past.listedCells(new PastDayReader()).lowest[0]).toBe(1234);
    expect(evidence.byteLength.kept).toBe(0);
    expect(evidence.lowestPrice(7)).toBe(1234);
    shelves.close();
    expect(readdirSync(path.join(dataDir, 'past-days'))).toEqual([]);
  });

  it('removes what processes no longer running left, not what running ones keep', () => {
    const root = path.join(dataDir, 'past-days');
    const gone = path.join(root, '999999999-deadbeef');
    const alive = path.join(root, `${process.ppid}-cafecafe`);
    mkdirSync(path.join(gone, 'us'), { recursive: true });
    mkdirSync(path.join(alive, 'us'), { recursive: true });
    const shelves = openPastDayShelves(dataDir);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(alive)).toBe(true);
    shelves.close();
    rmSync(alive, { recursive: true });
  });

  it('keeps past days and kept snapshots in memory with an in-memory database', () => {
    const shelves = openPastDayShelves('memory://');
    expect(shelves.shelf('us')).toBe(memoryShelf);
    expect(shelves.kept('us')).toBeUndefined();
    shelves.close();
  });
});
