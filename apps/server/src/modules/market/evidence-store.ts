// Deal evidence kept in the database (issue 13), so it survives restarts and deploys and every web
// process of a scaled deployment reads what the worker saw. One row per (region, connected realm):
// its 14 daily buckets as evidence-codec bytes, plus row 0 with the region's raw variant table whose
// ids the bytes use. Rows are rewritten after each snapshot; finished days do not change, so this is
// simple rather than minimal (bytes per day: see BENCHMARKS.md, deal trust).
import type { Region } from '@goldroute/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketEvidence } from '../../db/schema';

/** Realm id of the raw variant table's row (no connected realm has id 0). */
const TABLE_ROW = 0;
/** Rows per insert: a realm's bytes can reach a few MB at full size. */
const BATCH = 16;

export interface StoredEvidence {
  /** RawVariantTable.toInt32() of the region, null before the first save. */
  table: Int32Array | null;
  realms: Map<number, Uint8Array>;
}

function int32Of(bytes: Uint8Array): Int32Array {
  // A copy: driver buffers need not be 4-byte aligned.
  return new Int32Array(new Uint8Array(bytes).buffer);
}

export function createEvidenceStore(db: Db) {
  return {
    async load(region: Region): Promise<StoredEvidence> {
      const rows = await db
        .select({ realmId: marketEvidence.realmId, bytes: marketEvidence.bytes })
        .from(marketEvidence)
        .where(eq(marketEvidence.region, region));
      const realms = new Map<number, Uint8Array>();
      let table: Int32Array | null = null;
      for (const row of rows) {
        if (row.realmId === TABLE_ROW) table = int32Of(row.bytes);
        else realms.set(row.realmId, row.bytes);
      }
      return { table, realms };
    },

    /** The stored bytes of some realms (a deal's two), without the rest. */
    async realms(region: Region, realmIds: number[]): Promise<Map<number, Uint8Array>> {
      const rows = await db
        .select({ realmId: marketEvidence.realmId, bytes: marketEvidence.bytes })
        .from(marketEvidence)
        .where(and(eq(marketEvidence.region, region), inArray(marketEvidence.realmId, realmIds)));
      return new Map(rows.map((r) => [r.realmId, r.bytes]));
    },

    /** Writes the table first: any id the realm bytes name is then in the stored table. */
    async save(region: Region, table: Int32Array, realms: ReadonlyMap<number, Uint8Array>): Promise<void> {
      const rows = [
        {
          region,
          realmId: TABLE_ROW,
          bytes: new Uint8Array(table.buffer, table.byteOffset, table.byteLength),
        },
        ...[...realms].map(([realmId, bytes]) => ({ region, realmId, bytes })),
      ];
      for (let i = 0; i < rows.length; i += BATCH) {
        await db
          .insert(marketEvidence)
          .values(rows.slice(i, i + BATCH))
          .onConflictDoUpdate({
            target: [marketEvidence.region, marketEvidence.realmId],
            set: { bytes: sql`excluded.bytes`, updatedAt: sql`now()` },
          });
      }
    },
  };
}

export type EvidenceStore = ReturnType<typeof createEvidenceStore>;
