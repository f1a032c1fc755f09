import { describe, expect, it } from 'vitest';
import {
  BATCH_HISTORY,
  DEFAULT_BATCH_INTERVAL_MS,
  LATE_AFTER_SECONDS,
  batchInterval,
  landingFrom,
  landingOver,
  lateAfterMs,
  nextBatchDue,
  opensNewBatch,
  probeLead,
  probeWindowOpen,
  spreadPick,
  withBatchStart,
} from './freshness';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 28, 12, 7);

describe('learning the batch interval', () => {
  it('is 60 minutes until two starts are known', () => {
    expect(batchInterval([])).toBe(DEFAULT_BATCH_INTERVAL_MS);
    expect(batchInterval([T0])).toBe(60 * MIN);
  });

  it('is the interval a source says it publishes at until two starts are known (a fast simulated hour)', () => {
    expect(batchInterval([T0], 2 * MIN)).toBe(2 * MIN);
    expect(batchInterval([T0, T0 + 3 * MIN], 2 * MIN)).toBe(3 * MIN);
    expect(nextBatchDue([T0], 2 * MIN)).toBe(T0 + 2 * MIN);
    expect(probeWindowOpen([T0], T0 + 60_000, 2 * MIN)).toBe(false);
    expect(probeWindowOpen([T0], T0 + 2 * MIN - 12_000, 2 * MIN)).toBe(true);
  });

  it('is the median gap, so one missed batch (a double gap) does not move it', () => {
    expect(batchInterval([T0, T0 + 58 * MIN, T0 + 116 * MIN, T0 + 232 * MIN])).toBe(58 * MIN);
    expect(batchInterval([T0, T0 + 61 * MIN, T0 + 123 * MIN])).toBe(61.5 * MIN);
  });

  it('keeps the last starts, in order', () => {
    let starts: number[] = [];
    for (let i = BATCH_HISTORY + 2; i >= 0; i--) starts = withBatchStart(starts, T0 + i * 60 * MIN);
    expect(starts).toHaveLength(BATCH_HISTORY);
    expect(starts[0]).toBe(T0 + 3 * 60 * MIN);
    expect(starts.at(-1)).toBe(T0 + (BATCH_HISTORY + 2) * 60 * MIN);
  });
});

describe('the probing window', () => {
  it('opens 3 minutes before a 60-minute batch is due, and stays open while it is late', () => {
    const starts = [T0, T0 + 60 * MIN];
    expect(nextBatchDue(starts)).toBe(T0 + 120 * MIN);
    expect(probeWindowOpen(starts, T0 + 116 * MIN)).toBe(false);
    expect(probeWindowOpen(starts, T0 + 117 * MIN)).toBe(true);
    expect(probeWindowOpen(starts, T0 + 200 * MIN)).toBe(true);
  });

  it('has a lead of a tenth of a short interval', () => {
    expect(probeLead(60 * MIN)).toBe(3 * MIN);
    expect(probeLead(10 * MIN)).toBe(MIN);
    const starts = [T0, T0 + 10 * MIN];
    expect(probeWindowOpen(starts, T0 + 18 * MIN + 59_000)).toBe(false);
    expect(probeWindowOpen(starts, T0 + 19 * MIN)).toBe(true);
  });

  it('is always open while no batch start is known', () => {
    expect(nextBatchDue([])).toBeNull();
    expect(probeWindowOpen([], T0)).toBe(true);
  });
});

describe('batches and late realms', () => {
  const base = { batchStartMs: T0, intervalMs: 60 * MIN };
  it('a realm that already had the batch changing again opens the next batch', () => {
    expect(opensNewBatch({ ...base, alreadyInBatch: true, dumpMs: T0 + 58 * MIN })).toBe(true);
  });

  it('a realm landing after the others, even 20 minutes late, belongs to the same batch', () => {
    expect(opensNewBatch({ ...base, alreadyInBatch: false, dumpMs: T0 + 20 * MIN })).toBe(false);
    expect(opensNewBatch({ ...base, alreadyInBatch: false, dumpMs: T0 + 30 * MIN })).toBe(true);
    expect(opensNewBatch({ ...base, batchStartMs: null, alreadyInBatch: false, dumpMs: T0 })).toBe(true);
  });

  it('realms still missing are late once LATE_AFTER_SECONDS have passed since the batch was detected', () => {
    expect(LATE_AFTER_SECONDS).toBe(600);
    expect(landingOver(T0, T0 + 599_999)).toBe(false);
    expect(landingOver(T0, T0 + 600_000)).toBe(true);
  });

  it('lands from the batch start, so a batch a process finds already landed has its late realms at once', () => {
    expect(landingFrom(T0, T0 + 8_000, 60 * MIN)).toBe(T0);
    // Found at a start 4 minutes in: 6 minutes left; 40 minutes in: over at once.
    expect(landingFrom(T0, T0 + 4 * MIN, 60 * MIN)).toBe(T0);
    const found = T0 + 40 * MIN;
    expect(landingOver(landingFrom(T0, found, 60 * MIN), found)).toBe(true);
    expect(landingOver(landingFrom(T0, T0 + 4 * MIN, 60 * MIN), T0 + 4 * MIN)).toBe(false);
    // A stamp ahead of our clock: from when it was seen.
    expect(landingFrom(T0 + MIN, T0, 60 * MIN)).toBe(T0);
  });

  it('a batch lands for 10 minutes of a real hour, even one that wandered short, and a fifth of a simulated one', () => {
    expect(lateAfterMs(60 * MIN)).toBe(10 * MIN);
    expect(lateAfterMs(52 * MIN)).toBe(10 * MIN);
    expect(lateAfterMs(120 * MIN)).toBe(10 * MIN);
    expect(lateAfterMs(60_000)).toBe(12_000);
    expect(landingOver(T0, T0 + 11_999, 60_000)).toBe(false);
    expect(landingOver(T0, T0 + 12_000, 60_000)).toBe(true);
    expect(landingOver(T0, T0 + 12_000, 57 * MIN)).toBe(false);
    expect(landingOver(T0, T0 + 10 * MIN, 57 * MIN)).toBe(true);
  });

  it('sentinels are spread over the list', () => {
    expect(spreadPick([1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toEqual([1, 4, 7]);
    expect(spreadPick([10, 20], 3)).toEqual([10, 20]);
  });
});
