import { describe, expect, it } from 'vitest';
import {
  afterLastRealm,
  firstSnapshotAfterStart,
  lateTally,
  quantile,
  realmHourDelays,
  type ScheduledBatch,
} from './freshness-figures';

const T = 1_800_000_000_000;
const batch: ScheduledBatch = {
  hour: 7,
  startedAt: T,
  lastPublishedAt: T + 3_000,
  realms: [
    { id: 1, publishedAt: T },
    { id: 2, publishedAt: T + 3_000 },
  ],
  leftBehind: [9],
};
const s = (ms: number) => Math.floor((T + ms) / 1000);

describe('realm-hour delays', () => {
  // Realm 1 lands in the first snapshot, realm 2 only in the second (a re-probe 10 s later).
  const publishes = [
    { at: T + 6_000, lastModified: s(0), realmTimes: { '1': s(0), '2': s(-60_000) } },
    { at: T + 16_000, lastModified: s(3_000), realmTimes: { '1': s(0), '2': s(3_000) } },
  ];

  it('takes the first snapshot holding the dump and the first report of a snapshot at least as new', () => {
    const shown = [
      { at: T + 12_000, lastModified: s(0) },
      { at: T + 22_500, lastModified: s(3_000) },
    ];
    expect(realmHourDelays([batch], publishes, shown)).toEqual([
      { hour: 7, realmId: 1, publishedAt: T, ingestedAt: T + 6_000, shownAt: T + 12_000 },
      { hour: 7, realmId: 2, publishedAt: T + 3_000, ingestedAt: T + 16_000, shownAt: T + 22_500 },
    ]);
    expect(afterLastRealm([batch], realmHourDelays([batch], publishes, shown))).toEqual([19_500]);
  });

  it('a report of an older snapshot does not count, and a batch never shown has no figure', () => {
    const shown = [{ at: T + 12_000, lastModified: s(0) }];
    const delays = realmHourDelays([batch], publishes, shown);
    expect(delays[1]?.shownAt).toBeNull();
    expect(afterLastRealm([batch], delays)).toEqual([null]);
  });

  it("detection is the batch start to the first snapshot holding any of its dumps (the sentinels')", () => {
    const older = { at: T + 1_000, lastModified: s(-60_000), realmTimes: { '1': s(-60_000) } };
    expect(firstSnapshotAfterStart([batch], [older, ...publishes])).toEqual([6_000]);
    expect(firstSnapshotAfterStart([batch], [older])).toEqual([]);
  });
});

describe('late flags', () => {
  const next = () => T + 60_000;
  it('counts a left-behind realm flagged when a timer poll during its batch lists it', () => {
    const polls = [
      { at: T - 5_000, lateIds: [9] },
      { at: T + 20_000, lateIds: [] },
      { at: T + 30_000, lateIds: [9] },
    ];
    expect(lateTally([batch], next, polls, T + 120_000, 32_000)).toEqual({ due: 1, flagged: 1, missed: [] });
  });

  it('misses it when only the previous batch listed it, and skips it when the run ended inside the window', () => {
    const polls = [{ at: T - 5_000, lateIds: [9] }];
    expect(lateTally([batch], next, polls, T + 120_000, 32_000)).toEqual({
      due: 1,
      flagged: 0,
      missed: [{ hour: 7, realmId: 9 }],
    });
    expect(lateTally([batch], next, polls, T + 30_000, 32_000).due).toBe(0);
  });
});

describe('quantiles', () => {
  it('interpolate as percentile_cont', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.95)).toBeCloseTo(4.8);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
