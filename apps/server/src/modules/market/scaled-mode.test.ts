import type {
  AdminReadinessResponse,
  AdminStatsResponse,
  AhDataResponse,
  RealmsResponse,
} from '@goldroute/domain/api';
import { eq } from 'drizzle-orm';
import { createEconomy, startSimulatorServer, type SimulatorServer } from '@goldroute/simulator';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { startHarness, type Harness } from '../../test-support/accounts';
import { grantSubscription } from '../../test-support/market';
import { openTestDatabase } from '../../test-support/test-database';
import { dropRedisKeys, workerSource } from '../../test-support/scaled';

// Several processes on one database and one Redis: workers ingest and hand snapshots over, web processes
// only serve. Runs when TEST_REDIS_URL is set (as in CI).
const redisUrl = process.env.TEST_REDIS_URL;
const HOUR_MS = 3_600_000;

describe.skipIf(!redisUrl)('scaled mode: workers and web processes sharing a database and Redis', () => {
  // Each run gets its own keys and channel, so parallel test files and earlier runs never meet.
  const redisPrefix = `goldroute-test-${randomBytes(6).toString('hex')}`;
  const economy = createEconomy({
    seed: 17,
    size: 'tiny',
    startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS,
  });
  const clock = systemClock;
  let simulator: SimulatorServer;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let worker: Harness;
  let web: Harness;
  const started: Harness[] = [];

  async function start(role: 'web' | 'worker' | 'all'): Promise<Harness> {
    // The simulator outlives every worker: the source's close leaves it running.
    const marketSource = role !== 'web' ? workerSource(economy, simulator) : undefined;
    const h = await startHarness(
      { PROCESS_ROLE: role, REDIS_URL: redisUrl ?? '', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
      { database: db.database, clock, redisPrefix, ...(marketSource ? { marketSource } : {}) },
    );
    started.push(h);
    return h;
  }

  async function stop(h: Harness): Promise<void> {
    started.splice(started.indexOf(h), 1);
    await h.close();
  }

  /** A signed-up user (through the web app) with subscription time. */
  async function subscriber(email: string) {
    const session = await web.signUp(email);
    await grantSubscription(db.database.db, session.user.id);
    return session;
  }

  const tokenPolls = () => simulator.requests.filter((r) => r.path.endsWith('/token/index')).length;
  const undercut = (h: Harness, token: string, body: object = {}) =>
    h.api.post<AhDataResponse>('/retail/market/ah-data-undercut/us', body, { token });
  const timer = async (h: Harness) =>
    (await h.api.get<{ lastModified: number }>('/shared/data/timer/us')).body.lastModified;

  beforeAll(async () => {
    simulator = await startSimulatorServer({ economy, port: 0, host: '127.0.0.1', hour: 1 });
    db = await openTestDatabase();
    worker = await start('worker');
    await worker.app.market.refreshNow();
    web = await start('web');
  });

  afterAll(async () => {
    for (const h of [...started].reverse()) await h.close();
    await simulator?.close();
    await db?.close();
    await dropRedisKeys(redisUrl ?? '', redisPrefix);
  });

  it('a web process serves the realms and the deals of the worker, row for row', async () => {
    const realms = await web.api.get<RealmsResponse>('/shared/data/realms/us');
    expect(realms.status).toBe(200);
    expect(realms.body.length).toBe(4);
    expect(realms.body).toEqual((await worker.api.get('/shared/data/realms/us')).body);

    const s = await subscriber('reader@example.com');
    const ids = realms.body.map((r) => r.id);
    const body = { retailBuyingRealms: ids, retailSellingRealms: ids };
    const fromWeb = await undercut(web, s.accessToken, body);
    expect(fromWeb.status).toBe(200);
    expect(fromWeb.body.data.items.length).toBeGreaterThan(10);
    expect(fromWeb.body).toEqual((await undercut(worker, s.accessToken, body)).body);
  });

  it('a new snapshot reaches the web process: the timer moves to the new dump time', async () => {
    const before = await timer(web);
    expect(before).toBe(await timer(worker));
    simulator.advanceHour();
    await worker.app.market.refreshNow();
    const after = await timer(worker);
    expect(after).toBeGreaterThan(before);
    const deadline = Date.now() + 5000;
    while ((await timer(web)) !== after && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await timer(web)).toBe(after);
  });

  it('a web process started after the worker serves data at once', async () => {
    const late = await start('web');
    expect(await timer(late)).toBe(await timer(worker));
    expect((await late.api.get('/shared/data/realms/eu')).body).toEqual(
      (await worker.api.get('/shared/data/realms/eu')).body,
    );
    await stop(late);
  });

  it('an unusable snapshot in Redis is logged and skipped: the process keeps the one it has', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl ?? '');
    const key = `${redisPrefix}:snapshot:us`;
    const stored = await redis.hgetallBuffer(key);
    const held = web.app.market.store.current('us');
    const logged = vi.spyOn(web.app.server.log, 'error');
    await redis.hset(key, { ...stored, id: 'elsewhere:1', data: stored.data?.subarray(0, 1000) ?? '' });
    await redis.publish(
      `${redisPrefix}:events`,
      JSON.stringify({
        type: 'snapshot',
        region: 'us',
        lastModified: 0,
        id: 'elsewhere:1',
        from: 'elsewhere',
      }),
    );
    const unusable = () =>
      logged.mock.calls.some(([, message]) => String(message).startsWith('unusable snapshot in Redis'));
    const deadline = Date.now() + 5000;
    while (!unusable() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const wasLogged = unusable();
    logged.mockRestore();
    await redis.hset(key, stored);
    await redis.quit();
    expect(wasLogged).toBe(true);
    expect(web.app.market.store.current('us')).toBe(held);
    expect(await timer(web)).toBe(await timer(worker));
  });

  // Pub/sub delivery is asynchronous: a request can beat the message by milliseconds. The other process must
  // act on it well within the 5 s it would otherwise reuse a user's access and session checks.
  const WITHIN_PUBSUB = { timeout: 1000, interval: 20 };

  it("a settings change on a web process is in the worker's data answers within moments", async () => {
    const s = await subscriber('mover@example.com');
    const ids = (await web.api.get<RealmsResponse>('/shared/data/realms/us')).body.map((r) => r.id);
    const save = (buy: number[], sell: number[]) =>
      web.api.put(
        '/shared/users/settings',
        { region: 'us', retailBuyingRealmsUS: buy.map(String), retailSellingRealmsUS: sell.map(String) },
        { token: s.accessToken },
      );
    const buyingRealmsOf = async () =>
      new Set((await undercut(worker, s.accessToken)).body.data.items.map((i) => i.buyingConnectedRealmId));

    expect((await save(ids.slice(0, 2), ids.slice(2))).status).toBe(200);
    // Cached on the worker now: its answer and the user's access record.
    expect([...(await buyingRealmsOf())].every((id) => ids.slice(0, 2).includes(id))).toBe(true);
    expect((await save(ids.slice(2), ids.slice(0, 2))).status).toBe(200);
    await expect
      .poll(async () => {
        const moved = await buyingRealmsOf();
        return moved.size > 0 && [...moved].every((id) => ids.slice(2).includes(id));
      }, WITHIN_PUBSUB)
      .toBe(true);
  });

  it('a logout on one process makes the access token fail on the others within moments', async () => {
    const s = await subscriber('leaver@example.com');
    // Checked once on the worker, so its short-lived session check holds this session.
    expect((await undercut(worker, s.accessToken)).status).not.toBe(401);
    const out = await web.api.post('/shared/users/logout', { tokenId: s.tokenId }, { token: s.accessToken });
    expect(out.status).toBe(200);
    await expect.poll(async () => (await undercut(worker, s.accessToken)).status, WITHIN_PUBSUB).toBe(401);

    // All devices, the other way round.
    const again = await worker.api.post<{ accessToken: string; tokenId: string }>('/shared/users/login', {
      email: 'leaver@example.com',
      password: 'GoldRoute#2026',
    });
    expect(
      (await web.api.get('/shared/users/login-with-token', { token: again.body.accessToken })).status,
    ).toBe(200);
    await worker.api.post(
      '/shared/users/logout',
      { tokenId: again.body.tokenId, allDevices: true },
      { token: again.body.accessToken },
    );
    await expect
      .poll(
        async () =>
          (await web.api.get('/shared/users/login-with-token', { token: again.body.accessToken })).status,
        WITHIN_PUBSUB,
      )
      .toBe(401);
  });

  it('admin stats on a web process describe the deployment; a clear there runs in the worker that holds it', async () => {
    const admin = await web.signUp('scaled-admin@example.com');
    await db.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const asAdmin = (h: Harness, path: string) =>
      h.api.get<AdminStatsResponse>(path, { token: admin.accessToken });
    // The web process has no source: its static data caches are the worker's, in the worker's report.
    expect(web.app.market.caches.stats().itemCatalog).toBeUndefined();
    const stats = (await asAdmin(web, '/shared/admin/stats')).body.data;
    expect(stats.cacheData.itemCatalog).toEqual(worker.app.market.caches.stats().itemCatalog);
    expect(stats.cacheData.raidbotsBonus?.global).toBeGreaterThan(0);
    expect(Object.keys(stats.timerData['1'] ?? {})).toHaveLength(4);
    // The jobs the worker ran on BullMQ, as the web process reads them from the shared record (the batch
    // watchers' and the route alerts' first runs may or may not have come yet: they run every 10 s, and
    // after a batch lands).
    const names = stats.jobs
      ?.map((j) => j.name)
      .filter((name) => !name.startsWith('watch-market-') && !name.startsWith('deliver-alerts-'));
    expect(names).toEqual([
      'demo-billing',
      'poll-token-eu',
      'poll-token-us',
      'refresh-market-eu',
      'refresh-market-us',
    ]);
    const refresh = stats.jobs?.find((j) => j.name === 'refresh-market-us');
    expect(refresh).toMatchObject({ state: 'ok', failures: 0, lastError: null });
    expect(refresh?.runs).toBeGreaterThanOrEqual(2);
    expect(refresh?.durationMs).toBeGreaterThanOrEqual(0);
    // Readiness on the web process reads the same record: every job that ran, none overdue.
    expect((await web.api.get('/readyz')).body).toEqual({ status: 'ready' });
    const ready = await web.api.get<AdminReadinessResponse>('/shared/admin/readiness', {
      token: admin.accessToken,
    });
    expect(ready.body.status).toBe('ready');
    const ran = ready.body.jobs.filter((j) => j.lastRunAt !== null);
    expect(ran.map((j) => j.name)).toEqual(stats.jobs?.map((j) => j.name));
    expect(ran.filter((j) => j.overdue)).toEqual([]);

    const cleared = await asAdmin(web, '/shared/data/raidbots/bonus/refresh');
    expect(cleared.status).toBe(200);
    expect((cleared.body as unknown as { message: string }).message).toMatch(
      /rebuilt from the simulated economy/,
    );

    // One at a time across processes: asked on two processes at once, one runs and the other is busy.
    const late = await start('web');
    const [a, b] = await Promise.all([
      asAdmin(web, '/shared/data/retail/refresh/eu'),
      asAdmin(late, '/shared/data/retail/refresh/eu'),
    ]);
    await stop(late);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('with two workers each job runs in one of them, and never in both at once', async () => {
    const polls = tokenPolls();
    // The schedules are in Redis since the first worker started: a second worker's start adds no run.
    const second = await start('worker');
    await stop(second);
    expect(tokenPolls()).toBe(polls);

    // Asked at the same moment, one of them runs each poll and both wait for that run (a process with
    // both roles cooperates the same way).
    const third = await start('all');
    await Promise.all([worker.app.market.refreshNow(), third.app.market.refreshNow()]);
    await stop(third);
    expect(tokenPolls()).toBe(polls + 2);
  });
});
