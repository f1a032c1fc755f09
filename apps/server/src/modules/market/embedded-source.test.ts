import { inflateDump } from '@goldroute/market';
import { describe, expect, it } from 'vitest';
import { pastDumpsOf } from './builder-thread/past-dumps-recipe';
import { startEmbeddedSource } from './embedded-source';

const HOUR_MS = 3_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('embedded source', () => {
  it('follows the wall clock: with a two-second hour every realm publishes a newer dump each batch', async () => {
    const hourMs = 2_000;
    const source = await startEmbeddedSource({ size: 'tiny', seed: 3, replayDays: 0, hourMs });
    try {
      // The batch watcher assumes this interval until it has seen two batches.
      expect(source.batchIntervalMs).toBe(hourMs);
      const blizzard = source.blizzard;
      if (!blizzard) throw new Error('the embedded source reads the simulator through the Blizzard client');
      const ids = await blizzard.connectedRealmIds('eu');
      const stamps = async () => {
        const out: number[] = [];
        for (const id of ids) {
          const dump = await blizzard.auctions('eu', id);
          if (dump.status !== 'ok') throw new Error('a first request is never answered 304');
          expect(JSON.parse(Buffer.from(inflateDump(dump.body)).toString('utf8'))).toHaveProperty('auctions');
          out.push(dump.lastModified.getTime());
        }
        return out;
      };
      const first = await stamps();
      for (const stamp of first) {
        expect(stamp).toBeLessThanOrEqual(Date.now());
        // A realm left behind keeps an older dump for a few (two-second) hours.
        expect(stamp).toBeGreaterThan(Date.now() - 10 * hourMs);
      }
      await sleep(2.5 * hourMs);
      const second = await stamps();
      const newer = second.filter((stamp, i) => stamp > (first[i] as number));
      // At most one of the five EU realms may be left behind meanwhile.
      expect(newer.length).toBeGreaterThanOrEqual(ids.length - 1);
    } finally {
      await source.close();
    }
  }, 20_000);

  it('replays past days by real hours: each answers a dump published in that hour or, left behind, before it', async () => {
    const hourMs = 60_000;
    const source = await startEmbeddedSource({ size: 'tiny', seed: 3, replayDays: 14, hourMs });
    try {
      const past = source.past?.('us');
      expect(past?.days).toBe(14);
      const [realm] = (await source.blizzard?.connectedRealmIds('us')) ?? [];
      const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * 24 * HOUR_MS;
      let previous = -Infinity;
      for (let hour = start; hour < start + 6 * HOUR_MS; hour += HOUR_MS) {
        const dump = realm === undefined ? undefined : past?.dump(realm, hour);
        if (!dump) throw new Error('the embedded source replays past dumps');
        expect(dump.lastModified).toBeLessThan(hour + hourMs);
        expect(dump.lastModified).toBeGreaterThan(hour - 20 * hourMs);
        expect(dump.lastModified).toBeGreaterThan(previous);
        previous = dump.lastModified;
        expect((JSON.parse(dump.body) as { auctions: unknown[] }).auctions.length).toBeGreaterThan(100);
        // A builder thread makes the very same dump from the recipe (left-behind realms included).
        const recipe = source.pastRecipe?.('us');
        if (!recipe || realm === undefined) throw new Error('the embedded source gives a past-dump recipe');
        expect(pastDumpsOf(recipe).dump(realm, hour)).toEqual(dump);
      }
    } finally {
      await source.close();
    }
  });
});
