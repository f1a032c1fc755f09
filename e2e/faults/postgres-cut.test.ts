// PostgreSQL cut under traffic (a worker and two web processes), for 5 s (refused, then silent) and for 30 s
// (silent): calls fail fast with a clear 503, recover on their own once the link is back, and every
// acknowledged write is there afterwards, whole.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signUp, type Account } from './support/api';
import { skipReason, startBacking, type Backing } from './support/backing';
import { exitsText, problemsOf, proved, seconds, sleep, timeUntil, uncleanExits } from './support/report';
import { startScaledSet, trafficOn, type ScaledSet } from './support/scaled-set';
import { slowest, statusCounts, type Sample } from './support/traffic';
import { checkWrites } from './support/writes';
import type { CutMode } from './support/tcp-proxy';

/** plugins/unavailable.ts: what a caller reads while the database is out of reach. */
const UNAVAILABLE = 'The service is briefly unavailable. Please try again in a few seconds.';
const CUT_MS = 5_000;
/** The long cut: many times the pool's 3 s connect timeout, so every call meets a connect that hangs. */
const LONG_CUT_MS = 30_000;
/** The bounds held: an answer within 5 s during the cut, serving again within 5 s of the link's return. */
const ANSWER_BOUND_MS = 5_000;
const RECOVERY_BOUND_MS = 5_000;

if (skipReason) console.log(skipReason);

/**
 * The calls a cut touched: no call hung (status 0 is a deadline passed or a dropped connection), each was
 * answered within 5 s, with 200 or the clear 503. Returns the 503s.
 */
function expectAnsweredClearly(touched: Sample[]): Sample[] {
  const unavailable = touched.filter((s) => s.status === 503);
  expect(touched.filter((s) => s.status === 0).map((s) => s.failure)).toEqual([]);
  expect(slowest(touched)).toBeLessThan(ANSWER_BOUND_MS);
  expect(
    touched.filter((s) => s.status !== 200 && s.status !== 503).map((s) => `${s.kind} ${s.status}`),
  ).toEqual([]);
  expect(new Set(unavailable.map((s) => s.body.error))).toEqual(new Set([UNAVAILABLE]));
  return unavailable;
}

describe.skipIf(!!skipReason)('PostgreSQL cut', () => {
  let backing: Backing;
  let set: ScaledSet;
  const samples: Sample[] = [];
  /** Every account whose writes `samples` holds (a traffic run numbers its writes from 1: one set per run). */
  const writers: Account[] = [];

  beforeAll(async () => {
    backing = await startBacking();
    set = await startScaledSet(backing);
    writers.push(...set.writers);
  });
  afterAll(async () => {
    await set?.close();
    await backing?.close();
  });

  /** Cuts the link for `ms` under traffic; returns the window and how long the webs took to serve again. */
  async function cut(mode: CutMode, ms = CUT_MS) {
    const cutAt = Date.now();
    await backing.pgProxy.cut(mode);
    try {
      await sleep(ms);
    } finally {
      await backing.pgProxy.restore();
    }
    const backAt = Date.now();
    // /readyz pings the database: each web answers it again once its pool has a working connection.
    const recovery = await Promise.all(
      set.webs.map((w) =>
        timeUntil(
          async () => (await call(w.baseUrl, 'GET', '/readyz', { deadlineMs: 2_000 })).status === 200,
          30_000,
        ),
      ),
    );
    return { cutAt, backAt, recoveredMs: Math.max(...recovery) };
  }

  it('answers within 5 s with a clear 503 while the link is cut (refused, then silent), and recovers by itself', async () => {
    onTestFailed(() => console.log(problemsOf([...set.workers, ...set.webs])));
    const traffic = trafficOn(set);
    const windows = [];
    try {
      await sleep(3_000);
      for (const mode of ['refuse', 'hold'] as const) {
        windows.push({ mode, ...(await cut(mode)) });
        // Time for every web to settle, then a stretch of traffic that must be all 200.
        await sleep(RECOVERY_BOUND_MS + 3_000);
      }
    } finally {
      samples.push(...(await traffic.stop()));
    }

    for (const w of windows) {
      // Every call the cut could touch: begun during it, or still running when it began.
      const touched = samples.filter((s) => s.end >= w.cutAt && s.start < w.backAt);
      const unavailable = expectAnsweredClearly(touched);
      // The cut was real: the writes, which need the database, were refused.
      expect(
        unavailable.filter((s) => s.kind === 'settings' || s.kind === 'favorite').length,
      ).toBeGreaterThan(0);
      expect(w.recoveredMs).toBeLessThan(RECOVERY_BOUND_MS);
      const after = samples.filter(
        (s) => s.start >= w.backAt + RECOVERY_BOUND_MS && s.start < w.backAt + RECOVERY_BOUND_MS + 3_000,
      );
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((s) => s.status !== 200).map((s) => `${s.kind} ${s.status}`)).toEqual([]);
      proved(
        `postgres cut 5 s (${w.mode === 'refuse' ? 'connections refused' : 'connections held silent'})`,
        `${touched.length} calls during the cut answered ${statusCounts(touched)} (503 = "${UNAVAILABLE}"), slowest ${seconds(slowest(touched))} (bound 5 s), no 500, no hang; both webs served the database again ${seconds(w.recoveredMs)} after the link returned (bound 5 s); the ${after.length} calls after that all 200`,
      );
    }
  });

  it('answers every call within 5 s for 30 s of a silent link, with the clear 503, and recovers by itself', async () => {
    onTestFailed(() => console.log(problemsOf([...set.workers, ...set.webs])));
    const own = [];
    for (const web of set.webs)
      own.push(await signUp(web.baseUrl, backing.query, { subscriber: true, label: 'long-cut-writer' }));
    writers.push(...own);
    const traffic = trafficOn(set, own);
    let w;
    const from = samples.length;
    try {
      await sleep(3_000);
      w = await cut('hold', LONG_CUT_MS);
      await sleep(RECOVERY_BOUND_MS + 3_000);
    } finally {
      samples.push(...(await traffic.stop()));
    }
    const mine = samples.slice(from);
    const touched = mine.filter((s) => s.end >= w.cutAt && s.start < w.backAt);
    const unavailable = expectAnsweredClearly(touched);
    // All along the cut, not only at its start: writes were refused in its last 10 s too.
    const late = unavailable.filter((s) => s.start >= w.backAt - 10_000);
    expect(late.filter((s) => s.kind === 'settings' || s.kind === 'favorite').length).toBeGreaterThan(0);
    expect(w.recoveredMs).toBeLessThan(RECOVERY_BOUND_MS);
    const after = mine.filter((s) => s.start >= w.backAt + RECOVERY_BOUND_MS);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((s) => s.status !== 200).map((s) => `${s.kind} ${s.status}`)).toEqual([]);
    proved(
      'postgres cut 30 s (connections held silent)',
      `${touched.length} calls during the cut answered ${statusCounts(touched)} (503 = "${UNAVAILABLE}"), slowest ${seconds(slowest(touched))} (bound 5 s), no 500, no hang, writes refused until its last seconds (${late.length} 503s in its last 10 s); both webs served the database again ${seconds(w.recoveredMs)} after the link returned (bound 5 s); the ${after.length} calls after that all 200`,
    );
  });

  it('keeps every acknowledged write, and no write half applied', async () => {
    let acknowledged = 0;
    let unacknowledged = 0;
    for (const writer of writers) {
      const check = await checkWrites(set.webs[0]?.baseUrl ?? '', writer, samples, set.realmIds);
      expect(check.problems).toEqual([]);
      acknowledged += check.acknowledged;
      unacknowledged += check.unacknowledged;
    }
    expect(acknowledged).toBeGreaterThan(20);
    expect(unacknowledged).toBeGreaterThan(0);
    proved(
      'postgres cut 5 s and 30 s (writes)',
      `${acknowledged} writes acknowledged by ${writers.length} writers over the three cuts (settings and favorites): all there afterwards; each settings row holds one whole write, the last acknowledged or a later one; the ${unacknowledged} writes refused or cut off left nothing or all`,
    );
  });
  it('stops every process cleanly on SIGTERM afterwards', async () => {
    const stopped = await set.close();
    expect(uncleanExits(stopped)).toEqual([]);
    proved('postgres cut (shutdown after)', exitsText(stopped));
  });
});
