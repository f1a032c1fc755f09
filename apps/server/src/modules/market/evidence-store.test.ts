// The stored deal evidence: one row per realm and UTC day, so a snapshot rewrites only the
// day it changed; rows of the older one-blob-per-realm layout are read, then replaced.
import { DayBucket, evidenceToBytes, RealmEvidence } from '@goldroute/market';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketEvidence, marketKeptSnapshots } from '../../db/schema';
import { openTestDatabase } from '../../test-support/test-database';
import { createEvidenceStore, dayBytes, type EvidenceStore } from './evidence-store';
import { PART_BYTES } from './stored-parts';

const DAY0 = 20_000;
const DAY_MS = 86_400_000;
const TABLE = Int32Array.from([1, 2, 3]);

/** A realm's evidence: one bucket per day given, each with `snapshots` and one variant's lowest price. */
function evidenceOf(days: number[], lastHourMs: number): RealmEvidence {
  const buckets = days.map((day) => {
    const b = new DayBucket(day);
    b.snapshots = 24;
    b.addListings(7, 1000 + day - DAY0, 3);
    return b;
  });
  return RealmEvidence.fromDays(buckets, lastHourMs);
}

const daysOf = (e: RealmEvidence | undefined) => e?.buckets.map((b) => b.day);

let db: Awaited<ReturnType<typeof openTestDatabase>>;
let store: EvidenceStore;

beforeAll(async () => {
  db = await openTestDatabase();
  store = createEvidenceStore(db.database.db);
});
afterAll(async () => {
  await db.close();
});

async function rows(region: string, realmId: number) {
  return db.database.db
    .select({ day: marketEvidence.day })
    .from(marketEvidence)
    .where(and(eq(marketEvidence.region, region), eq(marketEvidence.realmId, realmId)));
}

describe('evidence store', () => {
  it('stores the bytes out of line without compressing them (packed arrays pglz barely shrinks)', async () => {
    // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
    const storage = (await db.database.db.execute(sql`
      select c.relname as "table", a.attstorage as storage from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      where a.attname = 'bytes' and c.relname in ('market_evidence', 'market_kept_snapshots')
      order by c.relname`)) as unknown as { rows: { table: string; storage: string }[] };
    expect(storage.rows).toEqual([
      { table: 'market_evidence', storage: 'e' },
      { table: 'market_kept_snapshots', storage: 'e' },
    ]);
  });

  it('keeps one row per realm and day, and gives each realm its days and last snapshot time back', async () => {
    const e = evidenceOf([DAY0, DAY0 + 1, DAY0 + 2], (DAY0 + 2) * DAY_MS + 5 * 3_600_000);
    const days = e.buckets.map((b) => ({ realmId: 11, day: b.day, bytes: dayBytes(e, b) }));
    await store.save('us', TABLE, days, DAY0 + 2);
    expect((await rows('us', 11)).map((r) => r.day).sort()).toEqual([DAY0, DAY0 + 1, DAY0 + 2]);
    const loaded = await store.load('us');
    expect(Array.from(loaded.table ?? [])).toEqual([1, 2, 3]);
    // Loaded to build from: the past days compacted, today's in full.
    const back = loaded.realms.get(11);
    expect(back?.allDays.map((d) => d.day)).toEqual([DAY0, DAY0 + 1, DAY0 + 2]);
    expect(daysOf(back)).toEqual([DAY0 + 2]);
    expect(back?.lastHourMs).toBe(e.lastHourMs);
    expect(back?.hoursObserved(e.lastHourMs as number)).toBe(72);
    // Read for the history: every day in full.
    const full = (await store.realms('us', [11])).get(11);
    expect(daysOf(full)).toEqual([DAY0, DAY0 + 1, DAY0 + 2]);
    expect(full?.history(7).at(-2)).toMatchObject({ lowest: 1001, listings: 3 });
  });

  it('writes only the days given, and drops days that left the 14-day window', async () => {
    const later = evidenceOf([DAY0 + 14, DAY0 + 15], (DAY0 + 15) * DAY_MS);
    const today = later.buckets.at(-1) as DayBucket;
    // Day 15 only (day 14 unchanged since a save that is not made here): days 0 and 1 leave the window.
    await store.save('us', null, [{ realmId: 11, day: today.day, bytes: dayBytes(later, today) }], DAY0 + 15);
    expect((await rows('us', 11)).map((r) => r.day).sort()).toEqual([DAY0 + 2, DAY0 + 15]);
    // The table row stays as it was when none is given.
    expect(Array.from((await store.load('us')).table ?? [])).toEqual([1, 2, 3]);
  });

  it('reads a realm stored as one blob, and replaces the blob with day rows at the next save', async () => {
    const old = evidenceOf([DAY0, DAY0 + 1], (DAY0 + 1) * DAY_MS);
    await db.database.db
      .insert(marketEvidence)
      .values({ region: 'eu', realmId: 21, bytes: evidenceToBytes(old) });
    const loaded = await store.realms('eu', [21]);
    expect(daysOf(loaded.get(21))).toEqual([DAY0, DAY0 + 1]);
    const e = loaded.get(21) as RealmEvidence;
    await store.save(
      'eu',
      null,
      e.buckets.map((b) => ({ realmId: 21, day: b.day, bytes: dayBytes(e, b) })),
      DAY0 + 1,
    );
    expect((await rows('eu', 21)).map((r) => r.day).sort()).toEqual([DAY0, DAY0 + 1]);
    expect(daysOf((await store.realms('eu', [21])).get(21))).toEqual([DAY0, DAY0 + 1]);
  });

  it('writes values over a part in parts, reads them back whole, and leaves no part of a longer older value', async () => {
    const keptParts = async () =>
      (
        await db.database.db
          .select({ part: marketKeptSnapshots.part })
          .from(marketKeptSnapshots)
          .where(and(eq(marketKeptSnapshots.region, 'eu'), eq(marketKeptSnapshots.realmId, 31)))
      ).length;
    const big = randomBytes(2 * PART_BYTES + 5);
    await store.saveKept('eu', [{ realmId: 31, hourMs: 1, bytes: big }]);
    expect(await keptParts()).toBe(3);
    const kept = new Map((await store.loadRaw('eu')).kept).get(31);
    expect(Buffer.from(kept ?? []).equals(big)).toBe(true);
    const small = randomBytes(10);
    await store.saveKept('eu', [{ realmId: 31, hourMs: 2, bytes: small }]);
    expect(await keptParts()).toBe(1);
    expect(Buffer.from(new Map((await store.loadRaw('eu')).kept).get(31) ?? []).equals(small)).toBe(true);

    // A day (and the variant table) over a part, then the same day shorter.
    const day = randomBytes(PART_BYTES + 7);
    const table = new Int32Array(PART_BYTES / 2);
    table[table.length - 1] = 42;
    await store.save('eu', table, [{ realmId: 32, day: DAY0, bytes: day }], DAY0);
    expect((await rows('eu', 32)).length).toBe(2);
    const raw = await store.loadRaw('eu');
    expect(Buffer.from(raw.rows.find((r) => r.realmId === 32)?.bytes ?? []).equals(day)).toBe(true);
    expect(raw.table?.length).toBe(table.length);
    expect(raw.table?.[table.length - 1]).toBe(42);
    await store.save('eu', null, [{ realmId: 32, day: DAY0, bytes: day.subarray(0, 9) }], DAY0);
    expect((await rows('eu', 32)).length).toBe(1);
  });

  it('reads a value whose write was cut short as missing, not as a mix of two writes', async () => {
    await store.saveKept('eu', [{ realmId: 33, hourMs: 1, bytes: randomBytes(2 * PART_BYTES) }]);
    // The next write stopped after its first part: part 1 is still the older write's.
    const [first] = await db.database.db
      .select({ version: marketKeptSnapshots.version })
      .from(marketKeptSnapshots)
      .where(and(eq(marketKeptSnapshots.realmId, 33), eq(marketKeptSnapshots.part, 0)));
    await db.database.db
      .update(marketKeptSnapshots)
      .set({ version: (first?.version ?? 0) + 1, bytes: randomBytes(PART_BYTES) })
      .where(and(eq(marketKeptSnapshots.realmId, 33), eq(marketKeptSnapshots.part, 0)));
    expect(new Map((await store.loadRaw('eu')).kept).has(33)).toBe(false);
  });
});
