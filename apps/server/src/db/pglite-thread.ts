// The embedded default's database in a thread of its own (pglite-worker.ts), reached with node-postgres
// over a Unix socket. A mkdtemp directory is readable by this process's user alone, and the socket in it
// with it: PGlite asks no password, so no other user of the machine may reach it (a TCP port would let them).
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { startTsWorker } from '../lib/ts-worker';
import { PriorityPool } from './priority-pool';
import type { DatabaseThreadMessage, DatabaseThreadOptions } from './pglite-thread-protocol';

/** PostgreSQL's socket name is `.s.PGSQL.<port>`; node-postgres finds it from a directory and a port. */
const SOCKET_PORT = 5432;

export interface DatabaseThread {
  pool: pg.Pool;
  /** Ends the pool, then closes the database in its thread and ends the thread. */
  close(): Promise<void>;
}

export async function startDatabaseThread(dataDir: string): Promise<DatabaseThread> {
  const socketDir = mkdtempSync(path.join(tmpdir(), 'goldroute-db-'));
  const workerData: DatabaseThreadOptions = {
    dataDir: path.resolve(dataDir),
    socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
  };
  const worker = startTsWorker(new URL('./pglite-worker.ts', import.meta.url), {
    name: 'database',
    workerData,
  });
  const next = async (): Promise<DatabaseThreadMessage> => (await once(worker, 'message'))[0];
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  const first = await next().catch((err: Error) => ({ kind: 'failed' as const, message: err.message }));
  if (first.kind !== 'ready') {
    await worker.terminate();
    removeSocketDir();
    throw new Error(
      `the embedded database did not open: ${first.kind === 'failed' ? first.message : first.kind}`,
    );
  }
  // One connection, as the thread serves one (pglite-worker.ts): calls queue for it in order, as PGlite's
  // own lock queues them where it runs in the calling thread, but background writers' behind the request
  // path's (priority-pool.ts). No connect timeout: a long statement is no outage here, and the thread's end
  // is the process's (below).
  const pool = new PriorityPool({
    host: socketDir,
    port: SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
  });
  pool.on('error', () => undefined);
  const died = (err: Error) => {
    throw new Error('the embedded database thread failed', { cause: err });
  };
  worker.on('error', died);
  return {
    pool,
    close: async () => {
      await pool.end();
      worker.off('error', died);
      worker.postMessage({ kind: 'stop' });
      const last = await next();
      await worker.terminate();
      removeSocketDir();
      if (last.kind === 'failed')
        throw new Error(`the embedded database did not close cleanly: ${last.message}`);
    },
  };
}
