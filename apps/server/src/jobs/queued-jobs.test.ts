import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock';
import { openTestDatabase } from '../test-support/test-database';
import type { Job } from './job';
import { createJobRuns, type JobRuns } from './job-runs';
import { startQueuedJobs, type QueuedJobRunner } from './queued-jobs';

// Jobs on BullMQ: several runners here stand for several worker processes sharing one Redis. Runs when
// TEST_REDIS_URL is set (as in CI).
const redisUrl = process.env.TEST_REDIS_URL;
const log = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job that counts its runs and how many overlap, taking `ms` per run. */
function countingJob(name: string, ms: number, everyMs = 3_600_000) {
  const seen = { runs: 0, active: 0, maxActive: 0 };
  const job: Job = {
    name,
    everyMs,
    runAtStart: false,
    run: async () => {
      seen.runs++;
      seen.active++;
      seen.maxActive = Math.max(seen.maxActive, seen.active);
      await sleep(ms);
      seen.active--;
    },
  };
  return { job, seen };
}

describe.skipIf(!redisUrl)('jobs on BullMQ (scaled mode)', () => {
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let runs: JobRuns;
  let prefix: string;
  const runners: QueuedJobRunner[] = [];
  const start = async (jobs: Job[], stallMs = 30_000, checkEveryMs?: number) => {
    const runner = await startQueuedJobs(jobs, {
      redisUrl: redisUrl ?? '',
      prefix,
      log,
      runs,
      stallMs,
      checkEveryMs,
    });
    runners.push(runner);
    return runner;
  };
  const record = async (name: string) => (await runs.list()).find((r) => r.name === name);

  beforeAll(async () => {
    db = await openTestDatabase();
    runs = createJobRuns(db.database.db, systemClock, log);
  });

  /** What a Redis that came back empty looks like to this deployment: none of its keys (never FLUSHALL). */
  const flush = async () => {
    const redis = new Redis(redisUrl ?? '');
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  };
  const hasScheduler = async (name: string) => {
    const redis = new Redis(redisUrl ?? '');
    const count = await redis.zcard(`${prefix}:jobs:${name}:repeat`);
    await redis.quit();
    return count > 0;
  };

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await flush();
  });

  afterAll(async () => {
    await db?.close();
  });

  // Each test gets its own keys.
  beforeAll(() => void (prefix = `goldroute-test-${randomBytes(6).toString('hex')}`));
  afterEach(() => void (prefix = `goldroute-test-${randomBytes(6).toString('hex')}`));

  it('asked in two processes at once, a job runs once, and both wait for that run', async () => {
    const { job, seen } = countingJob('refresh-a', 300);
    const [a, b] = [await start([job]), await start([job])];
    await Promise.all([a.runNow('refresh-a'), b.runNow('refresh-a')]);
    expect(seen.runs).toBe(1);
    expect(await record('refresh-a')).toMatchObject({ state: 'ok', runs: 1, failures: 0, lastError: null });
  });

  it('its schedule runs it again and again, never two runs at once across processes', async () => {
    const { job, seen } = countingJob('poll-b', 150, 100);
    await start([job]);
    await start([job]);
    await sleep(1_500);
    expect(seen.runs).toBeGreaterThanOrEqual(3);
    expect(seen.maxActive).toBe(1);
  });

  it('a failed run is retried with backoff; the record keeps the last error', async () => {
    let calls = 0;
    const job: Job = {
      name: 'flaky-c',
      everyMs: 3_600_000,
      runAtStart: false,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('TSM answered 503');
      },
    };
    const runner = await start([job]);
    const began = Date.now();
    await runner.runNow('flaky-c');
    expect(calls).toBe(2);
    // The first retry waits 5 s (exponential backoff from 5 s).
    expect(Date.now() - began).toBeGreaterThanOrEqual(4_900);
    expect(await record('flaky-c')).toMatchObject({
      state: 'ok',
      runs: 2,
      failures: 1,
      lastError: 'TSM answered 503',
    });
  }, 20_000);

  it('the job of a worker that died is taken over by another worker', async () => {
    let release: () => void = () => undefined;
    const ran: string[] = [];
    const jobIn = (worker: string): Job => ({
      name: 'ingest-d',
      everyMs: 3_600_000,
      runAtStart: false,
      run: async () => {
        ran.push(worker);
        // The first worker never finishes: it is "killed" below while running.
        if (worker === 'a') await new Promise<void>((r) => (release = r));
      },
    });
    const a = await start([jobIn('a')], 1_000);
    void a.runNow('ingest-d');
    while (ran.length === 0) await sleep(20);
    // The dead worker renews nothing: its BullMQ connections are cut, the job stays active in Redis.
    runners.splice(runners.indexOf(a), 1);
    await a.abandon();
    const b = await start([jobIn('b')], 1_000);
    const began = Date.now();
    while (!ran.includes('b') && Date.now() - began < 8_000) await sleep(50);
    release();
    expect(ran).toEqual(['a', 'b']);
    void b;
  }, 15_000);

  it('Redis back empty: two workers put the scheduler back once, and the job runs again at its rhythm', async () => {
    const { job, seen } = countingJob('flushed-e', 50, 1_000);
    job.runAtStart = true;
    await start([job], 30_000, 100);
    await start([job], 30_000, 100);
    await expect.poll(() => seen.runs, { timeout: 3_000 }).toBeGreaterThanOrEqual(1);
    await sleep(1_300);
    await flush();
    const flushedAt = { runs: seen.runs, at: Date.now() };
    expect(await hasScheduler('flushed-e')).toBe(false);

    // Overdue by the job table by then (its last run over a period ago): put back and run at once.
    await expect.poll(() => hasScheduler('flushed-e'), { timeout: 2_000 }).toBe(true);
    await expect.poll(() => seen.runs, { timeout: 2_000 }).toBeGreaterThan(flushedAt.runs);
    // Then once a second, as before: no second schedule from the other worker adds runs.
    const restored = seen.runs;
    await sleep(3_200);
    expect(seen.runs - restored).toBeGreaterThanOrEqual(2);
    expect(seen.runs - restored).toBeLessThanOrEqual(4);
    expect(seen.maxActive).toBe(1);
  }, 15_000);

  it('Redis back empty soon after a run: the put-back scheduler waits for the next due time', async () => {
    const { job, seen } = countingJob('flushed-f', 10, 4_000);
    job.runAtStart = true;
    await start([job], 30_000, 100);
    await expect.poll(() => seen.runs, { timeout: 3_000 }).toBe(1);
    const ranAt = Date.now();
    await flush();
    await expect.poll(() => hasScheduler('flushed-f'), { timeout: 2_000 }).toBe(true);
    // Not at once (it ran under a period ago), but at its last run plus its period.
    await sleep(Math.max(0, ranAt + 3_000 - Date.now()));
    expect(seen.runs).toBe(1);
    await expect.poll(() => seen.runs, { timeout: 4_000 }).toBe(2);
    expect(Date.now() - ranAt).toBeGreaterThanOrEqual(3_500);
  }, 15_000);
});
