import type { Region } from '@goldroute/domain';
import type { Realm } from '@goldroute/domain/api';
import { IngestError, type SnapshotSources } from '@goldroute/market';
import type { FastifyBaseLogger } from 'fastify';
import type { BlizzardClient, ConnectedRealmInfo } from '../../sources/blizzard';
import type { TsmClient } from '../../sources/tsm';
import type { PastDumpsRecipe } from './builder-thread/past-dumps-recipe';
import { startRegionBuilder, type RegionBuilder } from './builder-thread/region-builder';
import type { EvidenceStore } from './evidence-store';
import { createEvidenceKeeper } from './evidence-keeper';
import type { PastDumps, ReplayProgress } from './evidence-replay';
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
  /** Directory where past days of evidence keep their bytes once compacted (past-day-shelves.ts); memory without it. */
  pastDaysDir?: string | undefined;
  /** Directory where each realm's last snapshot stays between its hours (past-day-shelves.ts); memory without it. */
  keptDir?: string | undefined;
  /** The same for the replay's own evidence (a directory apart: the live realms' files are taken). */
  replayKeptDir?: string | undefined;
  /** How past dumps of the source (the simulator) are made: a fresh start replays the last 14 days from them. */
  pastRecipe?: PastDumpsRecipe | undefined;
  /** The source's own past dumps, read instead of the recipe's when the builder runs on this thread. */
  past?: PastDumps | undefined;
  /**
   * Ingest, evidence and builds in a worker thread (default), so the event loop stays free for requests;
   * false: on this thread (MARKET_BUILDER_THREAD=false, the reference path).
   */
  builderThread?: boolean | undefined;
}

/** A realm's new dump, ingested: its id and Last-Modified (unix ms). */
export interface RealmDump {
  id: number;
  lastModified: number;
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
  let builder: RegionBuilder | undefined;
  /** The builder being started (closed with the ingestor even before its first poll finished). */
  let starting: RegionBuilder | undefined;
  /** Set when the builder lost its state (a worker replaced): evidence is restored before the next ingest. */
  let restorePending = false;
  let sources: SnapshotSources | undefined;
  const lastModified = new Map<number, Date>();
  let tsmFetchedAt = 0;
  let tsmCounts = { tsmItems: 0, tsmPets: 0 };
  /** A refresh asked for by an admin fetches TSM again whatever its age. */
  let tsmForced = false;
  /** Realms the last batch left behind (the watcher decides; a new dump of one ends it). */
  let late = new Set<number>();
  const dumpListeners: ((dumps: readonly RealmDump[]) => void)[] = [];

  async function loadRealms(): Promise<Realm[]> {
    const ids = await blizzard.connectedRealmIds(region);
    const infos = await Promise.all(ids.map((id) => blizzard.connectedRealm(region, id)));
    const realms = infos.map(realmOf).sort((a, b) => a.label.localeCompare(b.label));
    store.setRealms(region, realms);
    return realms;
  }

  async function refreshTsm(b: RegionBuilder): Promise<boolean> {
    if (!tsmForced && Date.now() - tsmFetchedAt < TSM_REFRESH_MS) return false;
    tsmForced = false;
    try {
      const rows = await tsm.regionPricing(region);
      await b.setTsm(rows);
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
  async function learnMissing(b: RegionBuilder): Promise<number> {
    if (!deps.learn) return 0;
    const missing = await b.missingIds();
    if (missing.itemIds.length === 0 && missing.petSpecies.length === 0) return 0;
    try {
      return await deps.learn(missing);
    } catch (err) {
      log.warn({ err, region }, 'item data fetch failed; those items wait for the next refresh');
      return 0;
    }
  }

  const keeper = createEvidenceKeeper({ region, log, store: deps.evidence });

  let replay: Promise<void> | null = null;
  /**
   * Set when the builder starts: without stored evidence the first ingest starts the whole replay;
   * with it, the replay of the days it lacks (a replay the last stop interrupted, or days the app was
   * down).
   */
  let replayPending: 'whole' | 'missing days' | null = null;
  let closed = false;
  /** In the background: replays the past 14 days, publishing a snapshot as each part is done. */
  function startReplay(b: RegionBuilder, recipe: PastDumpsRecipe, part: 'whole' | 'missing days'): void {
    const realmIds = store.realms(region)?.map((r) => r.id) ?? [];
    const step = async (progress: ReplayProgress) => {
      if (closed) return;
      // Saved first: a stored past day is kept as the build reads it after a restart (price bins), so
      // the snapshot shown now is the one a restart shows.
      await keeper.save(b);
      await publish(b);
      log.info({ region, ...progress }, 'deal evidence replayed');
    };
    replay = b
      .replayEvidence({ recipe, realmIds, part, keptDir: deps.replayKeptDir, step })
      .then((done) => {
        if (done) log.info({ region, part, ...done }, 'deal evidence replay finished');
      })
      .catch((err: unknown) => log.warn({ err, region }, 'deal evidence replay failed'));
  }

  async function publish(b: RegionBuilder): Promise<void> {
    const realmTimes = Object.fromEntries(
      [...lastModified].map(([id, at]) => [String(id), Math.floor(at.getTime() / 1000)]),
    );
    const lateRealms = [...late].sort((x, y) => x - y);
    await b.setLateRealms(lateRealms);
    store.publish(region, await b.build(), {
      realmTimes,
      ...tsmCounts,
      ...(lateRealms.length ? { lateRealms } : {}),
    });
  }

  /**
   * Fetches the given realms' dumps with If-Modified-Since and ingests the new ones (a broken dump keeps
   * that realm's last good listing). A realm whose new dump arrives is no longer late.
   */
  async function fetchAndIngest(b: RegionBuilder, ids: readonly number[]): Promise<RealmDump[]> {
    const results = await Promise.allSettled(
      ids.map(async (id): Promise<RealmDump | null> => {
        const dump = await blizzard.auctions(region, id, lastModified.get(id));
        if (dump.status === 'not-modified') return null;
        try {
          await b.ingest(id, dump.body, dump.lastModified.getTime());
        } catch (err) {
          if (err instanceof IngestError) {
            log.warn(
              { region, realm: id, err: err.message },
              'broken auction dump; keeping the last good one',
            );
            return null;
          }
          throw err;
        }
        lastModified.set(id, dump.lastModified);
        late.delete(id);
        return { id, lastModified: dump.lastModified.getTime() };
      }),
    );
    const changed: RealmDump[] = [];
    for (const r of results) {
      if (r.status === 'fulfilled' && r.value) changed.push(r.value);
      if (r.status === 'rejected')
        log.warn({ region, err: String(r.reason) }, 'realm dump fetch failed; keeping the last good one');
    }
    if (changed.length > 0) for (const l of dumpListeners) l(changed);
    return changed;
  }

  /** Builds the builder on first use, or resolves every variant afresh when the lookups changed. */
  async function prepare(): Promise<{ b: RegionBuilder; sourcesChanged: boolean }> {
    const latest = await deps.sources();
    let sourcesChanged = false;
    // A poll the scheduler starts while the app closes starts no builder thread that nothing would close.
    if (closed) throw new Error(`the ${region} market ingestor is closed`);
    if (!builder) {
      const realms = await loadRealms();
      const b = startRegionBuilder(
        {
          region,
          realms: realms.map((r) => ({ id: r.id, name: r.label, population: r.population })),
          ...latest,
          evidence: true,
          pastDaysDir: deps.pastDaysDir,
          keptDir: deps.keptDir,
        },
        { thread: deps.builderThread !== false, past: deps.past },
      );
      starting = b;
      try {
        await b.started();
      } catch (err) {
        await b.close();
        throw err;
      }
      // A replaced worker starts empty: every realm is fetched again, after its evidence is restored.
      b.onRestart((restarts) => {
        lastModified.clear();
        restorePending = true;
        log.warn({ region, restarts }, 'snapshot builder thread stopped; a new one restores the region');
      });
      replayPending = (await keeper.restore(b)) ? 'missing days' : 'whole';
      builder = b;
    } else {
      await restoreIfLost(builder);
      if (sources && !sameSources(sources, latest)) {
        await builder.resetResolutions(latest);
        sourcesChanged = true;
      }
    }
    sources = latest;
    return { b: builder, sourcesChanged };
  }

  /** After a worker was replaced: its stored evidence first, and the replay of what it lacks again. */
  async function restoreIfLost(b: RegionBuilder): Promise<void> {
    if (!restorePending) return;
    restorePending = false;
    const restored = await keeper.restore(b);
    if (!closed) replayPending = restored ? 'missing days' : 'whole';
  }

  /** After new dumps: keep the evidence, and start the replay the first ingest waits for. */
  async function afterIngest(b: RegionBuilder, ingested: number): Promise<void> {
    if (ingested > 0) await keeper.save(b);
    if (replayPending && deps.pastRecipe && deps.pastRecipe.days > 0 && ingested > 0 && !closed) {
      startReplay(b, deps.pastRecipe, replayPending);
      replayPending = null;
    }
  }

  /** Returns the number of realms whose new dump was ingested. */
  async function pollAll(): Promise<number> {
    const { b, sourcesChanged } = await prepare();
    const ids = store.realms(region)?.map((r) => r.id) ?? [];
    const ingested = (await fetchAndIngest(b, ids)).length;
    const tsmChanged = await refreshTsm(b);
    const learnt = await learnMissing(b);
    if (ingested > 0 || tsmChanged || learnt > 0 || sourcesChanged || !store.current(region)) {
      await publish(b);
      log.info({ region, realms: ingested, learnt }, 'market snapshot published');
    }
    await afterIngest(b, ingested);
    return ingested;
  }

  /** Some realms only (the batch watcher's probes): publishes at once when any of them changed. */
  async function pollRealms(ids: readonly number[]): Promise<RealmDump[]> {
    if (!builder || ids.length === 0 || closed) return [];
    const b = builder;
    await restoreIfLost(b);
    const changed = await fetchAndIngest(b, ids);
    if (changed.length > 0) {
      await learnMissing(b);
      await publish(b);
      log.info({ region, realms: changed.length }, 'market snapshot published (batch landing)');
    }
    await afterIngest(b, changed.length);
    return changed;
  }

  /** Runs ingestion steps one at a time: the full poll and the watcher never ingest into the builder together. */
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(step: () => Promise<T>): Promise<T> {
    const run = queue.then(step, step);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    /** The full poll of every realm; returns the number of realms whose new dump was ingested. */
    refresh: () => serial(pollAll),
    /** Polls these realms only (after the full poll built the builder); returns those with a new dump. */
    pollRealms: (ids: readonly number[]) => serial(() => pollRealms(ids)),
    /** Whether the first full poll has built the region's snapshot (the watcher waits for it). */
    started: () => builder !== undefined,
    /** Told of every batch of new dumps ingested, by the full poll or the watcher. */
    onDumps(listener: (dumps: readonly RealmDump[]) => void): void {
      dumpListeners.push(listener);
    },
    /**
     * The realms the region's last batch left behind: published in the meta and their deals flagged stale.
     * A realm leaves the list when its new dump arrives.
     */
    setLateRealms: (ids: readonly number[]) =>
      serial(async () => {
        const next = new Set(ids);
        if (next.size === late.size && [...next].every((id) => late.has(id))) return;
        late = next;
        if (builder) await publish(builder);
        log.info({ region, lateRealms: [...late] }, 'late realms published');
      }),
    lateRealms: (): readonly number[] => [...late],
    /** Stops a running evidence replay and waits for it (shutdown, tests). */
    async close(): Promise<void> {
      closed = true;
      const b = builder ?? starting;
      await b?.stopReplay().catch(() => undefined);
      await replay;
      // The poll under way ends first (its last request answered), then the builder goes.
      await queue;
      await b?.close();
    },
    /** The next refresh fetches TSM's region pricing again, however fresh the last copy is. */
    forceTsm: () => {
      tsmForced = true;
    },
  };
}

export type RegionIngestor = ReturnType<typeof createRegionIngestor>;
