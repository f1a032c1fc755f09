import type { Region } from '@goldroute/domain';
import type { Realm } from '@goldroute/domain/api';
import { IngestError, SnapshotBuilder, type SnapshotSources } from '@goldroute/market';
import type { FastifyBaseLogger } from 'fastify';
import type { BlizzardClient, ConnectedRealmInfo } from '../../sources/blizzard';
import type { TsmClient } from '../../sources/tsm';
import type { MissingIds } from './item-catalog';
import type { MarketStore } from './market-store';

export interface RegionIngestorDeps {
  region: Region;
  blizzard: BlizzardClient;
  tsm: TsmClient;
  /** Item, pet and bonus data for resolving variants; new lookups mean known entries changed. */
  sources: () => Promise<SnapshotSources>;
  /** Fetches the ids the dumps list but the lookups lack (sources that learn on demand); returns how many became known. */
  learn?: ((missing: MissingIds) => Promise<number>) | undefined;
  store: MarketStore;
  log: FastifyBaseLogger;
}

const TSM_REFRESH_MS = 60 * 60_000;

/** The display label of a connected realm: its realms' names joined, as the realm pickers show them. */
export function realmOf(info: ConnectedRealmInfo): Realm {
  return {
    id: info.id,
    label: info.realms.map((r) => r.name).join(' / ') || `Realm ${info.id}`,
    population: info.population.name || info.population.type,
    russian: info.realms.some((r) => r.locale === 'ruRU'),
  };
}

const sameSources = (a: SnapshotSources, b: SnapshotSources) =>
  a.items === b.items &&
  a.pets === b.pets &&
  a.bonusData === b.bonusData &&
  a.excludedItems === b.excludedItems;

/**
 * One region's hourly refresh: poll every connected realm with If-Modified-Since, ingest what changed
 * (a broken dump keeps that realm's last good listing), refresh TSM figures hourly, let the source learn
 * the ids the dumps list but its item data lacks, publish a new snapshot when anything changed.
 */
export function createRegionIngestor(deps: RegionIngestorDeps) {
  const { region, blizzard, tsm, store, log } = deps;
  let builder: SnapshotBuilder | undefined;
  let sources: SnapshotSources | undefined;
  const lastModified = new Map<number, Date>();
  let tsmFetchedAt = 0;
  let tsmCounts = { tsmItems: 0, tsmPets: 0 };
  /** A refresh asked for by an admin fetches TSM again whatever its age. */
  let tsmForced = false;

  async function loadRealms(): Promise<Realm[]> {
    const ids = await blizzard.connectedRealmIds(region);
    const infos = await Promise.all(ids.map((id) => blizzard.connectedRealm(region, id)));
    const realms = infos.map(realmOf).sort((a, b) => a.label.localeCompare(b.label));
    store.setRealms(region, realms);
    return realms;
  }

  async function refreshTsm(b: SnapshotBuilder): Promise<boolean> {
    if (!tsmForced && Date.now() - tsmFetchedAt < TSM_REFRESH_MS) return false;
    tsmForced = false;
    try {
      const rows = await tsm.regionPricing(region);
      b.setTsm(rows);
      tsmFetchedAt = Date.now();
      const pets = rows.filter((r) => r.petSpeciesId != null).length;
      tsmCounts = { tsmItems: rows.length - pets, tsmPets: pets };
      return true;
    } catch (err) {
      log.warn({ err, region }, 'TSM pricing refresh failed; keeping the last figures');
      return false;
    }
  }

  /** Learns what the current listings lack; a failure only leaves those ids out of this snapshot. */
  async function learnMissing(b: SnapshotBuilder): Promise<number> {
    if (!deps.learn) return 0;
    const missing = b.missingIds();
    if (missing.itemIds.length === 0 && missing.petSpecies.length === 0) return 0;
    try {
      return await deps.learn(missing);
    } catch (err) {
      log.warn({ err, region }, 'item data fetch failed; those items wait for the next refresh');
      return 0;
    }
  }

  /** Returns the number of realms whose new dump was ingested. */
  async function refresh(): Promise<number> {
    const latest = await deps.sources();
    let sourcesChanged = false;
    if (!builder) {
      const realms = await loadRealms();
      builder = new SnapshotBuilder({
        region,
        realms: realms.map((r) => ({ id: r.id, name: r.label, population: r.population })),
        ...latest,
      });
    } else if (sources && !sameSources(sources, latest)) {
      builder.resetResolutions(latest);
      sourcesChanged = true;
    }
    sources = latest;
    const b = builder;
    const ids = store.realms(region)?.map((r) => r.id) ?? [];
    const results = await Promise.allSettled(
      ids.map(async (id) => {
        const dump = await blizzard.auctions(region, id, lastModified.get(id));
        if (dump.status === 'not-modified') return false;
        try {
          b.ingest(id, dump.body, dump.lastModified.getTime());
        } catch (err) {
          if (err instanceof IngestError) {
            log.warn(
              { region, realm: id, err: err.message },
              'broken auction dump; keeping the last good one',
            );
            return false;
          }
          throw err;
        }
        lastModified.set(id, dump.lastModified);
        return true;
      }),
    );
    let ingested = 0;
    for (const r of results) {
      if (r.status === 'fulfilled' && r.value) ingested++;
      if (r.status === 'rejected')
        log.warn({ region, err: String(r.reason) }, 'realm dump fetch failed; keeping the last good one');
    }
    const tsmChanged = await refreshTsm(b);
    const learnt = await learnMissing(b);
    if (ingested > 0 || tsmChanged || learnt > 0 || sourcesChanged || !store.current(region)) {
      const realmTimes = Object.fromEntries(
        [...lastModified].map(([id, at]) => [String(id), Math.floor(at.getTime() / 1000)]),
      );
      store.publish(region, b.build(), { realmTimes, ...tsmCounts });
      log.info({ region, realms: ingested, learnt }, 'market snapshot published');
    }
    return ingested;
  }

  return {
    refresh,
    /** The next refresh fetches TSM's region pricing again, however fresh the last copy is. */
    forceTsm: () => {
      tsmForced = true;
    },
  };
}

export type RegionIngestor = ReturnType<typeof createRegionIngestor>;
