import { getPriority } from 'node:os';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from './thread-priority';
import { startTsWorker } from './ts-worker';

describe.runIf(process.platform === 'linux')('background threads', () => {
  it('lower their own CPU priority and leave the thread that answers requests at its own', async () => {
    const before = getPriority(0);
    const worker = startTsWorker(new URL('./thread-priority.test-worker.ts', import.meta.url), {
      name: 'priority-probe',
    });
    try {
      const [reply] = (await once(worker, 'message')) as [{ lowered: boolean; nice: number }];
      expect(reply).toEqual({ lowered: true, nice: Math.max(before, BACKGROUND_NICE) });
      expect(getPriority(0)).toBe(before);
    } finally {
      await worker.terminate();
    }
  });
});
