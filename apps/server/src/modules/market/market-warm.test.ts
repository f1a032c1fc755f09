// Warming a new snapshot's answer caches (market.service.ts warm): a step at a time (a buying realm's
// search, a few hundred variants), so the event loop answers other requests in between, and no more
// work once a newer snapshot replaced it.
import { SnapshotBuilder } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import { describe, expect, it } from 'vitest';
import { builderOptionsOf } from '../../test-support/economy-builder';
import { createMarketService } from './market.service';
import { createMarketStore } from './market-store';
import { createPersonalCache } from './personal-cache';

const economy = createEconomy({ seed: 3, size: 'small' });
const { options, realmIds } = builderOptionsOf(economy);
const builder = new SnapshotBuilder(options);
for (const id of realmIds)
  builder.ingest(id, economy.auctionsJson('us', id, 2), economy.lastModified('us', id, 2));
builder.setTsm(economy.tsmRegion('us', 2));
const snapshot = builder.build();

/** Turns of the event loop while `work` runs. */
async function turnsDuring(work: Promise<void>): Promise<number> {
  let turns = 0;
  let done = false;
  const tick = () => {
    turns++;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  await work;
  done = true;
  return turns;
}

describe('warming a published snapshot', () => {
  it('works in steps, at least one per buying realm, the event loop turning between', async () => {
    expect(realmIds.length).toBeGreaterThanOrEqual(12);
    const store = createMarketStore();
    store.publish('us', snapshot);
    const turns = await turnsDuring(createMarketService(store, createPersonalCache()).warm('us'));
    expect(turns).toBeGreaterThanOrEqual(realmIds.length - 1);
  });

  it('stops when a newer snapshot is published meanwhile', async () => {
    const store = createMarketStore();
    const service = createMarketService(store, createPersonalCache());
    const timed = async (work: () => Promise<void>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    store.publish('us', snapshot);
    await service.warm('us');
    store.publish('us', snapshot);
    const whole = await timed(() => service.warm('us'));
    store.publish('us', snapshot);
    // The newer one is published after the first step: the steps after it are not made.
    const cut = await timed(async () => {
      const warming = service.warm('us');
      store.publish('us', snapshot);
      await warming;
    });
    expect(realmIds.length).toBeGreaterThanOrEqual(3);
    expect(cut).toBeLessThan(whole * 0.6);
  });
});
