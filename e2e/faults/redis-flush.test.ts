// Redis restarted without persistence under traffic (two workers and two web processes): the link drops and
// Redis comes back empty (every key of the deployment gone). The workers put the job schedules back and the
// jobs run again, the published snapshot is stored again so a web process started afterwards serves it,
// readiness tells the truth throughout, and PostgreSQL keeps every acknowledged write.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signUp, type Account } from './support/api';
import { startAppProcess, stopAppProcess, type AppProcess } from './support/app-process';
import { skipReason, startBacking, type Backing } from './support/backing';
import { deleteKeys } from './support/redis-keys';
import { exitsText, problemsOf, proved, seconds, sleep, uncleanExits } from './support/report';
import { startScaledSet, trafficOn, type ScaledSet } from './support/scaled-set';
import { statusCounts, type Sample } from './support/traffic';
import { checkWrites } from './support/writes';

/** The deployment's keys (server.ts uses the default prefix). */
const PREFIX = 'goldroute';
/** MARKET_POLL_MINUTES: the market refresh every minute (demo billing also runs every minute). */
const POLL_MINUTES = 1;
/** Jobs of a one-minute period: each must have run again within the bound. */
const MINUTE_JOBS = ['refresh-market-us', 'refresh-market-eu', 'demo-billing'];
/** Every job of the set, whose BullMQ scheduler must be back in Redis. */
const ALL_JOBS = [
  ...MINUTE_JOBS,
  'watch-market-us',
  'watch-market-eu',
  'poll-token-us',
  'poll-token-eu',
  'purge',
  'deliver-alerts-us',
  'deliver-alerts-eu',
];
/** The bound: jobs running again, and no caller answered 503, within 2 minutes of the flush. */
const RESUME_BOUND_MS = 120_000;
/** Watched a little past the bound, so a failure says how long it stayed broken. */
const WATCH_MS = RESUME_BOUND_MS + 30_000;
/** Like a restart: the link is down this long, then Redis answers again, empty. */
const DOWN_MS = 1_000;

if (skipReason) console.log(skipReason);

/** Polls `probe` until it holds: the ms from `from` until then, or null when it did not within `timeoutMs` of `from`. */
async function msUntil(probe: () => Promise<boolean>, from: number, timeoutMs: number, everyMs = 500) {
  for (;;) {
    if (await probe()) return Date.now() - from;
    if (Date.now() - from > timeoutMs) return null;
    await sleep(everyMs);
  }
}

/** The longest stretch of non-200 answers in a row from one process, in ms (0 when every call was 200). */
function longestFailing(samples: readonly Sample[]): number {
  let longest = 0;
  let since: number | undefined;
  for (const s of [...samples].sort((a, b) => a.start - b.start)) {
    if (s.status === 200) since = undefined;
    else longest = Math.max(longest, s.end - (since ??= s.start));
  }
  return longest;
}

const describeStopped = (ms: number | null) =>
  ms === null ? `not within ${seconds(WATCH_MS)}` : seconds(ms);

describe.skipIf(!!skipReason)('Redis flushed (restarted without persistence)', () => {
  let backing: Backing;
  let set: ScaledSet;
  let late: AppProcess | undefined;
  let admin: Account;
  const env = () => ({
    DATABASE_URL: backing.databaseUrl,
    REDIS_URL: backing.redisUrl,
    MARKET_POLL_MINUTES: String(POLL_MINUTES),
  });

  beforeAll(async () => {
    backing = await startBacking();
    set = await startScaledSet(backing, { workers: 2, env: { MARKET_POLL_MINUTES: String(POLL_MINUTES) } });
    admin = await signUp(set.webs[0]?.baseUrl ?? '', backing.query, { subscriber: false, label: 'admin' });
    await backing.query(`update users set role = 'admin' where id = $1`, [admin.userId]);
  });
  afterAll(async () => {
    if (late) await stopAppProcess(late);
    await set?.close();
    await backing?.close();
  });

  /** Jobs whose last run (the job table in PostgreSQL) started after `since`. */
  async function ranSince(since: number): Promise<string[]> {
    const rows = await backing.query<{ name: string }>(
      `select name from job_runs where started_at > to_timestamp($1::double precision / 1000)`,
      [since],
    );
    return rows.map((r) => r.name);
  }
  const schedulersIn = async () => {
    const present = await Promise.all(
      ALL_JOBS.map(async (job) => (await backing.redis.zcard(`${PREFIX}:jobs:${job}:repeat`)) > 0),
    );
    return ALL_JOBS.filter((_, i) => present[i]);
  };

  it('resumes the jobs, stores the snapshot again and serves a new web process within 2 minutes; nothing lost', async () => {
    onTestFailed(() => console.log(problemsOf([...set.workers, ...set.webs, ...(late ? [late] : [])])));
    const traffic = trafficOn(set);
    let samples: Sample[];
    let flushedAt = 0;
    let deleted: number | undefined;
    let lateRealms: { at: number; status: number; error: unknown }[] = [];
    const back: Record<'jobs' | 'firstRun' | 'schedulers' | 'snapshot' | 'lateWeb', number | null> = {
      jobs: null,
      firstRun: null,
      schedulers: null,
      snapshot: null,
      lateWeb: null,
    };
    try {
      await sleep(2_000);
      // A restart without persistence: the link drops, and Redis answers again with none of the keys.
      await backing.redisProxy.cut('refuse');
      try {
        deleted = await deleteKeys(backing.redis, `${PREFIX}:*`);
        await sleep(DOWN_MS);
      } finally {
        await backing.redisProxy.restore();
      }
      flushedAt = Date.now();
      // A web process started now (it listens some seconds later) must serve once the snapshot is back.
      const lateStarting = startAppProcess('web 3', { ...env(), PROCESS_ROLE: 'web' }).then(
        (p) => (late = p),
      );
      const lateServes = async () => {
        if (!late) return false;
        const answer = await call(late.baseUrl, 'GET', '/shared/data/realms/us');
        lateRealms.push({ at: Date.now(), status: answer.status, error: answer.body.error });
        return answer.status === 200;
      };
      const ran = async () => ranSince(flushedAt);
      [back.jobs, back.firstRun, back.schedulers, back.snapshot, back.lateWeb] = await Promise.all([
        msUntil(
          async () => {
            const names = await ran();
            return MINUTE_JOBS.every((j) => names.includes(j));
          },
          flushedAt,
          WATCH_MS,
        ),
        msUntil(async () => (await ran()).length > 0, flushedAt, WATCH_MS),
        msUntil(async () => (await schedulersIn()).length === ALL_JOBS.length, flushedAt, WATCH_MS),
        msUntil(async () => (await backing.redis.exists(`${PREFIX}:snapshot:us`)) === 1, flushedAt, WATCH_MS),
        lateStarting.then(() => msUntil(lateServes, flushedAt, WATCH_MS)),
      ]);
      // A little traffic once everything is back: the webs serve it as before.
      await sleep(3_000);
    } finally {
      samples = await traffic.stop();
    }
    lateRealms = lateRealms.filter((r) => r.at >= flushedAt);

    // Jobs: every scheduler is back in Redis, and each one-minute job ran again (recorded in PostgreSQL).
    expect(
      back.firstRun,
      `no job ran again: jobs stopped for ${describeStopped(back.firstRun)}`,
    ).not.toBeNull();
    expect(back.jobs, `jobs stopped for ${describeStopped(back.jobs)}`).not.toBeNull();
    expect(back.jobs ?? Infinity).toBeLessThan(RESUME_BOUND_MS);
    expect(await schedulersIn()).toEqual(ALL_JOBS);
    // Each put back once, by one of the two workers (both saw Redis return): no schedule doubled.
    const restored = set.workers.flatMap((w) =>
      w.logged(/^job scheduler restored/).map((l) => String(l.job)),
    );
    expect(restored.sort()).toEqual([...ALL_JOBS].sort());
    // The published snapshot is stored again, and a web process started after the flush serves it.
    expect(back.snapshot ?? Infinity).toBeLessThan(RESUME_BOUND_MS);
    expect(back.lateWeb ?? Infinity).toBeLessThan(RESUME_BOUND_MS);
    // No caller saw 503 (or any failure) for longer than the bound.
    for (const web of set.webs)
      expect(longestFailing(samples.filter((s) => s.target === web.name))).toBeLessThan(RESUME_BOUND_MS);
    // Readiness: every web is ready again and says no more in public; the admin call shows the new runs.
    for (const web of [...set.webs, late as AppProcess]) {
      const ready = await call(web.baseUrl, 'GET', '/readyz');
      expect({ status: ready.status, body: ready.body }).toEqual({ status: 200, body: { status: 'ready' } });
    }
    const details = await call(set.webs[0]?.baseUrl ?? '', 'GET', '/shared/admin/readiness', {
      token: admin.token,
    });
    expect(details.status).toBe(200);
    const jobs = details.body.jobs as { name: string; lastRunAt: number | null; overdue: boolean }[];
    for (const name of MINUTE_JOBS)
      expect(jobs.find((j) => j.name === name)).toMatchObject({
        overdue: false,
        lastRunAt: expect.any(Number) as unknown,
      });
    expect(
      MINUTE_JOBS.filter(
        (name) => (jobs.find((j) => j.name === name)?.lastRunAt ?? 0) * 1000 < flushedAt - 999,
      ),
    ).toEqual([]);
    expect(details.body.status).toBe('ready');
    // PostgreSQL kept every acknowledged write, each settings row one whole write.
    let acknowledged = 0;
    for (const writer of set.writers) {
      const check = await checkWrites(set.webs[0]?.baseUrl ?? '', writer, samples, set.realmIds);
      expect(check.problems).toEqual([]);
      acknowledged += check.acknowledged;
    }
    expect(acknowledged).toBeGreaterThan(10);

    const lateStatuses = statusCounts(lateRealms.map((r) => ({ status: r.status }) as Sample));
    proved(
      'redis flushed (restarted empty)',
      `${deleted ?? 0} keys of the deployment deleted while the link was down ${seconds(DOWN_MS)}; after it: the job schedulers back in Redis in ${describeStopped(back.schedulers)}, the first job run in ${describeStopped(back.firstRun)}, every one-minute job (${MINUTE_JOBS.join(', ')}) run again in ${describeStopped(back.jobs)} (bound ${seconds(RESUME_BOUND_MS)}); the US snapshot stored again in ${describeStopped(back.snapshot)}; a web process started after the flush served the realm list ${describeStopped(back.lateWeb)} after it (its answers meanwhile: ${lateStatuses}); the webs answered ${samples.length} calls (${statusCounts(samples)}), longest failing stretch ${seconds(Math.max(...set.webs.map((w) => longestFailing(samples.filter((s) => s.target === w.name)))))}; /readyz 200 {"status":"ready"} on all three webs; ${acknowledged} writes acknowledged, all in PostgreSQL`,
    );
  });

  it('stops every process cleanly on SIGTERM afterwards', async () => {
    const stopped = (await Promise.all([...(late ? [stopAppProcess(late)] : []), set.close()])).flat();
    late = undefined;
    expect(uncleanExits(stopped)).toEqual([]);
    proved('redis flushed (shutdown after)', exitsText(stopped));
  });
});
