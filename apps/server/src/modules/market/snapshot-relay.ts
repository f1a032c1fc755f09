import { REGION_LIST, type Region } from '@goldroute/domain';
import type { Realm } from '@goldroute/domain/api';
import { decodeSnapshotStepwise, encodeSnapshot } from '@goldroute/market';
import { encodedBytesOf } from './builder-thread/builder-thread';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisBus } from '../../lib/redis-bus';
import type { MarketMeta, MarketStore, PublishedMarket } from './market-store';

/** How often each process checks that Redis still holds the snapshots (it may come back empty). */
const CHECK_EVERY_MS = 30_000;
/** Long enough for one upload of a snapshot: meanwhile the other processes leave it to this one. */
const RESTORE_LOCK_MS = 30_000;
/**
 * Stores a snapshot again unless the hash holds one published later: atomic, so a process's new snapshot
 * stored while another restores the old one is never overwritten by it.
 */
const STORE_UNLESS_NEWER = `
local stored = tonumber(redis.call('HGET', KEYS[1], 'publishedAt') or '0')
if stored > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
return 1`;

/**
 * Hands snapshots between processes. A snapshot published here (by this process's ingestion) is stored in
 * Redis, encoded, with the region's realm list, under one hash per region; then a short message tells the
 * others, who read, decode and publish it to their own store (which drops their cached answers and warms).
 * The hash holds the latest snapshot, so a process that starts later (or missed messages) reads it from there.
 * Redis out of reach: an upload waits (only the newest per region) and is sent once Redis is back, unless
 * another process stored a newer one meanwhile; then what the others stored is read again.
 * Redis back empty (a restart without persistence, a failover, FLUSHALL): a process holding a snapshot
 * stores it again, under the id it had, so a process started since then can serve it; checked once Redis
 * is back and every `checkEveryMs`, since an emptied Redis need not drop the link.
 */
export function createSnapshotRelay(deps: {
  bus: RedisBus;
  store: MarketStore;
  log: FastifyBaseLogger;
  checkEveryMs?: number | undefined;
}) {
  const { bus, store, log } = deps;
  const keyOf = (region: Region) => `${bus.prefix}:snapshot:${region}`;
  const ownIds = `${bus.processId}:`;
  /**
   * The upload id and publish time of the snapshot each region holds (this process's own or one received),
   * so a snapshot stored again is the same upload to every process.
   */
  const held = new Map<Region, { id: string; publishedAt: number }>();
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

  /**
   * A builder thread's snapshot comes with the bytes it was encoded to there: not encoded again here
   * (a Buffer viewing them, as Redis clients write Buffers as bytes).
   */
  function snapshotBytes(market: PublishedMarket): Buffer {
    const bytes = encodedBytesOf(market.snapshot);
    return bytes
      ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : encodeSnapshot(market.snapshot);
  }

  /** The region's hash: `id` names the upload (`publishedAt` orders them), with the realm list. */
  const fieldsOf = (region: Region, market: PublishedMarket, stamp: { id: string; publishedAt: number }) => ({
    id: stamp.id,
    publishedAt: String(stamp.publishedAt),
    realms: JSON.stringify(store.realms(region) ?? null),
    meta: JSON.stringify(market.meta),
    data: snapshotBytes(market),
  });

  async function upload(region: Region, market: PublishedMarket, publishedAt: number): Promise<void> {
    const started = Date.now();
    const id = `${ownIds}${market.version}`;
    const fields = fieldsOf(region, market, { id, publishedAt });
    try {
      await bus.bulk.hset(keyOf(region), fields);
    } catch (err) {
      if (!unsent.has(region))
        log.warn({ err, region }, 'snapshot not stored in Redis: sent again once Redis is back');
      unsent.set(region, { market, publishedAt });
      return;
    }
    await bus.publish({ type: 'snapshot', region, lastModified: market.snapshot.lastModified, id });
    log.info({ region, bytes: fields.data.length, ms: Date.now() - started }, 'market snapshot shared');
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

  /**
   * Redis came back without the region's snapshot: this process stores the one it holds again (one process
   * at a time, under a short lock), or, holding none, reads what another process stored meanwhile.
   */
  async function restore(region: Region): Promise<void> {
    const market = store.current(region);
    // Redis away: nothing to learn now (its return checks again); an unsent snapshot is resend()'s.
    if (bus.redis.status !== 'ready' || bus.bulk.status !== 'ready' || unsent.has(region)) return;
    if ((await bus.bulk.exists(keyOf(region))) === 1) {
      if (!market) await download(region);
      return;
    }
    const stamp = held.get(region);
    if (!market || !stamp) return;
    const lock = `${keyOf(region)}:restoring`;
    if ((await bus.redis.set(lock, bus.processId, 'PX', RESTORE_LOCK_MS, 'NX')) !== 'OK') return;
    // Under the id it had: the processes holding it skip it, one started since reads it. A failed write
    // is tried again at the next check.
    const fields = fieldsOf(region, market, stamp);
    const args = Object.entries(fields).flat();
    if ((await bus.bulk.eval(STORE_UNLESS_NEWER, 1, keyOf(region), stamp.publishedAt, ...args)) !== 1) return;
    await bus.publish({ type: 'snapshot', region, lastModified: market.snapshot.lastModified, id: stamp.id });
    log.info(
      { region, bytes: fields.data.length },
      'market snapshot missing in Redis (emptied): stored again',
    );
  }

  async function download(region: Region): Promise<void> {
    const fields = await bus.bulk.hgetallBuffer(keyOf(region));
    const id = fields.id?.toString();
    if (!id || !fields.data || id.startsWith(ownIds) || held.get(region)?.id === id) return;
    let snapshot;
    try {
      // Stepwise: the process answers requests while a region's snapshot decodes.
      snapshot = await decodeSnapshotStepwise(fields.data);
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
    held.set(region, { id, publishedAt: Number(fields.publishedAt?.toString() ?? 0) });
    log.info({ region, lastModified: snapshot.lastModified }, 'market snapshot received');
  }

  store.onPublish((region) => {
    const market = store.current(region);
    const publishedAt = Date.now();
    if (receiving || !market) return;
    held.set(region, { id: `${ownIds}${market.version}`, publishedAt });
    void enqueue(region, () => upload(region, market, publishedAt));
  });
  bus.subscribe((message) => {
    if (message.type === 'snapshot') void enqueue(message.region, () => download(message.region));
  });
  const loadAll = () =>
    Promise.all(REGION_LIST.map((r) => enqueue(r, () => download(r)))).then(() => undefined);
  const restoreAll = () => {
    for (const region of REGION_LIST) void enqueue(region, () => restore(region));
  };
  // Messages sent while Redis was away are lost: send what waited, then read what the others stored, then
  // store again what an emptied Redis lost.
  bus.onReconnect(() => {
    for (const region of REGION_LIST) void enqueue(region, () => resend(region));
    void loadAll();
    restoreAll();
  });
  const checker = setInterval(restoreAll, deps.checkEveryMs ?? CHECK_EVERY_MS);
  checker.unref();

  return {
    /** Reads the snapshots other processes stored (at start, so a web process serves data at once). */
    loadAll,
    /** Waits for uploads and downloads under way. */
    async idle(): Promise<void> {
      await Promise.all(queues.values());
    },
    /** Stops the periodic check. */
    close(): void {
      clearInterval(checker);
    },
  };
}

export type SnapshotRelay = ReturnType<typeof createSnapshotRelay>;
