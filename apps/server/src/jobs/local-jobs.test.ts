import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseForAll } from '../test-support/fresh-database';
import { createTestClock } from '../test-support/test-clock';
import type { Job, JobRunner } from './job';
import { createJobRuns, type JobRuns } from './job-runs';
import { startLocalJobs } from './local-jobs';

// The embedded default's runner: timers in this process, each run kept in the job table's record (the
// same record BullMQ runs write), which admin stats and /readyz show.
const log = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('jobs in one process (embedded default)', () => {
  let runs: JobRuns;
  const clock = createTestClock();
  const runners: JobRunner[] = [];
  const start = (jobs: Job[], overdueStartDelayMs?: number) => {
    const runner = startLocalJobs(jobs, { log, runs, overdueStartDelayMs });
    runners.push(runner);
    return runner;
  };
  const record = async (name: string) => (await runs.list()).find((r) => r.name === name);

  databaseForAll((db) => (runs = createJobRuns(db, clock, log)));
  afterEach(async () => void (await Promise.all(runners.splice(0).map((r) => r.stop()))));

  it('runs a job at start when asked, shows it running, then its duration', async () => {
    let finish: () => void = () => undefined;
    const startedAt = Math.floor(clock.now().getTime() / 1000);
    start([
      {
        name: 'refresh-market-us',
        everyMs: 3_600_000,
        runAtStart: true,
        run: () => new Promise<void>((r) => (finish = r)),
      },
    ]);
    try {
      await expect.poll(async () => (await record('refresh-market-us'))?.state).toBe('running');
      const running = await record('refresh-market-us');
      expect(running).toMatchObject({ state: 'running', durationMs: null, runs: 0 });
      expect(running?.lastRunAt).toBeGreaterThanOrEqual(startedAt);
      expect(running?.lastRunAt).toBeLessThanOrEqual(startedAt + 1);
      await sleep(30);
    } finally {
      finish();
    }
    await expect.poll(async () => (await record('refresh-market-us'))?.state).toBe('ok');
    const done = await record('refresh-market-us');
    expect(done).toMatchObject({ state: 'ok', runs: 1, failures: 0, lastError: null });
    expect(done?.durationMs).toBeGreaterThanOrEqual(30);
  });

  it('asked while it runs, waits for that run instead of starting another', async () => {
    let calls = 0;
    const runner = start([
      { name: 'poll-token-us', everyMs: 3_600_000, runAtStart: false, run: async () => void calls++ },
    ]);
    await Promise.all([runner.runNow('poll-token-us'), runner.runNow('poll-token-us')]);
    expect(calls).toBe(1);
  });

  it('a failed run is kept with its error; runNow still resolves; the next run is recorded ok', async () => {
    let calls = 0;
    const runner = start([
      {
        name: 'purge',
        everyMs: 3_600_000,
        runAtStart: false,
        run: async () => {
          if (++calls === 1) throw new Error('database unreachable');
        },
      },
    ]);
    const seconds = () => Math.floor(clock.now().getTime() / 1000);
    // The failure's second: the failed run ends within these two (a second may turn meanwhile).
    const failedFrom = seconds();
    await runner.runNow('purge');
    const failedBy = seconds();
    expect(await record('purge')).toMatchObject({
      state: 'failed',
      runs: 1,
      failures: 1,
      lastError: 'database unreachable',
    });
    clock.advanceMinutes(5);
    await runner.runNow('purge');
    const after = await record('purge');
    expect(after).toMatchObject({ state: 'ok', runs: 2, failures: 1, lastError: 'database unreachable' });
    expect(after?.lastErrorAt).toBeGreaterThanOrEqual(failedFrom);
    expect(after?.lastErrorAt).toBeLessThanOrEqual(failedBy);
  });

  it('its timer runs it again and again, never two runs at once', async () => {
    const seen = { runs: 0, active: 0, maxActive: 0 };
    start([
      {
        name: 'demo-billing',
        everyMs: 20,
        runAtStart: false,
        run: async () => {
          seen.runs++;
          seen.maxActive = Math.max(seen.maxActive, ++seen.active);
          await sleep(50);
          seen.active--;
        },
      },
    ]);
    await sleep(400);
    expect(seen.runs).toBeGreaterThanOrEqual(3);
    expect(seen.maxActive).toBe(1);
  });

  describe('the first run follows the schedule kept in the job table, across restarts', () => {
    const SIX_HOURS = 6 * 3_600_000;
    /** A 6-hourly job (like the purge) that counts its runs. */
    const sixHourly = (name: string, runAtStart = false) => {
      const seen = { runs: 0 };
      const job: Job = { name, everyMs: SIX_HOURS, runAtStart, run: async () => void seen.runs++ };
      return { job, seen };
    };
    /** Its last run, as a process before the restart recorded it, `minutesAgo` minutes ago. */
    const ranBefore = async (name: string, minutesAgo: number) => {
      await runs.track(name, async () => undefined);
      clock.advanceMinutes(minutesAgo);
    };

    it('a job whose last run is older than its period runs soon after start, not a period later', async () => {
      const { job, seen } = sixHourly('purge-overdue');
      await ranBefore(job.name, 7 * 60);
      start([job], 50);
      await expect.poll(() => seen.runs, { timeout: 2_000 }).toBe(1);
      expect(await record(job.name)).toMatchObject({ state: 'ok', runs: 2 });
    });

    it('a job that never ran runs soon after start', async () => {
      const { job, seen } = sixHourly('purge-never-ran');
      start([job], 50);
      await expect.poll(() => seen.runs, { timeout: 2_000 }).toBe(1);
    });

    it('a job that ran less than a period ago first runs at its last run plus its period; runAtStart still runs at once', async () => {
      const { job, seen } = sixHourly('purge-due-soon');
      const market = sixHourly('refresh-market-eu', true);
      // Both ran 6 h less 1.5 s ago: due in 1.5 s, whatever the restart did.
      await runs.track(market.job.name, async () => undefined);
      await ranBefore(job.name, 6 * 60 - 1.5 / 60);
      start([job, market.job], 60_000);
      await sleep(700);
      expect({ purge: seen.runs, market: market.seen.runs }).toEqual({ purge: 0, market: 1 });
      await expect.poll(() => seen.runs, { timeout: 3_000 }).toBe(1);
    });
  });
});
