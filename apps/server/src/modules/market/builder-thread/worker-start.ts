// Starts builder-worker.ts as a worker thread. The app runs its TypeScript through tsx (`node --import
// tsx`, no build step), but tsx's loader is not inherited by worker threads on Node 20, so the worker
// registers it itself before importing its entry. A built .js entry would load the same way.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

const ENTRY = new URL('./builder-worker.ts', import.meta.url).href;
/** tsx's ESM API ("tsx/esm/api", import condition): its register() installs the loader in this thread. */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs'),
).href;

export function startBuilderWorker(): Worker {
  const code =
    `import(${JSON.stringify(TSX_API)})` +
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY)}); })`;
  return new Worker(code, { eval: true, name: 'snapshot-builder' });
}
