import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DayBucket, memoryShelf, PastDay } from '@goldroute/market';
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
  it('keeps each region in files of its own under DATA_DIR, and removes them on close', () => {
    const shelves = openPastDayShelves(dataDir);
    const past = PastDay.of(day(), shelves.shelf('us'));
    PastDay.of(day(), shelves.shelf('eu'));
    const [dir] = readdirSync(path.join(dataDir, 'past-days'));
    expect(dir).toMatch(new RegExp(`^${process.pid}-[0-9a-f]{8}$`));
    expect(readdirSync(path.join(dataDir, 'past-days', dir as string)).sort()).toEqual(['eu', 'us']);
    expect(past.byteLength).toBe(0);
    expect(past.listedCells().lowest[0]).toBe(1234);
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

  it('keeps past days in memory with an in-memory database', () => {
    const shelves = openPastDayShelves('memory://');
    expect(shelves.shelf('us')).toBe(memoryShelf);
    shelves.close();
  });
});
