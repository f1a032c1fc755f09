// A worker killed with SIGKILL in the middle of an ingest (two workers and two web processes on PostgreSQL
// + Redis): the other worker takes the job over and finishes it; no partial snapshot is ever handed over.
import { decodeSnapshot } from '@goldroute/market';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signUp } from './support/api';
import { startAppProcess, stopAppProcess, type AppChild, type AppProcess } from './support/app-process';
import { skipReason, startBacking, type Backing } from './support/backing';
import { problemsOf, proved, seconds, sleep, timeUntil } from './support/report';
import { readJobRow, untilFinishedBy, workerKillEnv } from './support/job-runs';
import { waitUntilServing } from './support/scaled-set';
import { startTraffic, statusCounts } from './support/traffic';

const JOB = 'refresh-market-us';
/** Short holds, so the takeover comes within about 2 × this (the default is 30 s). */
const STALL_SECONDS = 5;
/** A region of 'small' takes seconds to fetch and ingest: time to kill the worker in the middle. */
const SIZE = 'small';
/**
 * How far into its run the worker is killed: a run of 'small' takes about 2 s here (all realms fetched and
 * ingested, then the snapshot published), so this lands among the dumps, long before the publish.
 */
const KILL_INTO_RUN_MS = 400;

if (skipReason) console.log(skipReason);

describe.skipIf(!!skipReason)('worker killed with SIGKILL during an ingest', () => {
  let backing: Backing;
  const children: AppChild[] = [];
  /** Stops the snapshot sampling, if a case left it running. */
  let stopSampling = async () => undefined as unknown;

  beforeAll(async () => {
    backing = await startBacking();
  });
  afterAll(async () => {
    await stopSampling();
    await Promise.all(children.map((p) => stopAppProcess(p)));
    await backing?.close();
  });

  /** The job's row in the shared job table. */
  const jobRow = () => readJobRow(backing, JOB);

  /** Reads the snapshot every web would receive, from Redis, until stopped: decoded and checked. */
  function sampleSnapshots() {
    const whole: number[] = [];
    const partial: string[] = [];
    let sampling = true;
    const done = (async () => {
      while (sampling) {
        const data = await backing.redis.hgetBuffer('goldroute:snapshot:us', 'data');
        if (data) {
          try {
            const s = decodeSnapshot(data);
            const withData = s.realmHasData.reduce((n, v) => n + (v ? 1 : 0), 0);
            if (withData === s.realms.length) whole.push(s.realms.length);
            else partial.push(`${withData}/${s.realms.length} realms with data`);
          } catch (err) {
            partial.push(`unreadable: ${String(err)}`);
          }
        }
        await sleep(100);
      }
    })();
    return {
      stop: async () => {
        sampling = false;
        await done;
        return { whole, partial };
      },
    };
  }

  it('hands the job to the other worker, which finishes it; every snapshot handed over is whole', async () => {
    const env = workerKillEnv(backing, STALL_SECONDS, SIZE);
    onTestFailed(() => console.log(problemsOf(children)));
    const snapshots = sampleSnapshots();
    stopSampling = snapshots.stop;
    // Both workers start together; the first run of the job (fetching and ingesting every realm) goes to one.
    const workers: AppChild[] = [];
    const starting = ['worker 1', 'worker 2'].map((name) =>
      startAppProcess(name, { ...env, PROCESS_ROLE: 'worker' }, (w) => {
        workers.push(w);
        children.push(w);
      }).catch((err: unknown) => err as Error),
    );

    // Once the job record says a worker runs it, that worker is killed a moment into the run.
    let victim: AppChild | undefined;
    await timeUntil(
      async () => {
        const row = await jobRow();
        victim = row?.running ? workers.find((w) => row.ran_by.endsWith(`:${w.pid}`)) : undefined;
        return !!victim;
      },
      120_000,
      10,
    );
    if (!victim) throw new Error('no worker ran the job');
    await sleep(KILL_INTO_RUN_MS);
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    await victim.exited;
    const survivor = workers.find((w) => w !== victim) as AppChild;
    const killedRow = await jobRow();
    // Killed during the run: the record still says running, and the victim handed no US snapshot over.
    expect(killedRow?.running).toBe(true);
    expect(victim.logged(/^market snapshot (published|shared)$/).filter((l) => l.region === 'us')).toEqual(
      [],
    );

    await Promise.all(starting);
    const webs = await Promise.all(
      ['web 1', 'web 2'].map((name) =>
        startAppProcess(name, { ...env, PROCESS_ROLE: 'web' }, (w) => children.push(w)),
      ),
    );
    const web1 = webs[0] as AppProcess;
    // Traffic on the webs once the survivor's snapshot is there.
    const reader = await signUp(web1.baseUrl, backing.query, { subscriber: true, label: 'reader' });
    const writers = [];
    for (const w of webs)
      writers.push(await signUp(w.baseUrl, backing.query, { subscriber: true, label: 'writer' }));
    await untilFinishedBy(backing, JOB, survivor.pid);
    const finishedMs = ((await jobRow())?.finished?.getTime() ?? Infinity) - killedAt;
    await Promise.all(webs.map((w) => waitUntilServing(w, 60_000)));
    const realms = await call(web1.baseUrl, 'GET', '/shared/data/realms/us');
    const realmIds = (realms.body as unknown as { id: number }[]).map((r) => r.id);
    const traffic = startTraffic({ targets: webs, reader, writers, realmIds });
    await sleep(4_000);
    const samples = await traffic.stop();
    const { whole, partial } = await snapshots.stop();

    // The job record every process reads (the admin readiness call shows it): finished, by the survivor,
    // after the BullMQ takeover.
    const job = await jobRow();
    expect(job?.running).toBe(false);
    expect(job?.ok).toBe(true);
    expect(job?.ran_by.endsWith(`:${survivor.pid}`)).toBe(true);
    expect(survivor.logged(/^job stalled/).some((l) => l.job === JOB)).toBe(true);
    expect(finishedMs).toBeLessThan(4 * STALL_SECONDS * 1000 + 30_000);
    // Nothing partial handed over: every snapshot read from Redis decoded, with data for every realm.
    expect(partial).toEqual([]);
    expect(whole.length).toBeGreaterThan(0);
    expect(new Set(whole)).toEqual(new Set([realmIds.length]));
    expect(samples.filter((s) => s.status !== 200).map((s) => `${s.kind} ${s.status}`)).toEqual([]);

    proved(
      'worker SIGKILL mid-ingest',
      `${victim.name} killed ${KILL_INTO_RUN_MS} ms into its ${JOB} run (size ${SIZE}: its record still running, no US snapshot published); ${survivor.name} took the stalled job over and finished it ${seconds(finishedMs)} after the kill (JOB_STALL_SECONDS=${STALL_SECONDS}; job record: ok, ranBy ${job?.ran_by}); ${whole.length} reads of the snapshot in Redis, all whole (${realmIds.length}/${realmIds.length} realms with data), none partial or unreadable; the webs then served ${statusCounts(samples)}`,
    );
  });
});
