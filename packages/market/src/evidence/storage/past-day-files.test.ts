import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DayBucket } from '../day-bucket';
import { PastDay } from '../past-day';
import { PastDayReader } from '../past-day-reader';
import { createPastDayFiles } from './past-day-files';

const root = mkdtempSync(path.join(tmpdir(), 'past-days-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A day of `cells` variants from `first`, listed at 100 + 7 x key copper, every fifth sold twice. */
function dayOf(day: number, first: number, cells: number): DayBucket {
  const b = new DayBucket(day);
  b.snapshots = 24;
  for (let k = first; k < first + cells; k++) {
    b.addListings(k, 100 + 7 * k, 1);
    if (k % 5 === 0) {
      b.addSale(k, 90 + k, 1);
      b.addSale(k, 95 + k, 1);
    }
  }
  return b;
}

/** Reads every day of the file, as a builder's reader reads its realms' days one after another. */
const reader = new PastDayReader();

/** What the build reads of a day: keys, lowest prices and each key's sales. */
function readBack(d: PastDay): { keys: number[]; lowest: number[]; sales: number[][] } {
  const { keys, lowest, size } = d.listedCells(reader);
  const keyList = Array.from(keys.subarray(0, size));
  const lowList = Array.from(lowest.subarray(0, size));
  const sales = keyList.map((k) => {
    const bins: number[] = [];
    d.collectBins(k, bins, reader);
    return bins;
  });
  return { keys: keyList, lowest: lowList, sales };
}

describe('past days in files', () => {
  it('reads every day back as it was put, from outside the process, more days than it reads at once', () => {
    const dir = path.join(root, 'a');
    const files = createPastDayFiles(dir);
    // 20 days of two realms each, read in turn twice over: more than the 16 read slots.
    const days = Array.from({ length: 40 }, (_, i) => {
      const bucket = dayOf(20_000 + (i >> 1), 10 * i, 30 + i);
      return {
        inMemory: PastDay.of(dayOf(20_000 + (i >> 1), 10 * i, 30 + i)),
        inFile: PastDay.of(bucket, files),
      };
    });
    expect(readdirSync(dir)).toHaveLength(20);
    for (let round = 0; round < 2; round++) {
      for (const { inMemory, inFile } of days) expect(readBack(inFile)).toEqual(readBack(inMemory));
    }
    const { inMemory, inFile } = days[3] as (typeof days)[number];
    expect(readBack(inFile).sales.flat().length).toBeGreaterThan(0);
    expect(inFile.byteLength).toBe(0);
    expect(inFile.shelvedLength).toBe(inMemory.byteLength);
    files.close();
  });

  it('removes the files of days no realm holds, and starts from an empty directory', () => {
    const dir = path.join(root, 'b');
    let files = createPastDayFiles(dir);
    const kept = PastDay.of(dayOf(20_001, 0, 10), files);
    PastDay.of(dayOf(20_000, 0, 10), files);
    expect(readdirSync(dir).sort()).toEqual(['20000.bin', '20001.bin']);
    files.keepOnly(new Set([20_001, 20_005]));
    expect(readdirSync(dir)).toEqual(['20001.bin']);
    expect(readBack(kept).keys).toHaveLength(10);
    files.close();
    writeFileSync(path.join(dir, '19999.bin'), 'left by a stopped process');
    files = createPastDayFiles(dir);
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    files.close();
  });
});
