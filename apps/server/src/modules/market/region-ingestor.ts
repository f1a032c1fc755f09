import type { Region } from '@goldroute/domain';
import type { Realm } from '@goldroute/domain/api';
import {
  IngestError,
  type KeptShelf,
  type PastDayShelf,
  SnapshotBuilder,
  type SnapshotSources,
} from '@goldroute/market';
import type { FastifyBaseLogger } from 'fastify';
import type { BlizzardClient, ConnectedRealmInfo } from '../../sources/blizzard';
import type { TsmClient } from '../../sources/tsm';
import type { EvidenceStore } from './evidence-store';
import { createEvidenceKeeper } from './evidence-keeper';
import { replayEvidence, resumeEvidence, type PastDumps, type ReplayProgress } from './evidence-replay';
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
  /** Where deal evidence is kept between restarts (and read by every process); none: memory only. */
  evidence?: EvidenceStore | undefined;
  /** Where past days of evidence keep their bytes once compacted (past-day-shelves.ts); memory without it. */
  pastDays?: PastDayShelf | undefined;
  /** Where each realm's last snapshot stays between its hours (past-day-shelves.ts); memory without it. */
  keptSnapshots?: KeptShelf | undefined;
  /** The same for the replay's own evidence (a directory apart: the live realms' files are taken). */
  replayKeptSnapshots?: KeptShelf | undefined;
  /** Past dumps of the source (the simulator): a fresh start replays the last 14 days from them. */
  past?: PastDumps | undefined;
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

  const keeper = createEvidenceKeeper({ region, log, store: deps.evidence, pastDays: deps.pastDays });

  let replay: Promise<void> | null = null;
  /**
   * Set when the builder starts: without stored evidence the first ingest starts the whole replay;
   * with it, the replay of the days it lacks (a replay the last stop interrupted, or days the app was
   * down).
   */
  let replayPending: 'whole' | 'missing days' | null = null;
  let closed = false;
  /** In the background: replays the past 14 days, publishing a snapshot as each part is done. */
  function startReplay(b: SnapshotBuilder, past: PastDumps, part: 'whole' | 'missing days'): void {
    const realmIds = store.realms(region)?.map((r) => r.id) ?? [];
    const step = async (progress: ReplayProgress) => {
      if (closed) return;
      // Saved first: a stored past day is kept as the build reads it after a restart (price bins), so
      // the snapshot shown now is the one a restart shows.
      await keeper.save(b);
      publish(b);
      log.info({ region, ...progress }, 'deal evidence replayed');
    };
    const run = part === 'whole' ? replayEvidence : resumeEvidence;
    replay = run({ builder: b, realmIds, past, stopped: () => closed, kept: deps.replayKeptSnapshots }, step)
      .then((done) => {
        if (done) log.info({ region, part, ...done }, 'deal evidence replay finished');
      })
      .catch((err: unknown) => log.warn({ err, region }, 'deal evidence replay failed'));
  }

  function publish(b: SnapshotBuilder): void {
    const realmTimes = Object.fromEntries(
      [...lastModified].map(([id, at]) => [String(id), Math.floor(at.getTime() / 1000)]),
    );
    store.publish(region, b.build(), { realmTimes, ...tsmCounts });
  }

  /** Returns the number of realms whose new dump was ingested. */
  async function refresh(): Promise<number> {
    const latest = await deps.sources();
    let sourcesChanged = false;
    if (!builder) {
      const realms = await loadRealms();
      const b = new SnapshotBuilder({
        region,
        realms: realms.map((r) => ({ id: r.id, name: r.label, population: r.population })),
        ...latest,
        evidence: true,
        pastDays: deps.pastDays,
        keptSnapshots: deps.keptSnapshots,
      });
      replayPending = (await keeper.restore(b)) ? 'missing days' : 'whole';
      builder = b;
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
      publish(b);
      log.info({ region, realms: ingested, learnt }, 'market snapshot published');
    }
    if (ingested > 0) await keeper.save(b);
    if (replayPending && deps.past && deps.past.days > 0 && ingested > 0) {
      startReplay(b, deps.past, replayPending);
      replayPending = null;
    }
    return ingested;
  }

  return {
    refresh,
    /** Stops a running evidence replay and waits for it (shutdown, tests). */
    async close(): Promise<void> {
      closed = true;
      await replay;
    },
    /** The next refresh fetches TSM's region pricing again, however fresh the last copy is. */
    forceTsm: () => {
      tsmForced = true;
    },
  };
}

export type RegionIngestor = ReturnType<typeof createRegionIngestor>;
