// Snapshot events under load. First the embedded default (one process, PGlite) with N open streams of
// GET /shared/data/events/us (default 2000), then the scaled set (a worker and two web processes on
// PostgreSQL + Redis) with M streams spread over the two web processes (default 10,000), all from this
// process. The ingesting process publishes a new US snapshot into its market store (the path every ingest
// takes; in the scaled set it reaches the web processes through the snapshot relay) and reports the
// moment; each stream's receipt of that event is timed against it. Per-stream memory is each serving
// process's RSS and heap growth (after a GC) from before its streams opened to after, divided by its
// streams. The same file runs as the app processes when EVENTS_BENCH_CHILD is set.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { withClient } from '@goldroute/server/test-support/pg';
import { Redis } from 'ioredis';
import { demoSubscriberToken, signedUpSubscriberToken } from './lib/app-server';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { quantile } from './lib/stats';

const COMMAND = 'npm run bench:events-load --workspace bench';
const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 2000);
/** 0 skips the scaled set. */
const SCALED_STREAMS = Number(process.env.BENCH_EVENTS_SCALED_STREAMS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_EVENTS_ROUNDS ?? 3);
const SIZE = process.env.BENCH_SIMULATOR_SIZE ?? 'tiny';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
/** Streams being opened at once (each open is a signed-in, access-checked request). */
const OPEN_CONCURRENCY = 100;
/** Every stream must have the event within this long of the publish. */
const TARGET_MS = 2_000;
const REGION = 'us';
/** Figures go to BENCHMARKS.md only from a run of the defaults. */
const WRITES = STREAMS === 2000 && SCALED_STREAMS === 10_000 && ROUNDS === 3;

type ToChild = { type: 'publish' } | { type: 'stats' };
type FromChild =
  | { type: 'ready'; port: number }
  | { type: 'published'; at: number; id: string }
  | { type: 'stats'; rss: number; heapUsed: number; openStreams: number };

const wallMs = () => performance.timeOrigin + performance.now();

async function runChild(): Promise<void> {
  const { buildApp } = await import('@goldroute/server');
  const { loadConfig } = await import('@goldroute/server/config');
  const prefix = process.env.BENCH_REDIS_PREFIX;
  const app = await buildApp(loadConfig(), prefix ? { redisPrefix: prefix } : {});
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  await app.market.refreshNow();
  const address = app.server.server.address();
  const reply = (m: FromChild) => process.send?.(m);
  let round = 0;
  process.on('message', (m: ToChild) => {
    if (m.type === 'publish') {
      const market = app.market.store.current(REGION);
      if (!market) throw new Error('no snapshot to publish again');
      // A new dump time for one realm: a new snapshot as far as the events are concerned.
      const realmTimes = Object.fromEntries(
        Object.entries(market.meta.realmTimes).map(([id, t], i) => [id, i === 0 ? t + 60 * ++round : t]),
      );
      const at = wallMs();
      app.market.store.publish(REGION, market.snapshot, { ...market.meta, realmTimes });
      reply({ type: 'published', at, id: app.events.current(REGION)?.id ?? '' });
    } else {
      for (let i = 0; i < 3; i++) globalThis.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      reply({ type: 'stats', rss, heapUsed, openStreams: app.events.openStreams() });
    }
  });
  reply({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
  process.once('SIGTERM', () => void app.server.close().then(() => process.exit(0)));
}

interface Server {
  name: string;
  child: ChildProcess;
  port: number;
  /** The demo subscriber's password (embedded only: no demo accounts with DATABASE_URL). */
  password: string;
  ask<T extends FromChild['type']>(m: ToChild, answer: T): Promise<Extract<FromChild, { type: T }>>;
}

/** One app process (this file as the child), production-like but with rate limits off: one client. */
function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      EVENTS_BENCH_CHILD: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      RATE_LIMIT_ENABLED: 'false',
      MARKET_SOURCE: 'simulator',
      SIMULATOR_SIZE: SIZE,
      EVIDENCE_REPLAY_DAYS: '0',
      PAYMENT_PROVIDER: 'demo',
      ...env,
    },
  });
  const ask: Server['ask'] = (m, answer) =>
    new Promise((resolve) => {
      const on = (r: FromChild) => {
        if (r.type !== answer) return;
        child.off('message', on);
        resolve(r as never);
      };
      child.on('message', on);
      child.send(m);
    });
  return new Promise((resolve, reject) => {
    let password = '';
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const found = /demo subscriber: \S+ ([^"\s]+)/.exec(line);
      if (found?.[1]) password = found[1];
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
    child.on('message', (m: FromChild) => {
      if (m.type === 'ready') resolve({ name, child, port: m.port, password, ask });
    });
  });
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

/** One open stream: the moment each event id arrived. */
interface Stream {
  received: Map<string, number>;
  close(): void;
}

function openStream(port: number, token: string, agent: Agent): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const received = new Map<string, number>();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: `/shared/data/events/${REGION}`,
        agent,
        headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
        res.setEncoding('utf8');
        let pending = '';
        res.on('data', (chunk: string) => {
          const at = wallMs();
          pending += chunk;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const id = /^id: (.+)$/m.exec(block)?.[1];
            if (id && /^event: snapshot$/m.test(block)) received.set(id, at);
          }
        });
        resolve({ received, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function openAll(port: number, token: string, agent: Agent, count: number): Promise<Stream[]> {
  const streams: Stream[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next++ < count) streams.push(await openStream(port, token, agent));
    }),
  );
  return streams;
}

async function waitForAll(streams: readonly Stream[], id: string): Promise<void> {
  const deadline = Date.now() + 10 * TARGET_MS;
  while (streams.some((s) => !s.received.has(id)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

interface SetResult {
  label: string;
  streams: number;
  openS: number;
  p50: number;
  p95: number;
  max: number;
  missing: number;
  processes: {
    name: string;
    open: number;
    rssBefore: number;
    rssAfter: number;
    rssPer: number;
    heapPer: number;
  }[];
}

/** Opens `total` streams spread over `fronts`, publishes ROUNDS times in `publisher`, times the receipts. */
async function runSet(label: string, fronts: Server[], publisher: Server, total: number, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    await settle(1_000);
    const before = await Promise.all(fronts.map((f) => f.ask({ type: 'stats' }, 'stats')));
    const openedAt = performance.now();
    const streams = (
      await Promise.all(
        fronts.map((f, i) =>
          openAll(
            f.port,
            token,
            agent,
            Math.floor(total / fronts.length) + (i < total % fronts.length ? 1 : 0),
          ),
        ),
      )
    ).flat();
    const openS = (performance.now() - openedAt) / 1000;
    await settle(1_000);
    const after = await Promise.all(fronts.map((f) => f.ask({ type: 'stats' }, 'stats')));
    console.log(`${label}: ${streams.length} streams open in ${openS.toFixed(1)} s`);

    const delays: number[] = [];
    let missing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const published = await publisher.ask({ type: 'publish' }, 'published');
      await waitForAll(streams, published.id);
      for (const s of streams) {
        const at = s.received.get(published.id);
        if (at === undefined) missing++;
        else delays.push(at - published.at);
      }
      await settle(500);
    }
    for (const s of streams) s.close();
    const sorted = delays.sort((a, b) => a - b);
    const result: SetResult = {
      label,
      streams: streams.length,
      openS,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      max: sorted.at(-1) ?? NaN,
      missing,
      processes: fronts.map((f, i) => {
        const [b, a] = [before[i], after[i]];
        if (!a || !b) throw new Error('no memory figures');
        const open = Math.max(1, a.openStreams);
        return {
          name: f.name,
          open: a.openStreams,
          rssBefore: b.rss,
          rssAfter: a.rss,
          rssPer: (a.rss - b.rss) / open,
          heapPer: (a.heapUsed - b.heapUsed) / open,
        };
      }),
    };
    console.log(oneLine(result));
    return result;
  } finally {
    agent.destroy();
  }
}

function oneLine(r: SetResult): string {
  const within = r.missing === 0 && r.max <= TARGET_MS;
  const memory = r.processes.map((p) => `${p.name} RSS +${kib(p.rssPer)} KiB, heap +${kib(p.heapPer)} KiB`);
  return (
    `${r.label}: ${r.streams} streams x ${ROUNDS} publishes, receipt p50 ${r.p50.toFixed(1)} ms / ` +
    `p95 ${r.p95.toFixed(1)} ms / max ${r.max.toFixed(1)} ms (${r.missing} missed; all within 2 s: ` +
    `${within ? 'yes' : 'NO'}); per stream: ${memory.join('; ')}`
  );
}

async function embedded(): Promise<SetResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'events-bench-'));
  const server = await startServer('embedded', { DATA_DIR: dataDir, SEED_DEMO_ACCOUNTS: 'true' });
  try {
    const token = await demoSubscriberToken(server);
    return await runSet('embedded default', [server], server, STREAMS, token);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A worker and two web processes on a scratch PostgreSQL database and Redis keys of their own. */
async function scaled(): Promise<SetResult> {
  const name = `goldroute_bench_events_${randomBytes(4).toString('hex')}`;
  const prefix = `goldroute-bench-events-${randomBytes(4).toString('hex')}`;
  await withClient(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'events-bench-scaled-'));
  const env = {
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL,
    BENCH_REDIS_PREFIX: prefix,
    DATA_DIR: dataDir,
  };
  const started: Server[] = [];
  try {
    const worker = await startServer('worker', { ...env, PROCESS_ROLE: 'worker' });
    started.push(worker);
    const webs = await Promise.all(
      ['web 1', 'web 2'].map((n) => startServer(n, { ...env, PROCESS_ROLE: 'web' })),
    );
    started.push(...webs);
    const front = webs[0];
    if (!front) throw new Error('no web process');
    const token = await signedUpSubscriberToken(
      front,
      databaseUrl.toString(),
      'events-bench@goldroute.local',
    );
    return await runSet('scaled (2 web + worker, PostgreSQL + Redis)', webs, worker, SCALED_STREAMS, token);
  } finally {
    await Promise.all(started.map(stopServer));
    await withClient(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`));
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function section(results: SetResult[], m: ReturnType<typeof machine>): string {
  const rows = results.flatMap((r) =>
    r.processes.map((p, i) => [
      i === 0 ? r.label : '',
      i === 0 ? `${r.streams} in ${r.openS.toFixed(1)} s` : '',
      i === 0 ? `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.max.toFixed(1)}` : '',
      i === 0 ? String(r.missing) : '',
      p.name,
      String(p.open),
      `${mib(p.rssBefore)} / ${mib(p.rssAfter)}`,
      `${kib(p.rssPer)} / ${kib(p.heapPer)}`,
    ]),
  );
  return `## Snapshot events: open streams and the push of a new snapshot

\`${COMMAND}\` (simulator size \`${SIZE}\`; BENCH_EVENTS_STREAMS, BENCH_EVENTS_SCALED_STREAMS (0: no scaled set),
BENCH_EVENTS_ROUNDS change the run). Receipt: from the ingesting process's publish to the event read by
the client, over ${ROUNDS} publishes; target: every stream within 2 s.

${machineText(m)}

${results.map(oneLine).join('\n\n')}

${table(
  [
    'set',
    'streams opened',
    'receipt p50 / p95 / max ms',
    'missed',
    'process',
    'open streams',
    'RSS before / after MiB',
    'per stream RSS / heap KiB',
  ],
  rows,
)}`;
}

async function main(): Promise<void> {
  const m = machine();
  const results = [await embedded()];
  if (SCALED_STREAMS > 0) results.push(await scaled());
  if (WRITES) writeSection('events-load', section(results, m));
}

if (process.env.EVENTS_BENCH_CHILD) await runChild();
else await main();
