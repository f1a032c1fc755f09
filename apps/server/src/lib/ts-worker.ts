// Starts a TypeScript module as a worker thread. The app runs its TypeScript through tsx (`node --import
// tsx`, no build step), but tsx's loader is not inherited by worker threads on Node 20, so the worker
// registers it itself before importing its entry. A built .js entry would load the same way.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** tsx's ESM API ("tsx/esm/api", import condition): its register() installs the loader in this thread. */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs'),
).href;

/** A worker thread running `entry` (a module URL), named for diagnostics, given `workerData`. */
export function startTsWorker(entry: URL, options: { name: string; workerData?: unknown }): Worker {
  const code =
    `import(${JSON.stringify(TSX_API)})` +
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { eval: true, name: options.name, workerData: options.workerData });
}
