// Reads kept a few seconds under concurrent calls: the calls that ask together share one read, and a
// change that comes while a read is under way is never undone by that read.
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../test-support/test-clock';
import { createSharedReads } from './shared-reads';

const KEY = 'user-1';
const TTL_MS = 5_000;

/** A read answers with the value of the moment it began, once the test releases it. */
let current = '';
let count = 0;
let hold = true;
let releases: (() => void)[] = [];
async function read(): Promise<string> {
  count++;
  const value = current;
  if (hold) await new Promise<void>((resolve) => releases.push(resolve));
  return value;
}

beforeEach(() => {
  current = 'subscriber';
  count = 0;
  hold = true;
  releases = [];
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('shared reads', () => {
  it('share one read among the calls that ask together, and keep it for the TTL', async () => {
    const clock = createTestClock();
    const reads = createSharedReads(TTL_MS, clock, read);
    const calls = Array.from({ length: 20 }, () => reads.get(KEY));
    for (const release of releases) release();
    expect(new Set(await Promise.all(calls))).toEqual(new Set(['subscriber']));
    expect(count).toBe(1);
    await reads.get(KEY);
    expect(count).toBe(1);
    hold = false;
    clock.advanceMinutes(1);
    await reads.get(KEY);
    expect(count).toBe(2);
  });

  it('a change during a read: later calls read again, and the older read is not kept', async () => {
    const reads = createSharedReads(TTL_MS, createTestClock(), read);
    const before = reads.get(KEY);
    // The subscription ended in another process, which says so (user-changed).
    current = 'expired';
    reads.forget(KEY);
    const after = reads.get(KEY);
    await settle();
    expect(count).toBe(2);
    // The newer read answers first, the older one last.
    releases[1]?.();
    expect(await after).toBe('expired');
    releases[0]?.();
    expect(await before).toBe('subscriber');
    hold = false;
    expect(await reads.get(KEY)).toBe('expired');
    expect(count).toBe(2);
  });

  it('a change made here (fresh) wins over a read that began before it', async () => {
    const reads = createSharedReads(TTL_MS, createTestClock(), read);
    const before = reads.get(KEY);
    current = 'admin';
    const fresh = reads.fresh(KEY);
    await settle();
    releases[1]?.();
    expect(await fresh).toBe('admin');
    releases[0]?.();
    await before;
    hold = false;
    expect(await reads.get(KEY)).toBe('admin');
    expect(count).toBe(2);
  });

  it('past half its TTL answer the kept value at once and read again behind it', async () => {
    const clock = createTestClock();
    const reads = createSharedReads(TTL_MS, clock, read);
    const first = reads.get(KEY);
    releases[0]?.();
    expect(await first).toBe('subscriber');
    current = 'expired';
    clock.advanceMinutes(TTL_MS / 2 / 60_000);
    // The read is held (a busy database): the calls still answer at once, and share the one read.
    expect(await reads.get(KEY)).toBe('subscriber');
    expect(await reads.get(KEY)).toBe('subscriber');
    expect(count).toBe(2);
    releases[1]?.();
    await settle();
    expect(await reads.get(KEY)).toBe('expired');
    // Kept a whole TTL from when the second read came.
    clock.advanceMinutes((TTL_MS * 0.9) / 60_000);
    hold = false;
    expect(await reads.get(KEY)).toBe('expired');
    expect(count).toBe(3);
  });

  it('keeps nothing for a key that has no value', async () => {
    hold = false;
    let calls = 0;
    const reads = createSharedReads(TTL_MS, createTestClock(), async () => (calls++, null));
    expect(await reads.get(KEY)).toBeNull();
    expect(await reads.get(KEY)).toBeNull();
    expect(calls).toBe(2);
  });
});
