import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../db/client';
import { openTestDatabase } from './test-database';

type Hook = (fn: () => Promise<unknown>) => void;

/** Opens a fresh database in `open` (handing it to `use`), and closes and drops it in `close`. */
function freshDatabaseAround(open: Hook, close: Hook, use: (db: Db) => void): void {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  open(async () => {
    opened = await openTestDatabase();
    use(opened.database.db);
  });
  close(async () => opened?.close());
}

/** A fresh database for each test of the calling file or describe block. */
export const freshDatabaseEachTest = (use: (db: Db) => void): void =>
  freshDatabaseAround(beforeEach, afterEach, use);

/** One fresh database for all the tests of the calling file or describe block. */
export const databaseForAll = (use: (db: Db) => void): void => freshDatabaseAround(beforeAll, afterAll, use);
