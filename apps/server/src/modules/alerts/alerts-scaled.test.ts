import { ALERT_TEXTS } from '@goldroute/domain';
import type { RealmsResponse } from '@goldroute/domain/api';
import { createEconomy, startSimulatorServer, type SimulatorServer } from '@goldroute/simulator';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, users } from '../../db/schema';
import { systemClock } from '../../lib/clock';
import { startHarness, type Harness } from '../../test-support/accounts';
import { startDiscordMessagesServer } from '../../test-support/discord-messages-server';
import { grantSubscription } from '../../test-support/market';
import { openTestDatabase } from '../../test-support/test-database';
import { dropRedisKeys, workerSource } from '../../test-support/scaled';
import { alertJob } from './alert-jobs';

// Two workers ingest and a web process serves, sharing PostgreSQL and Redis: a batch's alerts go out once,
// from a BullMQ job, however many workers heard the batch. Runs when TEST_REDIS_URL is set (as in CI).
const redisUrl = process.env.TEST_REDIS_URL;
const HOUR_MS = 3_600_000;
const HOOK = { id: '4455667788990011', token: 'scaled_webhook_token_0123456789' };

describe.skipIf(!redisUrl)('route alerts in scaled mode', () => {
  const redisPrefix = `goldroute-test-${randomBytes(6).toString('hex')}`;
  const economy = createEconomy({
    seed: 31,
    size: 'tiny',
    startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS,
  });
  let simulator: SimulatorServer;
  let discord: Awaited<ReturnType<typeof startDiscordMessagesServer>>;
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  const workers: Harness[] = [];
  let web: Harness;

  const start = (role: 'web' | 'worker') =>
    startHarness(
      {
        PROCESS_ROLE: role,
        REDIS_URL: redisUrl ?? '',
        DISCORD_API_URL: discord.apiUrl,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      },
      {
        database: db.database,
        clock: systemClock,
        redisPrefix,
        ...(role === 'worker' ? { marketSource: workerSource(economy, simulator) } : {}),
      },
    );

  beforeAll(async () => {
    simulator = await startSimulatorServer({ economy, port: 0, host: '127.0.0.1', hour: 1 });
    discord = await startDiscordMessagesServer({ webhooks: { [HOOK.id]: HOOK.token } });
    db = await openTestDatabase();
    workers.push(await start('worker'));
    await workers[0]!.app.market.refreshNow();
    workers.push(await start('worker'));
    web = await start('web');
  });

  afterAll(async () => {
    await web?.close();
    for (const worker of workers) await worker.close();
    await simulator?.close();
    await discord?.close();
    await db?.close();
    await dropRedisKeys(redisUrl ?? '', redisPrefix);
  });

  it('sends one message a batch from a queued job, whichever workers heard it', async () => {
    const session = await web.signUp('alerts-scaled@example.com');
    await grantSubscription(db.database.db, session.user.id);
    const realms = (await web.api.get<RealmsResponse>('/shared/data/realms/us')).body.map((r) => r.id);
    await db.database.db
      .update(users)
      .set({ retailBuyingRealmsUS: realms, retailSellingRealmsUS: realms })
      .where(eq(users.id, session.user.id));
    const added = await web.api.post(
      '/shared/users/alerts',
      {
        region: 'us',
        view: 'profit=1000',
        minProfit: 0,
        minConfidence: 'low',
        channel: 'webhook',
        webhookUrl: `${discord.apiUrl}/webhooks/${HOOK.id}/${HOOK.token}`,
      },
      { token: session.accessToken },
    );
    expect(added.status).toBe(201);
    const alerts = () => discord.delivered.filter((d) => d.message.content !== ALERT_TEXTS.testPost);

    simulator.advanceHour();
    await workers[0]!.app.market.refreshNow();
    await expect.poll(() => alerts().length, { timeout: 30_000, interval: 250 }).toBe(1);
    // The other worker runs the job too (its own trigger heard the same batch): nothing is sent twice.
    await workers[1]!.app.alerts.runNow(alertJob('us'));
    await sleep(1_000);
    expect(alerts()).toHaveLength(1);
    const [run] = await db.database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.name, alertJob('us')));
    expect(run).toMatchObject({ ok: true });
    expect(run!.runs).toBeGreaterThanOrEqual(1);
  });
});
