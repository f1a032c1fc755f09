// The processes of the load benchmark: the scaled set (a worker and two web processes on a scratch
// PostgreSQL database and Redis) and the embedded default (one process on PGlite in a temporary
// DATA_DIR). Each is lib/cluster-child.ts in its own child process, so the load generator shares no
// event loop with them; their resident memory is read from /proc.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { withClient } from '@goldroute/server/test-support/pg';
import { call } from './app-server';

const START_TIMEOUT_MS = 15 * 60_000;
const READY_TIMEOUT_MS = 5 * 60_000;
const REPLAY_TIMEOUT_MS = 45 * 60_000;
/** Warnings and errors kept per process, for the report when something went wrong. */
const KEPT_LOG_LINES = 200;

export interface AppProcess {
  /** e.g. "web 1", "worker", "embedded". */
  name: string;
  role: 'all' | 'web' | 'worker';
  child: ChildProcess;
  pid: number;
  port: number;
  /** Start-up to the first refresh done, in ms. */
  startMs: number;
  /** Log lines at warn level and above (JSON), newest last. */
  problems: string[];
  /** The market's log lines about snapshots and the evidence replay, in order. */
  events: MarketEvent[];
}

export interface MarketEvent {
  msg: string;
  region: string;
  /** Unix ms, from the log line. */
  time: number;
}

/** Log messages that say where the market of a process is (region-ingestor.ts, snapshot-relay.ts). */
const MARKET_MESSAGE = /"msg":"(market snapshot|deal evidence replay)/;

/**
 * Starts one app process with `env` on top of the bench's environment, with JSON logs on its stdout
 * (pino-pretty is what a developer's terminal gets, not a server). Resolves once it listens and its
 * first refresh is done.
 */
export function startAppProcess(
  name: string,
  role: AppProcess['role'],
  env: Record<string, string>,
): Promise<AppProcess> {
  const t0 = performance.now();
  const child = fork(fileURLToPath(new URL('./cluster-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, LOG_FORMAT: 'json', PROCESS_ROLE: role, ...env },
  });
  const problems: string[] = [];
  const events: MarketEvent[] = [];
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (MARKET_MESSAGE.test(line)) {
      try {
        const e = JSON.parse(line) as { msg?: string; region?: string; time?: number };
        events.push({ msg: e.msg ?? '', region: e.region ?? '', time: e.time ?? 0 });
      } catch {
        // Not a log line of ours.
      }
    }
    // pino levels: 40 warn, 50 error, 60 fatal.
    if (!/"level":[456]\d/.test(line)) return;
    problems.push(line);
    if (problems.length > KEPT_LOG_LINES) problems.shift();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${name} did not start in time`));
    }, START_TIMEOUT_MS);
    const exited = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${problems.join('\n')}`));
    };
    child.once('exit', exited);
    child.once('message', (msg: { port: number }) => {
      clearTimeout(timer);
      child.off('exit', exited);
      resolve({
        name,
        role,
        child,
        pid: child.pid ?? 0,
        port: msg.port,
        startMs: performance.now() - t0,
        problems,
        events,
      });
    });
  });
}

/** Waits until the process answers the realm list and the token price of the region (its market is in). */
export async function waitUntilServing(p: AppProcess, region = 'us'): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const [realms, token] = await Promise.all([
      call(p.port, 'GET', `/shared/data/realms/${region}`, {}),
      call(p.port, 'GET', `/shared/data/token/${region}`, {}),
    ]);
    if (realms.status === 200 && token.status === 200) return;
    if (Date.now() > deadline) {
      throw new Error(`${p.name} is not serving: realms ${realms.status}, token ${token.status}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

const REGIONS = ['us', 'eu'] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the ingesting process has replayed the past days of deal evidence in both regions. A fresh
 * start replays them in the background after the first snapshots (minutes at size standard), publishing
 * a snapshot at each step; the load is measured once that is over, on the steady state.
 */
export async function waitForReplay(p: AppProcess): Promise<number> {
  const t0 = performance.now();
  const deadline = Date.now() + REPLAY_TIMEOUT_MS;
  for (;;) {
    const failed = p.events.find((e) => e.msg.startsWith('deal evidence replay failed'));
    if (failed) throw new Error(`${p.name}: the deal evidence replay failed in ${failed.region}`);
    const done = REGIONS.every((r) =>
      p.events.some((e) => e.region === r && e.msg.startsWith('deal evidence replay finished')),
    );
    if (done) return performance.now() - t0;
    if (Date.now() > deadline) throw new Error(`${p.name}: the deal evidence replay did not finish in time`);
    await sleep(1000);
  }
}

/** Waits until each web process has received the last snapshot of each region the worker shared. */
export async function waitForHandOver(worker: AppProcess, webs: readonly AppProcess[]): Promise<void> {
  const lastShared = () =>
    REGIONS.map((r) =>
      Math.max(
        0,
        ...worker.events
          .filter((e) => e.region === r && e.msg === 'market snapshot shared')
          .map((e) => e.time),
      ),
    );
  // The last share may still be on its way to Redis when the replay says it is finished.
  let shared = lastShared();
  for (;;) {
    await sleep(3000);
    const now = lastShared();
    if (now.every((t, i) => t === shared[i])) break;
    shared = now;
  }
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const received = webs.every((w) =>
      REGIONS.every((r, i) =>
        w.events.some(
          (e) => e.region === r && e.msg === 'market snapshot received' && e.time >= (shared[i] ?? 0),
        ),
      ),
    );
    if (received) return;
    if (Date.now() > deadline)
      throw new Error('the web processes did not receive the last snapshots in time');
    await sleep(500);
  }
}

/** Snapshots a process published (ingesting) or received (web) between two Unix ms times. */
export function snapshotsBetween(p: AppProcess, from: number, to: number): number {
  return p.events.filter(
    (e) =>
      (e.msg === 'market snapshot published' || e.msg === 'market snapshot received') &&
      e.time >= from &&
      e.time <= to,
  ).length;
}

export async function stopAppProcess(p: AppProcess): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise((resolve) => p.child.once('exit', resolve));
  p.child.kill('SIGTERM');
  await exited;
}

/** Resident memory now and its high-water mark since the process started (Linux), in bytes. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Samples the resident memory of processes: at the start, the peak while sampling, and VmHWM at the end. */
export function sampleMemory(processes: readonly AppProcess[], everyMs = 200) {
  const atStart = processes.map((p) => memoryOf(p.pid).rss);
  const peak = [...atStart];
  const timer = setInterval(() => {
    processes.forEach((p, i) => (peak[i] = Math.max(peak[i] ?? 0, memoryOf(p.pid).rss)));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return processes.map((p, i) => ({
        name: p.name,
        role: p.role,
        atStart: atStart[i] ?? 0,
        peak: Math.max(peak[i] ?? 0, memoryOf(p.pid).rss),
        // The kernel updates VmHWM lazily: never below what was sampled.
        hwm: Math.max(memoryOf(p.pid).hwm, peak[i] ?? 0),
      }));
    },
  };
}

export type MemoryRow = ReturnType<ReturnType<typeof sampleMemory>['stop']>[number];

export interface AppSet {
  /** What the section calls it. */
  label: string;
  /** The processes the clients call, round-robin. */
  front: AppProcess[];
  /** Every process, for the memory figures. */
  all: AppProcess[];
  /** The process that ingests (worker, or the embedded one). */
  ingesting: AppProcess;
  /** How long the evidence replay went on after the set was serving (0: not waited for). */
  replayMs: number;
  close(): Promise<void>;
}

/** What every process of the benchmark gets: production-like, with security on. */
function commonEnv(size: string, smtpUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    // The clients stand behind a loopback load balancer: believe its X-Forwarded-For, nobody else's.
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_ENABLED: 'true',
    // The embedded defaults for market and payments (as without credentials), whatever the shell has.
    MARKET_SOURCE: 'simulator',
    SIMULATOR_SIZE: size,
    PAYMENT_PROVIDER: 'demo',
    // Mail goes to the benchmark's SMTP sink: the demo mailbox is closed behind a proxy (TRUST_PROXY).
    SMTP_URL: smtpUrl,
  };
}

/** A Redis URL on database `db` unless the URL names one already. */
function redisOnDb(url: string, db: number): string {
  const u = new URL(url);
  if (u.pathname === '' || u.pathname === '/') u.pathname = `/${db}`;
  return u.toString();
}

/** Deletes the keys the scaled set left: its own prefix, and the rate-limit counters on its database. */
async function cleanRedis(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    for (const pattern of [`${prefix}:*`, 'goldroute-rl:*']) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    await redis.quit();
  }
}

/**
 * The scaled set: a scratch database on the PostgreSQL of `adminUrl` (dropped afterwards), Redis
 * database `redisDb` with keys under a prefix of its own, a worker (ingestion, jobs) and, once it has
 * published, two web processes.
 */
export async function startScaledSet(options: {
  adminUrl: string;
  redisUrl: string;
  redisDb: number;
  size: string;
  /** Wait for the evidence replay before returning. */
  replay: boolean;
  smtpUrl: string;
}): Promise<AppSet> {
  const name = `goldroute_bench_load_${randomBytes(4).toString('hex')}`;
  const prefix = `goldroute-bench-load-${randomBytes(4).toString('hex')}`;
  const redisUrl = redisOnDb(options.redisUrl, options.redisDb);
  await withClient(options.adminUrl, (c) => c.query(`create database ${name}`));
  const databaseUrl = new URL(options.adminUrl);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'goldroute-load-scaled-'));
  const env = {
    ...commonEnv(options.size, options.smtpUrl),
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    BENCH_REDIS_PREFIX: prefix,
    // Unused with DATABASE_URL; a temporary directory all the same, so nothing lands in ./data.
    DATA_DIR: dataDir,
  };
  const started: AppProcess[] = [];
  const close = async () => {
    await Promise.all(started.map(stopAppProcess));
    await withClient(options.adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    await cleanRedis(redisUrl, prefix);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    console.log(`scaled set: database ${name}, Redis ${redisUrl} prefix ${prefix}`);
    const worker = await startAppProcess('worker', 'worker', env);
    started.push(worker);
    console.log(`worker ready in ${(worker.startMs / 1000).toFixed(1)} s (port ${worker.port})`);
    const webs = await Promise.all([
      startAppProcess('web 1', 'web', env),
      startAppProcess('web 2', 'web', env),
    ]);
    started.push(...webs);
    await Promise.all(webs.map((w) => waitUntilServing(w)));
    for (const w of webs)
      console.log(`${w.name} ready in ${(w.startMs / 1000).toFixed(1)} s (port ${w.port})`);
    let replayMs = 0;
    if (options.replay) {
      console.log('waiting for the worker to replay the deal evidence...');
      replayMs = await waitForReplay(worker);
      await waitForHandOver(worker, webs);
      console.log(`replay done ${(replayMs / 1000).toFixed(0)} s later, snapshots handed over`);
    }
    return {
      label: '2 web + worker, PostgreSQL + Redis',
      front: webs,
      all: [...webs, worker],
      ingesting: worker,
      replayMs,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

/** The embedded default: one process, PGlite in a temporary DATA_DIR, everything else in-process. */
export async function startEmbeddedSet(options: {
  size: string;
  replay: boolean;
  smtpUrl: string;
}): Promise<AppSet> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goldroute-load-embedded-'));
  const started: AppProcess[] = [];
  const close = async () => {
    await Promise.all(started.map(stopAppProcess));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const app = await startAppProcess('embedded', 'all', {
      ...commonEnv(options.size, options.smtpUrl),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    started.push(app);
    await waitUntilServing(app);
    console.log(`embedded process ready in ${(app.startMs / 1000).toFixed(1)} s (port ${app.port})`);
    let replayMs = 0;
    if (options.replay) {
      console.log('waiting for the process to replay the deal evidence...');
      replayMs = await waitForReplay(app);
      console.log(`replay done ${(replayMs / 1000).toFixed(0)} s later`);
    }
    return { label: 'embedded default, PGlite', front: [app], all: [app], ingesting: app, replayMs, close };
  } catch (err) {
    await close();
    throw err;
  }
}
