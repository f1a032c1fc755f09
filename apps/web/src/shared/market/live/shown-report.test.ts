import { describe, expect, it, vi } from 'vitest';
import { awaitShown, reportShownOnce } from './shown-report';

/** A Storage over a Map: one per tab for sessionStorage, one shared for localStorage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('shown report', () => {
  it('is sent once per region and snapshot for the whole browser, only by tabs that reloaded for it', async () => {
    const browser = memoryStorage();
    const tabA = { tab: memoryStorage(), browser, locks: null };
    const tabB = { tab: memoryStorage(), browser, locks: null };
    const tabC = { tab: memoryStorage(), browser, locks: null };
    const send = vi.fn(() => Promise.resolve());

    awaitShown('us', 1_800_003_600, tabA);
    awaitShown('us', 1_800_003_600, tabB);
    // Tab C opened the tool later: it did not see the snapshot arrive, so its rows say nothing of freshness.
    expect(await reportShownOnce('us', 1_800_003_600, send, tabC)).toBe(false);
    // Rows older than the awaited snapshot are not the ones it waited for.
    expect(await reportShownOnce('us', 1_800_000_000, send, tabA)).toBe(false);
    expect(await reportShownOnce('us', 1_800_003_600, send, tabA)).toBe(true);
    expect(await reportShownOnce('us', 1_800_003_600, send, tabB)).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);

    // The next snapshot is reported again, and each region on its own.
    awaitShown('us', 1_800_007_200, tabB);
    awaitShown('eu', 1_800_003_000, tabB);
    expect(await reportShownOnce('us', 1_800_007_200, send, tabB)).toBe(true);
    expect(await reportShownOnce('eu', 1_800_003_000, send, tabB)).toBe(true);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('a failed report is not retried and throws nothing', async () => {
    const stores = { tab: memoryStorage(), browser: memoryStorage(), locks: null };
    awaitShown('us', 1_800_003_600, stores);
    await expect(
      reportShownOnce('us', 1_800_003_600, () => Promise.reject(new Error('offline')), stores),
    ).resolves.toBe(true);
  });
});
