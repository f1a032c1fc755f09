import { SNAPSHOT_EVENT, snapshotEventSchema } from '@goldroute/domain/api';
import { createEconomy, startSimulatorServer, type SimulatorServer } from '@goldroute/simulator';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { startHarness, type Harness } from '../../test-support/accounts';
import { grantSubscription } from '../../test-support/market';
import { openTestDatabase } from '../../test-support/test-database';
import { dropRedisKeys, workerSource } from '../../test-support/scaled';
import { openEventStream, type StreamReader } from './event-stream-client';

// A worker ingests, a web process only serves: the web process's streams carry the worker's snapshots
// (handed over through Redis). Runs when TEST_REDIS_URL is set (as in CI).
const redisUrl = process.env.TEST_REDIS_URL;
const HOUR_MS = 3_600_000;

describe.skipIf(!redisUrl)('snapshot events in scaled mode', () => {
  const redisPrefix = `goldroute-test-${randomBytes(6).toString('hex')}`;
  const economy = createEconomy({
    seed: 23,
    size: 'tiny',
    startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS,
  });
  let simulator: SimulatorServer;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let worker: Harness;
  let web: Harness;
  const streams: StreamReader[] = [];

  const start = (role: 'web' | 'worker') =>
    startHarness(
      { PROCESS_ROLE: role, REDIS_URL: redisUrl ?? '', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
      {
        database: db.database,
        clock: systemClock,
        redisPrefix,
        // The simulator outlives the worker: the source's close leaves it running.
        ...(role === 'worker' ? { marketSource: workerSource(economy, simulator) } : {}),
      },
    );

  beforeAll(async () => {
    simulator = await startSimulatorServer({ economy, port: 0, host: '127.0.0.1', hour: 1 });
    db = await openTestDatabase();
    worker = await start('worker');
    await worker.app.market.refreshNow();
    web = await start('web');
  });

  afterAll(async () => {
    for (const s of streams) s.close();
    await web?.close();
    await worker?.close();
    await simulator?.close();
    await db?.close();
    await dropRedisKeys(redisUrl ?? '', redisPrefix);
  });

  it("a stream on the web process receives the worker's new snapshot, with the worker's event id", async () => {
    const session = await web.signUp('live-scaled@example.com');
    await grantSubscription(db.database.db, session.user.id);
    const s = await openEventStream(web.app.baseUrl, '/shared/data/events/us', {
      token: session.accessToken,
    });
    streams.push(s);
    expect(s.status).toBe(200);
    await s.waitFor((e) => e.event === SNAPSHOT_EVENT);
    expect(web.app.events.openStreams()).toBe(1);

    simulator.advanceHour();
    await worker.app.market.refreshNow();
    const published = worker.app.events.current('us');
    if (!published) throw new Error('the worker published no us snapshot');
    const received = await s.waitFor((e) => e.id === published.id, 10_000);
    expect(snapshotEventSchema.parse(JSON.parse(received.data))).toMatchObject({
      region: 'us',
      lastModified: published.event.lastModified,
      realmsChanged: published.event.realmsChanged,
    });
    expect((await web.api.get<{ lastModified: number }>('/shared/data/timer/us')).body.lastModified).toBe(
      published.event.lastModified,
    );
  });
});
