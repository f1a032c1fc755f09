import {
  encodeSnapshot,
  flippingPairs,
  IngestError,
  SnapshotBuilder,
  type MarketSnapshot,
} from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import { afterEach, describe, expect, it } from 'vitest';
import { builderOptionsOf } from '../../../test-support/economy-builder';
import { BuilderThread } from './builder-thread';
import { BuilderThreadStopped } from './builder-thread-error';

const HOUR_MS = 3_600_000;
const economy = createEconomy({
  seed: 7,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS,
});
const { options, realmIds } = builderOptionsOf(economy);
const dumpOf = (id: number, hour: number) => ({
  body: economy.auctionsJson('us', id, hour),
  lastModified: economy.lastModified('us', id, hour),
});

const threads: BuilderThread[] = [];
function startThread(): BuilderThread {
  const thread = new BuilderThread(options);
  threads.push(thread);
  return thread;
}
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
});

/** Every deal a user buying and selling on every realm would see, as (variant, buy entry, sell entry). */
function deals(snapshot: MarketSnapshot): string[] {
  const ids = Array.from(snapshot.realmIds);
  const pairs = flippingPairs(snapshot, { buyingRealms: ids, sellingRealms: ids });
  return Array.from({ length: pairs.count }, (_, i) => `${pairs.variant[i]}:${pairs.buyEntry[i]}`);
}

describe('the snapshot builder in a worker thread', () => {
  it('builds the same snapshot as a builder on the main thread, from the same dumps', async () => {
    const local = new SnapshotBuilder(options);
    const thread = startThread();
    for (const hour of [0, 1]) {
      for (const id of realmIds) {
        const { body, lastModified } = dumpOf(id, hour);
        const here = local.ingest(id, body, lastModified);
        // Bytes, as a fetched body arrives: transferred to the worker.
        const there = await thread.ingest(id, new Uint8Array(Buffer.from(body)), lastModified);
        expect(there.auctionCount).toBe(here.auctionCount);
      }
    }
    const tsm = economy.tsmRegion('us', 1);
    local.setTsm(tsm);
    await thread.setTsm(tsm);

    const expected = local.build();
    const snapshot = await thread.build();
    expect(snapshot.realmCount).toBe(realmIds.length);
    expect(snapshot.variantCount).toBe(expected.variantCount);
    expect(deals(snapshot)).toEqual(deals(expected));
    expect(deals(snapshot).length).toBeGreaterThan(0);
    expect(Buffer.compare(encodeSnapshot(snapshot), encodeSnapshot(expected))).toBe(0);
    expect(await thread.missingIds()).toEqual(local.missingIds());
    expect(thread.lastBuild?.bytes).toBe(encodeSnapshot(expected).length);
    expect(Buffer.compare(thread.bytesOf(snapshot) ?? Buffer.alloc(0), encodeSnapshot(expected))).toBe(0);
  });

  it('answers a broken dump with IngestError, the realm keeping its last good listing', async () => {
    const local = new SnapshotBuilder(options);
    const thread = startThread();
    for (const id of realmIds) {
      const { body, lastModified } = dumpOf(id, 0);
      local.ingest(id, body, lastModified);
      await thread.ingest(id, body, lastModified);
    }
    const good = await thread.build();
    const [first] = realmIds as [number];
    const { body, lastModified } = dumpOf(first, 1);
    const broken = body.slice(0, Math.floor(body.length / 2));
    let expectedError: unknown;
    try {
      local.ingest(first, broken, lastModified);
    } catch (err) {
      expectedError = err;
    }
    const error = await thread.ingest(first, broken, lastModified).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(IngestError);
    expect((error as IngestError).message).toBe((expectedError as IngestError).message);
    expect((error as IngestError).offset).toBe((expectedError as IngestError).offset);
    const after = await thread.build();
    expect(Buffer.compare(encodeSnapshot(after), encodeSnapshot(good))).toBe(0);
  });

  it('replaces a worker that stopped, answering the last good snapshot until every realm has a dump again', async () => {
    const thread = startThread();
    const restarts: number[] = [];
    thread.onRestart((n) => restarts.push(n));
    for (const id of realmIds) {
      const { body, lastModified } = dumpOf(id, 0);
      await thread.ingest(id, body, lastModified);
    }
    const good = await thread.build();

    const stuck = thread.ingest(realmIds[0] as number, dumpOf(realmIds[0] as number, 1).body);
    await thread.currentWorker.terminate();
    await expect(stuck).rejects.toBeInstanceOf(BuilderThreadStopped);
    expect(restarts).toEqual([1]);
    expect(thread.restarts).toBe(1);

    // The new worker holds no listing yet: the last good snapshot stays.
    expect(await thread.build()).toBe(good);
    for (const id of realmIds.slice(0, -1))
      await thread.ingest(id, dumpOf(id, 1).body, dumpOf(id, 1).lastModified);
    expect(await thread.build()).toBe(good);

    const last = realmIds[realmIds.length - 1] as number;
    await thread.ingest(last, dumpOf(last, 1).body, dumpOf(last, 1).lastModified);
    const fresh = await thread.build();
    expect(fresh).not.toBe(good);
    expect(fresh.realmCount).toBe(realmIds.length);
    expect(fresh.lastModified).toBe(Math.max(...realmIds.map((id) => dumpOf(id, 1).lastModified)));
  });
});
