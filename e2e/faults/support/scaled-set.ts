// The scaled deployment under test: worker(s) and two web processes on PostgreSQL + Redis, each reached
// through the backing's proxies, plus the accounts and realm ids the traffic needs.
import { call, signUp, type Account } from './api';
import { startAppProcess, stopAppProcess, type AppProcess, type Stopped } from './app-process';
import type { Backing } from './backing';
import { startTraffic, type Traffic } from './traffic';

const SERVING_TIMEOUT_MS = 180_000;

export interface ScaledSet {
  workers: AppProcess[];
  webs: AppProcess[];
  /** A subscriber for the market calls, and one writer per web process (subscribers too: favorites). */
  reader: Account;
  writers: Account[];
  realmIds: number[];
  /** SIGTERM to every process; how each exited. */
  close(): Promise<Stopped[]>;
}

/** The set's mixed traffic: every call kind on both webs, by its reader and the given writers. */
export function trafficOn(set: ScaledSet, writers: Account[] = set.writers): Traffic {
  return startTraffic({ targets: set.webs, reader: set.reader, writers, realmIds: set.realmIds });
}

/** Waits until the process answers the US realm list and the market timer with a snapshot. */
export async function waitUntilServing(p: AppProcess, timeoutMs = SERVING_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [realms, timer] = await Promise.all([
      call(p.baseUrl, 'GET', '/shared/data/realms/us'),
      call(p.baseUrl, 'GET', '/shared/data/timer/us'),
    ]);
    if (realms.status === 200 && timer.status === 200 && Number(timer.body.lastModified) > 0) return;
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited\n${p.tail()}`);
    if (Date.now() > deadline)
      throw new Error(
        `${p.name} is not serving: realms ${realms.status}, timer ${timer.status}\n${p.tail()}`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}

export async function startScaledSet(
  backing: Backing,
  options: { workers?: number; env?: Record<string, string> } = {},
): Promise<ScaledSet> {
  const env = { DATABASE_URL: backing.databaseUrl, REDIS_URL: backing.redisUrl, ...options.env };
  const started: AppProcess[] = [];
  const close = () => Promise.all(started.map((p) => stopAppProcess(p)));
  try {
    const workers: AppProcess[] = [];
    // One after another: the first creates the schedules (and runs the first refresh), the next join it.
    for (let i = 1; i <= (options.workers ?? 1); i++) {
      const worker = await startAppProcess(`worker ${i}`, { ...env, PROCESS_ROLE: 'worker' });
      started.push(worker);
      workers.push(worker);
    }
    const webs = await Promise.all(
      ['web 1', 'web 2'].map((name) => startAppProcess(name, { ...env, PROCESS_ROLE: 'web' })),
    );
    started.push(...webs);
    await Promise.all(webs.map((w) => waitUntilServing(w)));
    const web = webs[0] as AppProcess;
    const realms = await call(web.baseUrl, 'GET', '/shared/data/realms/us');
    const realmIds = (realms.body as unknown as { id: number }[]).map((r) => r.id);
    const reader = await signUp(web.baseUrl, backing.query, { subscriber: true, label: 'reader' });
    const writers = [];
    for (const w of webs)
      writers.push(await signUp(w.baseUrl, backing.query, { subscriber: true, label: 'writer' }));
    return { workers, webs, reader, writers, realmIds, close };
  } catch (err) {
    await close();
    throw err;
  }
}
