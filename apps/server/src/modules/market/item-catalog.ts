import type { Region } from '@goldroute/domain';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Db } from '../../db/client';
import { catalogItems, catalogPets } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { BlizzardClient } from '../../sources/blizzard';
import { UpstreamError } from '../../sources/http-json';
import type { ItemInfo } from '@goldroute/domain';

/** What the item and media endpoints say about an item (expansion and crafted come from the lists). */
export type CatalogItem = Omit<ItemInfo, 'id' | 'expansion' | 'crafted'>;

/** What the pet endpoint says about a battle pet species. */
export interface CatalogPet {
  name: string;
  npcId: number;
  familyName?: string;
  mediaURL: string;
}

export interface MissingIds {
  itemIds: readonly number[];
  petSpecies: readonly number[];
}

/** data null: the API answered 404 (remembered, so it is not asked again every hour). */
interface Entry<T> {
  data: T | null;
  fetchedAt: number;
}

const REGIONS: readonly Region[] = ['us', 'eu'];
const QUALITY_IDS: Readonly<Record<string, number>> = {
  POOR: 0,
  COMMON: 1,
  UNCOMMON: 2,
  RARE: 3,
  EPIC: 4,
  LEGENDARY: 5,
  ARTIFACT: 6,
  HEIRLOOM: 7,
  WOW_TOKEN: 8,
};
const WRITE_BATCH = 500;

async function notFoundAsNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof UpstreamError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Blizzard's static data for every item id and pet species the dumps list, per region (the static
 * namespace and icon URLs are per region): fetched once on demand, kept in the database. Each round
 * fetches at most maxFetchPerRound ids (the first snapshot should not wait for a whole catalog, and
 * Blizzard allows 36,000 requests an hour); after maxFailuresPerRound transient failures the round
 * stops early (the API is down: the dumps' refresh should not wait on every retry). What was not
 * fetched is asked again at the next round.
 */
/**
 * New ids fetched per region and refresh: two requests each (item + media), so both regions stay near
 * 24,000 of Blizzard's 36,000 requests an hour, leaving room for the dumps; a fresh catalog of ~32,000
 * items is complete after about three hours, the most traded items (seen on most realms) first.
 */
export const MAX_NEW_IDS_PER_REFRESH = 6000;

export function createItemCatalog(options: {
  db: Db;
  blizzard: BlizzardClient;
  clock: Clock;
  log: FastifyBaseLogger;
  maxFetchPerRound?: number;
  maxFailuresPerRound?: number;
  /** A 404 is asked again after this long (items are sometimes hot-fixed into the API). */
  recheckUnknownAfterMs?: number;
  concurrency?: number;
}) {
  const { db, blizzard, clock, log } = options;
  const maxFetch = options.maxFetchPerRound ?? MAX_NEW_IDS_PER_REFRESH;
  const maxFailures = options.maxFailuresPerRound ?? 20;
  const recheckMs = options.recheckUnknownAfterMs ?? 7 * 24 * 3_600_000;
  const limit = pLimit(options.concurrency ?? 4);
  const entries = Object.fromEntries(
    REGIONS.map((r) => [
      r,
      { items: new Map<number, Entry<CatalogItem>>(), pets: new Map<number, Entry<CatalogPet>>() },
    ]),
  ) as Record<Region, { items: Map<number, Entry<CatalogItem>>; pets: Map<number, Entry<CatalogPet>> }>;
  let loaded: Promise<void> | undefined;
  let version = 0;

  async function readStored(): Promise<void> {
    const [items, pets] = await Promise.all([db.select().from(catalogItems), db.select().from(catalogPets)]);
    for (const row of items)
      entries[row.region].items.set(row.id, {
        data: row.data as CatalogItem | null,
        fetchedAt: row.fetchedAt.getTime(),
      });
    for (const row of pets)
      entries[row.region].pets.set(row.id, {
        data: row.data as CatalogPet | null,
        fetchedAt: row.fetchedAt.getTime(),
      });
  }

  async function fetchItem(region: Region, id: number): Promise<CatalogItem | null> {
    const body = await notFoundAsNull(() => blizzard.item(region, id));
    if (!body) return null;
    if (typeof body.name !== 'string' || !body.item_class || !body.item_subclass)
      throw new UpstreamError(`item ${id} has no name or class`);
    // An item without media still trades; it just shows no icon.
    const icon = await notFoundAsNull(() => blizzard.itemIcon(region, body.media?.id ?? id));
    return {
      name: body.name,
      classId: body.item_class.id,
      className: body.item_class.name,
      subclassId: body.item_subclass.id,
      subclassName: body.item_subclass.name,
      quality: QUALITY_IDS[body.quality?.type ?? ''] ?? 1,
      level: body.level,
      mediaURL: icon ?? '',
    };
  }

  async function fetchPet(region: Region, speciesId: number): Promise<CatalogPet | null> {
    const body = await notFoundAsNull(() => blizzard.pet(region, speciesId));
    if (!body) return null;
    if (typeof body.name !== 'string') throw new UpstreamError(`pet ${speciesId} has no name`);
    return {
      name: body.name,
      npcId: body.creature?.id ?? 0,
      ...(body.battle_pet_type?.name ? { familyName: body.battle_pet_type.name } : {}),
      mediaURL: body.icon ?? '',
    };
  }

  async function store(
    table: typeof catalogItems | typeof catalogPets,
    rows: { region: Region; id: number; data: unknown; fetchedAt: Date }[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      await db
        .insert(table)
        .values(rows.slice(i, i + WRITE_BATCH))
        .onConflictDoUpdate({
          target: [table.region, table.id],
          set: { data: sql`excluded.data`, fetchedAt: sql`excluded.fetched_at` },
        });
    }
  }

  /** Reads the stored catalog (once). */
  function load(): Promise<void> {
    loaded ??= readStored().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
    return loaded;
  }

  return {
    load,

    item: (region: Region, id: number): CatalogItem | undefined =>
      entries[region].items.get(id)?.data ?? undefined,
    pet: (region: Region, speciesId: number): CatalogPet | undefined =>
      entries[region].pets.get(speciesId)?.data ?? undefined,
    /** Bumped when entries were dropped (lookups built on the catalog must resolve afresh). */
    version: () => version,

    /**
     * Fetches the ids the catalog does not know (skipping remembered 404s) and stores them. Returns how
     * many became known; 404s are remembered, transient failures are left for the next round.
     */
    async learn(region: Region, missing: MissingIds): Promise<number> {
      await load();
      const known = entries[region];
      const now = clock.now().getTime();
      const wanted = <T>(map: Map<number, Entry<T>>, id: number) => {
        const e = map.get(id);
        return !e || (e.data === null && now - e.fetchedAt >= recheckMs);
      };
      const pets = missing.petSpecies.filter((id) => wanted(known.pets, id));
      const items = missing.itemIds.filter((id) => wanted(known.items, id));
      const petBatch = pets.slice(0, maxFetch);
      const itemBatch = items.slice(0, maxFetch - petBatch.length);
      if (petBatch.length + itemBatch.length === 0) return 0;

      let failures = 0;
      let lastError: unknown;
      const attempt = <T>(fetch: () => Promise<T | null>) =>
        limit(async (): Promise<{ data: T | null } | undefined> => {
          if (failures >= maxFailures) return undefined;
          try {
            return { data: await fetch() };
          } catch (err) {
            failures++;
            lastError = err;
            return undefined;
          }
        });
      const [petResults, itemResults] = await Promise.all([
        Promise.all(petBatch.map((id) => attempt(() => fetchPet(region, id)))),
        Promise.all(itemBatch.map((id) => attempt(() => fetchItem(region, id)))),
      ]);

      const fetchedAt = clock.now();
      const rows = <T>(ids: number[], results: ({ data: T | null } | undefined)[]) =>
        ids.flatMap((id, i) => {
          const r = results[i];
          return r ? [{ region, id, data: r.data, fetchedAt }] : [];
        });
      const petRows = rows(petBatch, petResults);
      const itemRows = rows(itemBatch, itemResults);
      await store(catalogPets, petRows);
      await store(catalogItems, itemRows);
      for (const r of petRows) known.pets.set(r.id, { data: r.data, fetchedAt: fetchedAt.getTime() });
      for (const r of itemRows) known.items.set(r.id, { data: r.data, fetchedAt: fetchedAt.getTime() });

      const all = [...petRows, ...itemRows];
      const learnt = all.filter((r) => r.data !== null).length;
      const summary = {
        region,
        learnt,
        unknown: all.length - learnt,
        failed: petBatch.length + itemBatch.length - all.length,
        deferred: pets.length + items.length - petBatch.length - itemBatch.length,
      };
      if (summary.failed > 0)
        log.warn(
          { ...summary, err: String(lastError) },
          'item catalog: some ids could not be fetched; they are left out and asked again at the next refresh',
        );
      else log.info(summary, 'item catalog updated');
      return learnt;
    },

    /** Known (found) items and pets of a region. */
    counts(region: Region): { items: number; pets: number } {
      let items = 0;
      let pets = 0;
      for (const e of entries[region].items.values()) if (e.data) items++;
      for (const e of entries[region].pets.values()) if (e.data) pets++;
      return { items, pets };
    },

    /** Forgets a region's items or pets (memory and database); they are fetched again on demand. */
    async clear(kind: 'items' | 'pets', regions: readonly Region[]): Promise<void> {
      await load();
      const table = kind === 'items' ? catalogItems : catalogPets;
      await db.delete(table).where(inArray(table.region, [...regions]));
      for (const r of regions) entries[r][kind].clear();
      version++;
    },
  };
}

export type ItemCatalog = ReturnType<typeof createItemCatalog>;
