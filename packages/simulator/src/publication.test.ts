import { describe, expect, it } from 'vitest';
import { createEconomy } from './economy';
import type { PublicationBatch } from './publication';

const MINUTE = 60_000;
const DAY_HOURS = 24;
const economy = createEconomy({ seed: 20_261_122, size: 'standard' });
const { schedule } = economy;
const month = (region: 'us' | 'eu'): PublicationBatch[] =>
  schedule.batches(region, economy.hourTime(0), economy.hourTime(30 * DAY_HOURS));
const spreadSeconds = (b: PublicationBatch) => (b.lastPublishedAt - b.startedAt) / 1000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

describe('publication schedule', () => {
  it('publishes a whole EU batch within 13 s and a US batch over 78-197 s (median about 110 s)', () => {
    const eu = month('eu');
    const us = month('us');
    expect(eu).toHaveLength(720);
    expect(us).toHaveLength(720);
    for (const b of eu) {
      expect(spreadSeconds(b)).toBeGreaterThanOrEqual(1);
      expect(spreadSeconds(b)).toBeLessThanOrEqual(13);
    }
    for (const b of us) {
      expect(spreadSeconds(b)).toBeGreaterThanOrEqual(60);
      expect(spreadSeconds(b)).toBeLessThanOrEqual(200);
    }
    expect(median(us.map(spreadSeconds))).toBeGreaterThan(100);
    expect(median(us.map(spreadSeconds))).toBeLessThan(120);
    // Each batch lists its realms in publication order, every published realm at its own time.
    const b = us[5] as PublicationBatch;
    expect(b.realms.map((r) => r.publishedAt)).toEqual(
      [...b.realms.map((r) => r.publishedAt)].sort((x, y) => x - y),
    );
    expect(b.realms.length + b.leftBehind.length).toBe(economy.connectedRealms('us').length);
    for (const r of b.realms) expect(economy.lastModified('us', r.id, b.hour)).toBe(r.publishedAt);
  });

  it('lands EU commodities with the batch and US commodities 60-120 s after it starts', () => {
    for (const b of month('eu')) {
      expect(b.commoditiesAt).toBeGreaterThanOrEqual(b.startedAt);
      expect(b.commoditiesAt).toBeLessThanOrEqual(b.startedAt + 13_000);
    }
    for (const b of month('us')) {
      expect(b.commoditiesAt - b.startedAt).toBeGreaterThanOrEqual(60_000);
      expect(b.commoditiesAt - b.startedAt).toBeLessThanOrEqual(120_000);
      expect(schedule.commoditiesAt('us', b.hour)).toBe(b.commoditiesAt);
    }
  });

  it('drifts: intervals are 60 min give or take up to 3 min, never all exactly 60, and the minute wanders over days', () => {
    for (const region of ['us', 'eu'] as const) {
      const batches = month(region);
      const intervals = batches
        .slice(1)
        .map((b, i) => (b.startedAt - (batches[i] as PublicationBatch).startedAt) / MINUTE);
      expect(Math.min(...intervals)).toBeGreaterThanOrEqual(57);
      expect(Math.max(...intervals)).toBeLessThanOrEqual(63);
      expect(intervals.filter((m) => Math.abs(m - 60) > 0.5).length).toBeGreaterThan(20);
      const minutes = batches.map((b) => (b.startedAt - economy.hourTime(b.hour)) / MINUTE);
      expect(Math.max(...minutes) - Math.min(...minutes)).toBeGreaterThan(8);
      // Every batch starts inside its own hour, before the next hour's.
      for (const m of minutes) expect(m).toBeGreaterThan(0);
    }
  });

  it('leaves a group of realms behind for 2-8 hours now and then; they show their old dump, then rejoin', () => {
    const us = month('us');
    const groups = us.filter((b, i) => b.leftBehind.length > 0 && (us[i - 1]?.leftBehind.length ?? 0) === 0);
    // About once per 1-2 simulated days.
    expect(groups.length).toBeGreaterThanOrEqual(10);
    expect(groups.length).toBeLessThanOrEqual(40);
    expect(Math.max(...us.map((b) => b.leftBehind.length))).toBeGreaterThan(20);

    const first = groups[0] as PublicationBatch;
    const realm = first.leftBehind[0] as number;
    const other = first.realms[0]?.id as number;
    const later = first.lastPublishedAt + 1000;
    // The left-behind realm still shows the hour before, stamped with that dump's publication time.
    expect(schedule.visibleDump('us', realm, later)).toEqual({
      hour: first.hour - 1,
      publishedAt: economy.lastModified('us', realm, first.hour - 1),
    });
    expect(schedule.visibleHour('us', other, later)).toBe(first.hour);
    const rejoin = us.find(
      (b) => b.hour > first.hour && b.realms.some((r) => r.id === realm),
    ) as PublicationBatch;
    const hoursBehind = rejoin.hour - first.hour;
    expect(hoursBehind).toBeGreaterThanOrEqual(2);
    expect(hoursBehind).toBeLessThanOrEqual(16);
    // Until its rejoining batch it keeps the old dump; then it shows the rejoining hour.
    const rejoinedAt = schedule.publishedAt('us', realm, rejoin.hour);
    expect(schedule.visibleHour('us', realm, rejoinedAt - 1)).toBe(first.hour - 1);
    expect(schedule.visibleDump('us', realm, rejoinedAt)).toEqual({
      hour: rejoin.hour,
      publishedAt: rejoinedAt,
    });
  });

  it('is the same for the same seed and differs for another', () => {
    const again = createEconomy({ seed: 20_261_122, size: 'standard' }).schedule;
    const other = createEconomy({ seed: 5, size: 'standard' }).schedule;
    const from = economy.hourTime(100);
    const to = economy.hourTime(110);
    expect(again.batches('us', from, to)).toEqual(schedule.batches('us', from, to));
    expect(other.batches('us', from, to)).not.toEqual(schedule.batches('us', from, to));
  });

  it('with a one-minute hour publishes a batch about every 60 s, scaled down, never overlapping', () => {
    const fast = createEconomy({ seed: 20_261_122, size: 'standard', hourMs: 60_000 });
    expect(fast.hourTime(10) - fast.hourTime(9)).toBe(60_000);
    expect(fast.hourAt(fast.hourTime(7) + 59_999)).toBe(7);
    for (const region of ['us', 'eu'] as const) {
      const batches = fast.schedule.batches(region, fast.hourTime(0), fast.hourTime(3 * DAY_HOURS * 60));
      expect(batches.length).toBeGreaterThan(3 * DAY_HOURS * 60 - 2);
      for (let i = 1; i < batches.length; i++) {
        const prev = batches[i - 1] as PublicationBatch;
        const b = batches[i] as PublicationBatch;
        expect(b.startedAt - prev.startedAt).toBeGreaterThanOrEqual(57_000);
        expect(b.startedAt - prev.startedAt).toBeLessThanOrEqual(63_000);
        expect(b.startedAt).toBeGreaterThan(Math.max(prev.lastPublishedAt, prev.commoditiesAt));
      }
      const spreads = batches.map((b) => b.lastPublishedAt - b.startedAt);
      expect(Math.max(...spreads)).toBeLessThanOrEqual(region === 'eu' ? 13_000 / 60 + 1 : 200_000 / 60 + 1);
    }
    // Left-behind groups still last hours: counted in (one-minute) hours.
    const us = fast.schedule.batches('us', fast.hourTime(0), fast.hourTime(30 * DAY_HOURS));
    expect(us.some((b) => b.leftBehind.length > 0)).toBe(true);
  });
});
