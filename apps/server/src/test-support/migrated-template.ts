import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/pglite-client';

/**
 * One migrated, empty PGlite data directory, dumped once and shared by every test that opens an embedded
 * database: initialising PGlite costs seconds, loading the dump a fraction of that. The dump is kept in the
 * system's temp folder under a name that changes with the migrations and PGlite's version, so test files
 * (each in its own module scope) and parallel workers reuse it, and a new migration makes a new one.
 */
export async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `goldroute-pglite-${templateKey()}.tar`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    // Written aside, then renamed: a worker reading at the same moment sees the whole file or none.
    const aside = `${file}.${process.pid}`;
    await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
    await rename(aside, file);
    return dump;
  } finally {
    await client.close();
  }
}

function templateKey(): string {
  const hash = createHash('sha256');
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}
