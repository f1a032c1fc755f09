import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client';
import { migratedTemplate } from './migrated-template';
import { withClient } from './pg-client';

/**
 * A fresh, empty database for one test file: a new PostgreSQL database when TEST_DATABASE_URL is set
 * (dropped afterwards), otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<{
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { dataDir: 'memory://', drop: async () => undefined };

  const name = `goldroute_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir: 'memory://',
    drop: () =>
      withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

/** A fresh database, open and migrated, for tests that start the app more than once on it. */
export async function openTestDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
  const fresh = await createTestDatabase();
  const database = await openDatabase({
    ...fresh,
    startFrom: fresh.databaseUrl ? undefined : await migratedTemplate(),
  });
  return {
    database,
    close: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}
