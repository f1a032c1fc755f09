// A worker killed with SIGKILL while it hands a new snapshot over (its upload to Redis, then the day rows in
// PostgreSQL), two web processes answering all along: no half snapshot is ever stored or served, and the next
// run (another worker, taking the stalled job over) completes the publish.
import { decodeSnapshot, flippingJsonBytes } from '@goldroute/market';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signUp, type Account } from './support/api';
import { startAppProcess, stopAppProcess, type AppChild, type AppProcess } from './support/app-process';
import { skipReason, startBacking, type Backing } from './support/backing';
import { problemsOf, proved, seconds, sleep, timeUntil } from './support/report';
import { readJobRow, untilFinishedBy, workerKillEnv } from './support/job-runs';
import { waitUntilServing } from './support/scaled-set';

const JOB = 'refresh-market-us';
/** Short holds, so the takeover comes within about 2 × this (the default is 30 s). */
const STALL_SECONDS = 5;
/** A region of 'small': its snapshot is a few MB, so its upload takes a few hundred ms here. */
const SIZE = 'small';
/**
 * The job runs every minute. A worker that ran it already finds no new dump (a new one comes every hour)
 * and publishes nothing; a worker that never ran it ingests every realm and publishes.
 */
const POLL_MINUTES = '1';
const SNAPSHOT_KEY = 'goldroute:snapshot:us';
/** Between two answers of a lane: each reader stays under its 120 market calls a minute. */
const ANSWER_PAUSE_MS = 600;
const PUBLISHED = /^market snapshot published$/;
const SHARED = /^market snapshot shared$/;
const isUs = (line: Record<string, unknown>) => line.region === 'us';

if (skipReason) console.log(skipReason);

/** One read of the US snapshot in Redis. */
interface Stored {
  id: string;
  lastModified: number;
  realms: number;
  withData: number;
  /** Items of the flipping answer for the case's search, computed from the stored snapshot itself. */
  items: number;
}

/** One flipping answer of a web process. */
interface Served {
  web: string;
  status: number;
  lastModified?: number;
  items?: number;
}

describe.skipIf(!!skipReason)('worker killed with SIGKILL while it publishes a snapshot', () => {
  let backing: Backing;
  const children: AppChild[] = [];
  const stoppers: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    backing = await startBacking();
  });
  afterAll(async () => {
    for (const stop of stoppers) await stop();
    await Promise.all(children.map((p) => stopAppProcess(p)));
    await backing?.close();
  });

  /** The job's row in the shared job table. */
  const jobRow = () => readJobRow(backing, JOB);

  /**
   * Reads the US snapshot Redis holds every 100 ms until stopped. Each new upload is decoded (whole: every
   * realm with data) and the case's flipping answer is computed from it; a read of the same upload must
   * hold the same bytes.
   */
  function sampleRedis(search: { buyingRealms: number[]; sellingRealms: number[] }) {
    const stored: Stored[] = [];
    const problems: string[] = [];
    let reads = 0;
    let last: { id: string; bytes: number } | undefined;
    let sampling = true;
    const done = (async () => {
      while (sampling) {
        const [id, data] = await backing.redis.hmgetBuffer(SNAPSHOT_KEY, 'id', 'data');
        if (id && data) {
          reads++;
          const upload = id.toString();
          if (last?.id === upload) {
            if (last.bytes !== data.length)
              problems.push(`${upload}: ${data.length} bytes, then ${last.bytes}`);
          } else {
            last = { id: upload, bytes: data.length };
            try {
              const s = decodeSnapshot(data);
              const items = (JSON.parse(Buffer.from(flippingJsonBytes(s, search)).toString()) as unknown[])
                .length;
              const withData = s.realmHasData.reduce((n, v) => n + (v ? 1 : 0), 0);
              stored.push({
                id: upload,
                lastModified: s.lastModified,
                realms: s.realms.length,
                withData,
                items,
              });
            } catch (err) {
              problems.push(`${upload}: unreadable: ${String(err)}`);
            }
          }
        }
        await sleep(100);
      }
    })();
    return {
      stored,
      stop: async () => {
        sampling = false;
        await done;
        return { stored, problems, reads };
      },
    };
  }

  /** Asks each web for its reader's flipping answer, one after another, until stopped. */
  function sampleAnswers(webs: AppProcess[], readers: Account[], realmIds: number[]) {
    const served: Served[] = [];
    let running = true;
    const body = { retailBuyingRealms: realmIds.slice(0, 3), retailSellingRealms: realmIds.slice(3, 6) };
    const lanes = webs.map(async (web, lane) => {
      const reader = readers[lane] as Account;
      while (running) {
        const a = await call(web.baseUrl, 'POST', '/retail/market/ah-data-undercut/us', {
          token: reader.token,
          body,
        });
        const data = a.body.data as { items?: unknown[]; update?: { lastModified?: number } } | undefined;
        served.push({
          web: web.name,
          status: a.status,
          lastModified: data?.update?.lastModified,
          items: data?.items?.length,
        });
        await sleep(ANSWER_PAUSE_MS);
      }
    });
    return {
      stop: async () => {
        running = false;
        await Promise.all(lanes);
        return served;
      },
    };
  }

  /** SIGKILLs the first of `workers` that logs its US publish, as soon as the line is out. */
  async function killAtPublish(workers: AppChild[], timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const w of workers) {
        const line = w.logged(PUBLISHED).find(isUs);
        if (line) {
          w.child.kill('SIGKILL');
          return { victim: w, killedAt: Date.now(), loggedAt: Number(line.time) };
        }
      }
      if (Date.now() > deadline) throw new Error(`no worker published within ${timeoutMs} ms`);
      await sleep(2);
    }
  }

  it('stores and serves only whole snapshots, and the next run completes the publish', async () => {
    const env = { ...workerKillEnv(backing, STALL_SECONDS, SIZE), MARKET_POLL_MINUTES: POLL_MINUTES };
    const worker = (name: string) =>
      startAppProcess(name, { ...env, PROCESS_ROLE: 'worker' }, (w) => children.push(w));
    onTestFailed(() => console.log(problemsOf(children)));

    // Worker 1 publishes the first snapshot; the webs serve it.
    const first = await worker('worker 1');
    await timeUntil(async () => first.logged(SHARED).some(isUs), 150_000, 100);
    const webs = await Promise.all(
      ['web 1', 'web 2'].map((name) =>
        startAppProcess(name, { ...env, PROCESS_ROLE: 'web' }, (w) => children.push(w)),
      ),
    );
    await Promise.all(webs.map((w) => waitUntilServing(w, 60_000)));
    const web1 = webs[0] as AppProcess;
    const realms = await call(web1.baseUrl, 'GET', '/shared/data/realms/us');
    const realmIds = (realms.body as unknown as { id: number }[]).map((r) => r.id);
    const search = { buyingRealms: realmIds.slice(0, 3), sellingRealms: realmIds.slice(3, 6) };
    const redis = sampleRedis(search);
    stoppers.push(redis.stop);
    const readers = [];
    for (const w of webs)
      readers.push(await signUp(w.baseUrl, backing.query, { subscriber: true, label: 'reader' }));
    const answers = sampleAnswers(webs, readers, realmIds);
    stoppers.push(answers.stop);
    await timeUntil(async () => redis.stored.length > 0, 10_000, 100);
    const before = redis.stored[0] as Stored;

    // Two workers that never ran the job join and worker 1 leaves: the next run is theirs, and publishes.
    const fresh = await Promise.all([worker('worker 2'), worker('worker 3')]);
    await stopAppProcess(first);
    const { victim, killedAt, loggedAt } = await killAtPublish(fresh, 120_000);
    await victim.exited;
    const survivor = fresh.find((w) => w !== victim) as AppProcess;
    // Killed during the hand-over: the run not finished, the upload to Redis not done.
    expect((await jobRow())?.running).toBe(true);
    expect(victim.logged(SHARED).filter(isUs)).toEqual([]);

    // The survivor takes the stalled run over: it ingests, publishes, uploads and stores the day rows.
    await untilFinishedBy(backing, JOB, survivor.pid);
    const finishedMs = Date.now() - killedAt;
    expect(survivor.logged(SHARED).some(isUs)).toBe(true);
    expect(survivor.logged(/^job stalled/).some((l) => l.job === JOB)).toBe(true);
    // Every realm's newest day row was written again after the kill (the day rows of one publish, whole).
    const days = await backing.query<{ fresh: string; realms: string }>(
      `select count(*) filter (where updated_at >= to_timestamp($1 / 1000.0)) as fresh, count(*) as realms
       from (select distinct on (realm_id) realm_id, updated_at from market_evidence
             where region = 'us' and realm_id > 0 and day >= 0 order by realm_id, day desc) newest`,
      [killedAt],
    );
    expect(Number(days[0]?.realms)).toBeGreaterThan(0);
    expect(days[0]?.fresh).toBe(days[0]?.realms);
    // The webs take the survivor's snapshot; then a few more answers.
    await timeUntil(async () => redis.stored.some((s) => s.id !== before.id), 10_000, 100);
    await timeUntil(
      async () =>
        webs.every((w) => w.logged(/^market snapshot received$/).some((l) => Number(l.time) > killedAt)),
      10_000,
      100,
    );
    await sleep(2_000);
    const served = await answers.stop();
    const { stored, problems, reads } = await redis.stop();

    // Redis only ever held whole snapshots, each upload the same bytes on every read.
    expect(problems).toEqual([]);
    expect(
      stored.filter((s) => s.withData !== s.realms).map((s) => `${s.id}: ${s.withData}/${s.realms}`),
    ).toEqual([]);
    // Every answer: 200, and its (lastModified, rows) is that of a snapshot Redis held whole.
    const pairs = new Set(stored.map((s) => `${Math.floor(s.lastModified / 1000)}:${s.items}`));
    expect(served.filter((s) => s.status !== 200).map((s) => `${s.web} ${s.status}`)).toEqual([]);
    expect(
      served
        .filter((s) => !pairs.has(`${s.lastModified}:${s.items}`))
        .map((s) => `${s.web}: lastModified ${s.lastModified}, ${s.items} rows`),
    ).toEqual([]);

    proved(
      'worker SIGKILL mid-publish',
      `${victim.name} killed ${killedAt - loggedAt} ms after it logged its US publish (its run still recorded running, its upload to Redis not done); ${survivor.name} took the stalled run over and completed the publish ${seconds(finishedMs)} after the kill (snapshot in Redis and the newest day rows of all ${days[0]?.realms} realms written again); ${reads} reads of Redis held ${stored.length} uploads, all whole and readable; the webs answered ${served.length} flipping calls, all 200, each with the lastModified and rows of a whole snapshot`,
    );
  });
});
