// Starts builder-worker.ts as a worker thread (lib/ts-worker.ts).
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../../lib/ts-worker';

export function startBuilderWorker(): Worker {
  return startTsWorker(new URL('./builder-worker.ts', import.meta.url), { name: 'snapshot-builder' });
}
