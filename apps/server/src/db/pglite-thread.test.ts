import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { atLowPriority } from './priority-pool';

const dirs: string[] = [];
const opened: Database[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function openOnDisk(dataDir: string): Promise<Database> {
  const database = await openDatabase({ dataDir });
  opened.push(database);
  return database;
}

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'goldroute-data-'));
  dirs.push(dir);
  return dir;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the embedded database on disk, in its own thread', () => {
  describe('statements', () => {
    // Read-only statements: one database serves these cases (opening one on disk takes seconds).
    let statements: Database;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'goldroute-data-'));
      statements = await openDatabase({ dataDir });
    });
    afterAll(async () => {
      await statements?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('answers requests while a statement runs: a long statement holds no turn of this thread', async () => {
      const { db } = statements;
      let last = performance.now();
      let longestGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 5);
      const started = performance.now();
      await db.execute(sql`select count(*) from generate_series(1, 3000000) as i where i % 7 = 3`);
      const took = performance.now() - started;
      clearInterval(ticker);
      longestGap = Math.max(longestGap, performance.now() - last);
      expect(took).toBeGreaterThan(300);
      expect(longestGap).toBeLessThan(took / 3);
    });

    it("runs a request's statements one after another while background writers wait, and the writers' after", async () => {
      const { db } = statements;
      const statement = () =>
        db.execute(sql`select count(*) from generate_series(1, 20000) as i where i % 7 = 3`);
      const order: string[] = [];
      const writes = 12;
      const background = atLowPriority(async () => {
        for (let i = 0; i < writes; i++) {
          // As the evidence store writes: a turn, then the next statement.
          await new Promise((resolve) => setImmediate(resolve));
          await statement();
          order.push('write');
        }
      });
      while (order.length < 2) await new Promise((resolve) => setTimeout(resolve, 2));
      for (const step of ['read 1', 'read 2', 'read 3']) {
        await statement();
        order.push(step);
      }
      await background;
      const first = order.indexOf('read 1');
      expect(order.slice(first, first + 3)).toEqual(['read 1', 'read 2', 'read 3']);
      expect(order.filter((o) => o === 'write')).toHaveLength(writes);
    });
  });

  it('is migrated, keeps bytes as written, rolls a failed transaction back and keeps its data across a reopen', async () => {
    const dataDir = freshDir();
    const first = await openOnDisk(dataDir);
    const tables = rowsOf<{ n: number }>(
      await first.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`,
      ),
    );
    expect(tables[0]!.n).toBe(1);
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    await first.db.execute(sql`create table kept (id int primary key, body bytea)`);
    await first.db.execute(sql`insert into kept values (1, ${bytes})`);
    await expect(
      first.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (2, ${bytes})`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const again = await openOnDisk(dataDir);
    const rows = rowsOf<{ id: number; body: Uint8Array }>(
      await again.db.execute(sql`select id, body from kept`),
    );
    expect(rows.map((row) => row.id)).toEqual([1]);
    expect(Buffer.from(rows[0]!.body).equals(bytes)).toBe(true);
  });

  it('leaves no socket directory behind when closed', async () => {
    // A temp folder of its own: databases of files running beside this one come and go in the shared one.
    const temp = freshDir();
    const socketDirs = () => readdirSync(temp).filter((name) => name.startsWith('goldroute-db-'));
    const dataDir = freshDir();
    const sharedTemp = process.env.TMPDIR;
    process.env.TMPDIR = temp;
    try {
      const database = await openOnDisk(dataDir);
      expect(socketDirs()).toHaveLength(1);
      await database.close();
      opened.splice(opened.indexOf(database), 1);
      expect(socketDirs()).toEqual([]);
    } finally {
      if (sharedTemp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = sharedTemp;
    }
  });
});
