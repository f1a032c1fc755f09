// The embedded default's simulator in a worker thread of its own (simulator-worker.ts). It stands in
// for Blizzard and TSM, which answer from other machines: in the app's process its dump generation
// and gzip took the event loop that answers requests exactly while a batch landed. The app reads it
// over loopback HTTP as before; what it needs of the economy (static data, publication times) it
// computes from its own copy, made from the same options (the economy is a pure function of them).
import type { EconomyOptions, PublicationSchedule, RegionCode, VisibleDump } from '@goldroute/simulator';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../lib/ts-worker';

export interface SimulatorThreadData {
  economy: EconomyOptions;
  /** Manual mode at this hour (benchmarks move it on); absent: scheduled mode on the wall clock. */
  hour?: number;
}
export type ToSimulator = { type: 'advance'; hours: number } | { type: 'close' };
export type FromSimulator =
  { type: 'listening'; url: string } | { type: 'hour'; hour: number } | { type: 'closed' };

/** What the embedded source reads of a running simulator (SimulatorServer has the same members). */
export interface SimulatorEndpoint {
  readonly url: string;
  shownAt(region: RegionCode, realmId: number, atMs: number): VisibleDump;
  close(): Promise<void>;
}

export interface SimulatorThread extends SimulatorEndpoint {
  /** Manual mode: moves every realm to a later hour; answers it. */
  advanceHour(hours?: number): Promise<number>;
}

function next(worker: Worker, type: FromSimulator['type']): Promise<FromSimulator> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromSimulator) => {
      if (message.type !== type) return;
      worker.off('message', onMessage);
      worker.off('error', reject);
      resolve(message);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

/**
 * Starts the simulator of an economy made with `data.economy` in a worker thread; `shownAt` answers
 * from `schedule`, the same economy's publication schedule in this thread.
 */
export async function startSimulatorThread(
  data: SimulatorThreadData,
  schedule: Pick<PublicationSchedule, 'visibleDump'>,
): Promise<SimulatorThread> {
  const worker = startTsWorker(new URL('./simulator-worker.ts', import.meta.url), {
    name: 'simulator',
    workerData: data,
  });
  const listening = (await next(worker, 'listening')) as Extract<FromSimulator, { type: 'listening' }>;
  const scheduled = data.hour === undefined;
  let closing: Promise<void> | null = null;
  return {
    url: listening.url,
    // Scheduled mode: a realm left behind shows its older dump; manual mode publishes every realm.
    shownAt: (region, realmId, atMs) => schedule.visibleDump(region, realmId, atMs, scheduled),
    async advanceHour(hours = 1) {
      const answer = next(worker, 'hour');
      worker.postMessage({ type: 'advance', hours } satisfies ToSimulator);
      return ((await answer) as Extract<FromSimulator, { type: 'hour' }>).hour;
    },
    close() {
      closing ??= (async () => {
        const closed = next(worker, 'closed');
        worker.postMessage({ type: 'close' } satisfies ToSimulator);
        await closed;
        const exited = once(worker, 'exit');
        await worker.terminate();
        await exited;
      })();
      return closing;
    },
  };
}
