// Redis cut for 10 s under traffic (a worker and two web processes): the webs keep serving their last
// snapshot and logged-in users, rate limits count per process meanwhile, and the hand-over, invalidation
// and job queues work again once Redis is back.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { call, signUp, type Account } from './support/api';
import type { AppProcess } from './support/app-process';
import { skipReason, startBacking, type Backing } from './support/backing';
import { exitsText, problemsOf, proved, seconds, sleep, timeUntil, uncleanExits } from './support/report';
import { startScaledSet, trafficOn, type ScaledSet } from './support/scaled-set';
import { settingsFor, seqOf, slowest, statusCounts, type Sample } from './support/traffic';
import type { CutMode } from './support/tcp-proxy';

const CUT_MS = 10_000;
/** Calls that need no Redis must not notice it is gone: each answered well within this. */
const ANSWER_BOUND_MS = 2_000;
/** Working together again once Redis is back: ioredis retries at most 2 s apart. */
const RESUME_BOUND_MS = 5_000;
/** users/account.routes.ts: forgot-password allows 3 calls per account an hour. */
const FORGOT_PER_ACCOUNT = 3;

if (skipReason) console.log(skipReason);

describe.skipIf(!!skipReason)('Redis cut', () => {
  let backing: Backing;
  let set: ScaledSet;
  let web1: AppProcess;
  let web2: AppProcess;
  /** Changes settings on one web and reads them on the other; refreshes its session during the cuts. */
  let checker: Account;
  let admin: Account;

  beforeAll(async () => {
    backing = await startBacking();
    set = await startScaledSet(backing, { env: { TRUST_PROXY: '127.0.0.1' } });
    [web1, web2] = set.webs as [AppProcess, AppProcess];
    checker = await signUp(web1.baseUrl, backing.query, { subscriber: true, label: 'checker' });
    admin = await signUp(web1.baseUrl, backing.query, { subscriber: false, label: 'admin' });
    await backing.query(`update users set role = 'admin' where id = $1`, [admin.userId]);
  });
  afterAll(async () => {
    await set?.close();
    await backing?.close();
  });

  let clients = 0;
  /**
   * Forgot-password for one new address: FORGOT_PER_ACCOUNT + 1 calls on web 1, then one on web 2, from a
   * client address of its own (the per-address limit stays out of the way; the webs trust the loopback).
   */
  async function limitsOf(label: string) {
    const email = `${label}-${Date.now()}@faults.test`;
    const headers = { 'x-forwarded-for': `192.0.2.${++clients}` };
    const forgot = (web: AppProcess) =>
      call(web.baseUrl, 'POST', '/shared/users/forgot-password', { body: { email }, headers }).then(
        (a) => a.status,
      );
    const first: number[] = [];
    for (let i = 0; i <= FORGOT_PER_ACCOUNT; i++) first.push(await forgot(web1));
    return { web1: first, web2: await forgot(web2) };
  }

  /** Reads the checker's profile on web 2 (kept there 5 s), changes its settings on web 1, reads web 2 again. */
  async function invalidation(seq: number) {
    await call(web2.baseUrl, 'GET', '/shared/users/profile', { token: checker.token });
    const saved = await call(web1.baseUrl, 'PUT', '/shared/users/settings', {
      token: checker.token,
      body: settingsFor(seq, set.realmIds),
    });
    await sleep(300);
    const read = await call(web2.baseUrl, 'GET', '/shared/users/profile', { token: checker.token });
    const user = read.body.user as { retailBuyingRealmsUS: number[]; retailSellingRealmsUS: number[] };
    const seen = seqOf(user.retailBuyingRealmsUS, user.retailSellingRealmsUS, set.realmIds, [seq]);
    return { saved: saved.status, fresh: seen === seq };
  }

  const received = (web: AppProcess) => web.logged(/^market snapshot received$/).length;
  const lastModifiedOf = (samples: Sample[]) =>
    new Set(samples.filter((s) => s.kind === 'timer').map((s) => s.body.lastModified));

  /** Cuts Redis for CUT_MS and makes the calls that tell what works meanwhile; the link always comes back. */
  async function duringCut(mode: CutMode) {
    const cutAt = Date.now();
    await backing.redisProxy.cut(mode);
    try {
      await sleep(500);
      const limitsDuring = await limitsOf(`during-${mode}`);
      const refreshed = await call(web2.baseUrl, 'POST', '/shared/users/refresh-token', {
        body: { refreshToken: checker.refreshToken },
      });
      const login = await call(web1.baseUrl, 'POST', '/shared/users/login', {
        body: { email: checker.email, password: checker.password },
      });
      const staleDuring = await invalidation(2);
      await sleep(CUT_MS - (Date.now() - cutAt));
      return { cutAt, backAt: Date.now(), limitsDuring, refreshed, login, staleDuring };
    } finally {
      await backing.redisProxy.restore();
    }
  }

  /** What works again once Redis is back, and how soon. */
  async function afterCut(backAt: number) {
    // Every process says it is back (all its connections ready, so subscribed again): a message sent
    // before that is lost to it (pub/sub), which is why it reads the stored snapshots again then.
    const processes = [...set.workers, ...set.webs];
    const caughtUpMs = await timeUntil(
      async () => processes.every((p) => p.logged(/^Redis is back/).some((l) => Number(l.time) >= backAt)),
      RESUME_BOUND_MS,
    );
    // A settings change reaches the other web again, and the limits are shared again.
    let seq = 3;
    let freshAfter = { saved: 0, fresh: false };
    const busBackMs = await timeUntil(
      async () => (freshAfter = await invalidation(seq++)).fresh,
      RESUME_BOUND_MS,
      250,
    );
    let limitsAfter = { web1: [0], web2: 0 };
    const limitsBackMs = await timeUntil(
      async () => (limitsAfter = await limitsOf(`after-${Date.now()}`)).web2 === 429,
      RESUME_BOUND_MS,
      250,
    );
    // Hand-over and job queue: an admin's TSM refresh runs as a job on the worker, whose new snapshot
    // reaches both webs.
    const receivedBefore = set.webs.map(received);
    const handOver = await call(web1.baseUrl, 'GET', '/shared/data/tsm/refresh/us', {
      token: admin.token,
      deadlineMs: 60_000,
    });
    const handOverMs = await timeUntil(
      async () => set.webs.every((w, i) => received(w) > (receivedBefore[i] ?? 0)),
      30_000,
    );
    return { caughtUpMs, busBackMs, freshAfter, limitsBackMs, limitsAfter, handOver, handOverMs };
  }

  it.each(['refuse', 'hold'] as CutMode[])(
    'keeps serving through a 10 s cut (%s), limits per process, and works together again once Redis is back',
    async (mode) => {
      onTestFailed(() => console.log(problemsOf([...set.workers, ...set.webs])));
      const traffic = trafficOn(set);
      let cut: Awaited<ReturnType<typeof duringCut>>;
      let back: Awaited<ReturnType<typeof afterCut>>;
      try {
        await sleep(2_000);
        expect(await invalidation(1)).toEqual({ saved: 200, fresh: true });
        cut = await duringCut(mode);
        back = await afterCut(cut.backAt);
      } finally {
        // Whatever failed, the traffic stops: the next case starts clean.
        await traffic.stop();
      }
      const { cutAt, backAt, limitsDuring, refreshed, login, staleDuring } = cut;
      const { caughtUpMs, busBackMs, freshAfter, limitsBackMs, limitsAfter, handOver, handOverMs } = back;
      const samples = traffic.samples;

      // Served throughout: every call of the traffic answered 200, quickly, from the snapshot held before.
      const during = samples.filter((s) => s.end >= cutAt && s.start < backAt);
      expect(
        during.filter((s) => s.status !== 200).map((s) => `${s.kind} ${s.status} ${s.failure ?? ''}`),
      ).toEqual([]);
      expect(
        during.filter((s) => s.ms >= ANSWER_BOUND_MS).map((s) => `${s.kind} on ${s.target} ${seconds(s.ms)}`),
      ).toEqual([]);
      for (const web of set.webs) {
        const held = samples.filter((s) => s.target === web.name && s.end < cutAt);
        const last = [...lastModifiedOf(held)].pop();
        expect(lastModifiedOf(during.filter((s) => s.target === web.name))).toEqual(new Set([last]));
      }
      // Sessions: a refresh works, and so does a new login (its throttle counts in the process meanwhile).
      expect(refreshed.status).toBe(200);
      checker.refreshToken = String(refreshed.body.refreshToken);
      expect(login.status).toBe(200);
      expect(login.ms).toBeLessThan(ANSWER_BOUND_MS);
      // Rate limits: counted by each process alone while Redis is gone, shared again once it is back.
      expect(limitsDuring).toEqual({ web1: [200, 200, 200, 429], web2: 200 });
      expect(limitsAfter).toEqual({ web1: [200, 200, 200, 429], web2: 429 });
      // Invalidation: lost while Redis is gone (web 2 keeps its 5 s view), immediate again once it is back.
      expect(staleDuring).toEqual({ saved: 200, fresh: false });
      expect(freshAfter).toEqual({ saved: 200, fresh: true });
      expect(handOver.status).toBe(200);

      proved(
        `redis cut 10 s (${mode === 'refuse' ? 'connections refused' : 'connections held silent'})`,
        `${during.length} calls of logged-in users during the cut: ${statusCounts(during)}, slowest ${seconds(slowest(during))}, each web on the snapshot it held; token refresh 200, new login 200 in ${seconds(login.ms)}; forgot-password limit (3/account) counted per process: web 1 ${limitsDuring.web1.join(',')} then web 2 ${limitsDuring.web2}, shared again after: web 1 ${limitsAfter.web1.join(',')} then web 2 ${limitsAfter.web2}; a settings change reached the other web: during the cut no, again ${seconds(busBackMs)} after every process was back (${seconds(caughtUpMs)} after Redis returned; limits shared again ${seconds(limitsBackMs)} later); an admin TSM refresh ran as a job and its snapshot reached both webs ${seconds(handOverMs)} after its answer`,
      );
    },
  );
  it('stops every process cleanly on SIGTERM afterwards', async () => {
    const stopped = await set.close();
    expect(uncleanExits(stopped)).toEqual([]);
    proved('redis cut (shutdown after)', exitsText(stopped));
  });
});
