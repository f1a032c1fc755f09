import { randomBytes } from 'node:crypto';
import { SnapshotBuilder, type MarketSnapshot } from '@goldroute/market';
import { createEconomy } from '@goldroute/simulator';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRedisBus, type RedisBus } from '../../lib/redis-bus';
import { createMarketStore, type MarketStore } from './market-store';
import { createSnapshotRelay } from './snapshot-relay';

// Runs when TEST_REDIS_URL is set (as in CI): a publisher whose snapshot connection is down when it
// publishes, and a receiver.
const redisUrl = process.env.TEST_REDIS_URL;
const HOUR_MS = 3_600_000;

const economy = createEconomy({
  seed: 5,
  size: 'tiny',
  startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 3 * HOUR_MS,
});
const realmIds = economy.connectedRealms('us').map((r) => r.id);

/** The US market of simulated hour `hour` (0 = the economy's start). */
function snapshotAt(hour: number): MarketSnapshot {
  const data = economy.staticData('us');
  const builder = new SnapshotBuilder({
    region: 'us',
    realms: realmIds.map((id) => ({ id, name: `Realm ${id}`, population: 'Medium' })),
    items: data.items,
    pets: data.pets,
    bonusData: economy.bonusData,
  });
  for (const id of realmIds)
    builder.ingest(id, economy.auctionsJson('us', id, hour), economy.lastModified('us', id, hour));
  return builder.build();
}

async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Closes the bus's snapshot connection, as a lost link does (it stays closed until connect()). */
async function down(bus: RedisBus): Promise<void> {
  bus.bulk.disconnect(false);
  await until(() => bus.bulk.status === 'end');
}

describe.skipIf(!redisUrl)('snapshot hand-over when Redis was out of reach', () => {
  const prefix = `goldroute-relay-test-${randomBytes(4).toString('hex')}`;
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const buses: RedisBus[] = [];
  async function processWithRelay() {
    const bus = await openRedisBus({ url: redisUrl ?? '', prefix, log });
    buses.push(bus);
    const store: MarketStore = createMarketStore();
    const relay = createSnapshotRelay({ bus, store, log });
    return { bus, store, relay };
  }
  let worker: Awaited<ReturnType<typeof processWithRelay>>;
  let web: Awaited<ReturnType<typeof processWithRelay>>;

  beforeAll(async () => {
    worker = await processWithRelay();
    web = await processWithRelay();
  });
  afterAll(async () => {
    await buses[0]?.bulk.del(`${prefix}:snapshot:us`);
    await Promise.all(buses.map((b) => b.close()));
  });

  it('sends a snapshot published meanwhile once Redis is back, so the others get it', async () => {
    await down(worker.bus);
    const first = snapshotAt(1);
    worker.store.publish('us', first);
    await worker.relay.idle();
    expect(await web.bus.bulk.hget(`${prefix}:snapshot:us`, 'id')).toBeNull();

    await worker.bus.bulk.connect();
    await until(() => web.store.current('us')?.snapshot.lastModified === first.lastModified);
  });

  it('does not send it when another process stored a newer one meanwhile', async () => {
    const other = await processWithRelay();
    await down(worker.bus);
    worker.store.publish('us', snapshotAt(2));
    await worker.relay.idle();
    const newer = snapshotAt(2);
    other.store.publish('us', newer);
    await other.relay.idle();
    const storedId = await web.bus.bulk.hget(`${prefix}:snapshot:us`, 'id');
    expect(storedId?.startsWith(other.bus.processId)).toBe(true);

    await worker.bus.bulk.connect();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await worker.relay.idle();
    expect(await web.bus.bulk.hget(`${prefix}:snapshot:us`, 'id')).toBe(storedId);
  });
});

describe.skipIf(!redisUrl)('snapshot hand-over when Redis came back empty', () => {
  const prefix = `goldroute-relay-test-${randomBytes(4).toString('hex')}`;
  const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const key = `${prefix}:snapshot:us`;
  const started: { bus: RedisBus; relay: { close(): void } }[] = [];
  async function processWithRelay() {
    const bus = await openRedisBus({ url: redisUrl ?? '', prefix, log });
    const store: MarketStore = createMarketStore();
    const relay = createSnapshotRelay({ bus, store, log, checkEveryMs: 100 });
    started.push({ bus, relay });
    return { bus, store, relay };
  }
  afterAll(async () => {
    for (const p of started) p.relay.close();
    const keys = await started[0]?.bus.redis.keys(`${prefix}:*`);
    if (keys?.length) await started[0]?.bus.redis.del(...keys);
    await Promise.all(started.map((p) => p.bus.close()));
  });

  it('a process holding the snapshot stores it again, as the same upload; one started since serves it', async () => {
    const worker = await processWithRelay();
    const web = await processWithRelay();
    const snapshot = snapshotAt(3);
    worker.store.publish('us', snapshot);
    await until(() => web.store.current('us')?.snapshot.lastModified === snapshot.lastModified);
    const id = await web.bus.bulk.hget(key, 'id');
    const held = web.store.current('us');

    // Redis emptied (a restart without persistence): the hash is gone, the link never dropped.
    await web.bus.bulk.del(key);
    const late = await processWithRelay();
    await late.relay.loadAll();
    expect(late.store.current('us')).toBeUndefined();

    await until(() => late.store.current('us')?.snapshot.lastModified === snapshot.lastModified, 3_000);
    expect(await web.bus.bulk.hget(key, 'id')).toBe(id);
    // The processes that held it kept it as it was (no second publish to drop their cached answers).
    await web.relay.idle();
    expect(web.store.current('us')).toBe(held);
  });
});
