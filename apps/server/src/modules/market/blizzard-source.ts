import { regionsOfCacheKey, type CacheName, type Region } from '@goldroute/domain';
import type { ItemInfo, PetInfo, SnapshotSources } from '@goldroute/market';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createBlizzardClient } from '../../sources/blizzard';
import { createBonusDataLoader } from '../../sources/bonus-data';
import type { RetryPolicy } from '../../sources/http-json';
import type { RequestGate } from '../../sources/rate-gate';
import { createItemLists } from '../../sources/item-lists';
import type { SourceDocument } from '../../sources/source-document';
import { createTsmClient } from '../../sources/tsm';
import type { RegisteredCache } from './cache-registry';
import { approximateItemExpansion, approximatePetExpansion } from './expansion-ranges';
import { createItemCatalog } from './item-catalog';
import type { MarketSource } from './market-source';

export type BlizzardMarketConfig = Extract<Config['market'], { source: 'blizzard' }>;

/** An admin-listed cache over one fetched file: its entry count, and "clear" fetches it again now. */
function documentCache(
  name: CacheName,
  doc: SourceDocument<unknown> | undefined,
  size: () => number,
): RegisteredCache {
  return {
    name,
    counts: () => ({ global: doc?.value() === undefined ? 0 : size() }),
    // A failed fetch throws and keeps the last good copy.
    clear: async () => {
      if (!doc) return `${name}: no list URL is configured`;
      await doc.refresh();
      return `${name} fetched again: ${size()} entries`;
    },
  };
}

/** Fetches each configured document again; throws naming those that failed (they keep their last copy). */
async function refreshDocuments(documents: readonly (SourceDocument<unknown> | undefined)[]): Promise<void> {
  const present = documents.filter((d) => d !== undefined);
  const results = await Promise.allSettled(present.map((d) => d.refresh()));
  const failed = results.flatMap((r, i) =>
    r.status === 'rejected' ? [`${present[i]?.name}: ${String(r.reason)}`] : [],
  );
  if (failed.length > 0) throw new Error(`kept the last good copy of ${failed.join('; ')}`);
}

/**
 * The production source: realm dumps, TSM and the token from the real APIs; item data from Blizzard's
 * item, media and pet endpoints (fetched on demand, kept in the database), expansions and crafted flags
 * from the configured lists (approximate id ranges without them), bonus data from raidbots.
 */
export function createBlizzardSource(
  config: BlizzardMarketConfig,
  deps: { db: Db; clock: Clock; log: FastifyBaseLogger; retry?: RetryPolicy; gate?: RequestGate | undefined },
): MarketSource {
  const { db, clock, log, retry, gate } = deps;
  const blizzard = createBlizzardClient({
    ...config.blizzard,
    ...(retry ? { retry } : {}),
    ...(gate ? { gate } : {}),
  });
  const tsm = createTsmClient({ ...config.tsm, ...(retry ? { retry } : {}) });
  const catalog = createItemCatalog({ db, blizzard, clock, log });
  const bonus = createBonusDataLoader({ baseUrl: config.itemData.bonusDataUrl, db, clock, log, retry });
  const lists = createItemLists({
    expansionsUrl: config.itemData.expansionsUrl,
    craftedUrl: config.itemData.craftedUrl,
    fakeUrl: config.itemData.fakeUrl,
    db,
    clock,
    log,
    retry,
  });
  const built = new Map<Region, { key: string; sources: SnapshotSources }>();

  /** Lookups over the catalog as it grows; expansion and crafted are read from the lists at lookup time. */
  function lookups(region: Region): SnapshotSources {
    const items = (id: number): ItemInfo | undefined => {
      const item = catalog.item(region, id);
      if (!item) return undefined;
      return {
        id,
        ...item,
        expansion: lists.expansion(String(id)) ?? approximateItemExpansion(id),
        crafted: lists.isCrafted(id),
      };
    };
    const pets = (speciesId: number): PetInfo | undefined => {
      const pet = catalog.pet(region, speciesId);
      if (!pet) return undefined;
      return {
        speciesId,
        ...pet,
        expansion: lists.expansion(`pet_${speciesId}`) ?? approximatePetExpansion(speciesId),
      };
    };
    const excludedItems = lists.fake?.value();
    return { items, pets, bonusData: bonus.current(), ...(excludedItems ? { excludedItems } : {}) };
  }

  return {
    kind: 'blizzard',
    blizzard,
    tsm,
    async sources(region: Region): Promise<SnapshotSources> {
      await Promise.all([catalog.load(), bonus.ensureFresh(), lists.ensureFresh()]);
      const key = `${catalog.version()}|${bonus.version()}|${lists.version()}`;
      let entry = built.get(region);
      if (entry?.key !== key) {
        entry = { key, sources: lookups(region) };
        built.set(region, entry);
      }
      return entry.sources;
    },
    learn: (region, missing) => catalog.learn(region, missing),
    refreshLists: () =>
      refreshDocuments([
        bonus.bonuses,
        bonus.curves,
        bonus.squishEras,
        lists.patchNumbers,
        lists.crafted,
        lists.fake,
      ]),
    caches: [
      documentCache('raidbotsBonus', bonus.bonuses, () => Object.keys(bonus.bonuses.value() ?? {}).length),
      documentCache('raidbotsCurve', bonus.curves, () => Object.keys(bonus.curves.value() ?? {}).length),
      documentCache('patchNumbers', lists.patchNumbers, () => lists.patchNumbers?.value()?.size ?? 0),
      documentCache('craftedItems', lists.crafted, () => lists.crafted?.value()?.size ?? 0),
      documentCache('fakeItems', lists.fake, () => lists.fake?.value()?.size ?? 0),
      {
        name: 'itemCatalog',
        counts: () => ({ '1': catalog.counts('us').items, '2': catalog.counts('eu').items }),
        clear: (key) => catalog.clear('items', regionsOfCacheKey(key)),
      },
      {
        name: 'petNames',
        counts: () => ({ '1': catalog.counts('us').pets, '2': catalog.counts('eu').pets }),
        clear: (key) => catalog.clear('pets', regionsOfCacheKey(key)),
      },
    ],
    close: async () => undefined,
  };
}
