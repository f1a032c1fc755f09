// The embedded database's own thread (db/pglite-thread.ts starts it). PGlite runs every statement
// synchronously on the thread that calls it; here that is this thread, so a statement that takes a
// second no longer holds the thread that answers requests. The app reaches it over a Unix socket in a
// directory only this process's user can open (PGlite asks no password), speaking PostgreSQL's wire
// protocol through pglite-socket: the app uses the same driver as for PostgreSQL.
import { parentPort, workerData } from 'node:worker_threads';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openPgliteClient } from './pglite-client';
import type { DatabaseThreadMessage, DatabaseThreadOptions } from './pglite-thread-protocol';

const options = workerData as DatabaseThreadOptions;
const port = parentPort!;
const send = (message: DatabaseThreadMessage) => port.postMessage(message);

try {
  const client = await openPgliteClient(options.dataDir);
  // One connection: PGlite has one session, and statements of two connections would interleave inside
  // each other's extended-protocol exchanges. The app's pool has one connection too (pglite-thread.ts).
  const server = new PGLiteSocketServer({ db: client, path: options.socketPath, maxConnections: 1 });
  await server.start();
  port.on('message', (message: { kind: 'stop' }) => {
    if (message.kind !== 'stop') return;
    void server
      .stop()
      .then(() => client.close())
      .then(
        () => send({ kind: 'stopped' }),
        (err: Error) => send({ kind: 'failed', message: err.message }),
      );
  });
  send({ kind: 'ready' });
} catch (err) {
  send({ kind: 'failed', message: (err as Error).message });
}
