// The evidence replay run in the builder thread: the worker generates the past dumps from the same
// seeded economy and replays them into the same evidence as the replay on the main thread.
import { encodeSnapshot, SnapshotBuilder } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import { builderOptionsOf } from '../../../test-support/economy-builder';
import { replayEvidence } from '../evidence-replay';
import { BuilderThread } from './builder-thread';
import { pastDumpsOf, type PastDumpsRecipe } from './past-dumps-recipe';

const HOUR_MS = 3_600_000;
const recipe: PastDumpsRecipe = {
  kind: 'simulator',
  seed: 3,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 72 * HOUR_MS,
  hourMs: HOUR_MS,
  region: 'us',
  days: 3,
  leaveBehind: true,
};
const economy = createEconomy({ seed: recipe.seed, size: recipe.size, startTime: recipe.startTime });
const { options, realmIds } = builderOptionsOf(economy);
const liveHour = economy.hourAt(Date.now());

const thread = new BuilderThread(options);
afterAll(() => thread.close());

describe('the evidence replay in the builder thread', () => {
  it('replays the past days into the same evidence as the replay on the main thread', async () => {
    const local = new SnapshotBuilder(options);
    for (const id of realmIds) {
      const body = economy.auctionsJson('us', id, liveHour);
      const at = economy.lastModified('us', id, liveHour);
      local.ingest(id, body, at);
      await thread.ingest(id, body, at);
    }
    const expectedProgress = await replayEvidence(
      { builder: local, realmIds, past: pastDumpsOf(recipe), stopped: () => false },
      async () => {},
    );

    const steps: number[] = [];
    const progress = await thread.replayEvidence({
      recipe,
      realmIds,
      part: 'whole',
      // A step builds, as the ingestor's publish does, while the replay waits for it.
      step: async ({ days }) => {
        steps.push(days);
        await thread.build();
      },
    });
    expect(progress?.days).toBe(expectedProgress?.days);
    expect(steps).toEqual([2, 3]);
    const snapshot = await thread.build();
    const expected = local.build();
    expect(Math.max(...snapshot.realmHoursObserved)).toBeGreaterThan(24);
    expect(Buffer.compare(encodeSnapshot(snapshot), encodeSnapshot(expected))).toBe(0);
  });
});
