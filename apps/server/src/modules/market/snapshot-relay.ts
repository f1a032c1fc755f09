import { REGION_LIST, type Region } from '@goldroute/domain';
import type { Realm } from '@goldroute/domain/api';
import { decodeSnapshot, encodeSnapshot } from '@goldroute/market';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisBus } from '../../lib/redis-bus';
import type { MarketMeta, MarketStore, PublishedMarket } from './market-store';

/**
 * Hands snapshots between processes. A snapshot published here (by this process's ingestion) is stored in
 * Redis, encoded, with the region's realm list, under one hash per region; then a short message tells the
 * others, who read, decode and publish it to their own store (which drops their cached answers and warms).
 * The hash holds the latest snapshot, so a process that starts later (or missed messages) reads it from there.
 * Redis out of reach: an upload waits (only the newest per region) and is sent once Redis is back, unless
 * another process stored a newer one meanwhile; then what the others stored is read again.
 */
export function createSnapshotRelay(deps: { bus: RedisBus; store: MarketStore; log: FastifyBaseLogger }) {
  const { bus, store, log } = deps;
  const keyOf = (region: Region) => `${bus.prefix}:snapshot:${region}`;
  const ownIds = `${bus.processId}:`;
  /** Upload id of the snapshot each region holds, when it came through the relay. */
  const heldIds = new Map<Region, string>();
  /** One chain of uploads and downloads per region, so they apply in order. */
  const queues = new Map<Region, Promise<void>>();
  /** This process's snapshots that could not be stored while Redis was out of reach, newest per region. */
  const unsent = new Map<Region, { market: PublishedMarket; publishedAt: number }>();
  let receiving = false;

  function enqueue(region: Region, task: () => Promise<void>): Promise<void> {
    const next = (queues.get(region) ?? Promise.resolve()).then(task).catch((err: unknown) => {
      log.error({ err, region }, 'snapshot hand-over failed');
    });
    queues.set(region, next);
    return next;
  }

  async function upload(region: Region, market: PublishedMarket, publishedAt: number): Promise<void> {
    const id = `${ownIds}${market.version}`;
    const started = Date.now();
    const data = encodeSnapshot(market.snapshot);
    try {
      await bus.bulk.hset(keyOf(region), {
        id,
        publishedAt: String(publishedAt),
        realms: JSON.stringify(store.realms(region) ?? null),
        meta: JSON.stringify(market.meta),
        data,
      });
    } catch (err) {
      if (!unsent.has(region))
        log.warn({ err, region }, 'snapshot not stored in Redis: sent again once Redis is back');
      unsent.set(region, { market, publishedAt });
      return;
    }
    await bus.publish({ type: 'snapshot', region, lastModified: market.snapshot.lastModified, id });
    log.info({ region, bytes: data.length, ms: Date.now() - started }, 'market snapshot shared');
  }

  /** Sends what waited for Redis, unless another process stored a newer snapshot meanwhile. */
  async function resend(region: Region): Promise<void> {
    const waiting = unsent.get(region);
    if (!waiting) return;
    unsent.delete(region);
    if (store.current(region) !== waiting.market) return;
    const stored = Number((await bus.bulk.hget(keyOf(region), 'publishedAt')) ?? 0);
    if (stored > waiting.publishedAt) return;
    await upload(region, waiting.market, waiting.publishedAt);
  }

  async function download(region: Region): Promise<void> {
    const fields = await bus.bulk.hgetallBuffer(keyOf(region));
    const id = fields.id?.toString();
    if (!id || !fields.data || id.startsWith(ownIds) || heldIds.get(region) === id) return;
    let snapshot;
    try {
      snapshot = decodeSnapshot(fields.data);
    } catch (err) {
      log.error({ err, region, id }, 'unusable snapshot in Redis; keeping the current one');
      return;
    }
    const current = store.current(region)?.snapshot;
    // An older one can only be a late read racing this process's own newer ingestion.
    if (current && snapshot.lastModified < current.lastModified) return;
    const realms = JSON.parse(fields.realms?.toString() ?? 'null') as Realm[] | null;
    const meta = JSON.parse(fields.meta?.toString() ?? 'null') as MarketMeta | null;
    receiving = true;
    try {
      if (realms) store.setRealms(region, realms);
      store.publish(region, snapshot, meta ?? undefined);
    } finally {
      receiving = false;
    }
    heldIds.set(region, id);
    log.info({ region, lastModified: snapshot.lastModified }, 'market snapshot received');
  }

  store.onPublish((region) => {
    const market = store.current(region);
    const publishedAt = Date.now();
    if (!receiving && market) void enqueue(region, () => upload(region, market, publishedAt));
  });
  bus.subscribe((message) => {
    if (message.type === 'snapshot') void enqueue(message.region, () => download(message.region));
  });
  const loadAll = () =>
    Promise.all(REGION_LIST.map((r) => enqueue(r, () => download(r)))).then(() => undefined);
  // Messages sent while Redis was away are lost: send what waited, then read what the others stored.
  bus.onReconnect(() => {
    for (const region of REGION_LIST) void enqueue(region, () => resend(region));
    void loadAll();
  });

  return {
    /** Reads the snapshots other processes stored (at start, so a web process serves data at once). */
    loadAll,
    /** Waits for uploads and downloads under way. */
    async idle(): Promise<void> {
      await Promise.all(queues.values());
    },
  };
}

export type SnapshotRelay = ReturnType<typeof createSnapshotRelay>;
