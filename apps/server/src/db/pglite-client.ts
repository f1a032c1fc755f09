// Opens embedded PGlite and applies the committed migrations: in the database thread (pglite-worker.ts)
// for the embedded default, in the calling thread for the in-memory databases tests open by the hundred.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

const BYTEA = 17;
/**
 * bytea parameters sent as they are and results read natively. Evidence writes megabytes: PGlite's own
 * serializer goes byte by byte in JavaScript (about 10 MB/s), and even hex text done natively costs the
 * UTF-8 copy of a string twice the size and the database's hex parse. A serializer that returns bytes
 * makes PGlite bind the parameter in binary format (its protocol writer does so for any typed array),
 * which for bytea is the bytes themselves: a 256 KB row is written about four times faster than as hex
 * text. (Over the socket, node-postgres binds a Buffer in binary format of its own accord.)
 */
const byteaCodec = {
  serializers: { [BYTEA]: (bytes: Uint8Array) => bytes as unknown as string },
  parsers: { [BYTEA]: (text: string) => new Uint8Array(Buffer.from(text.slice(2), 'hex')) },
};

/**
 * PGlite in `dataDir` (its `pglite` folder), or in memory for 'memory://', optionally starting from a
 * dumped data directory (`startFrom`, PGlite's `dumpDataDir`), migrated.
 */
export async function openPgliteClient(dataDir: string, startFrom?: Blob): Promise<PGlite> {
  let client: PGlite;
  if (dataDir === 'memory://')
    client = new PGlite({ ...(startFrom ? { loadDataDir: startFrom } : {}), ...byteaCodec });
  else {
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite({ dataDir: dir, ...byteaCodec });
  }
  await migrate(drizzle(client), { migrationsFolder });
  return client;
}
