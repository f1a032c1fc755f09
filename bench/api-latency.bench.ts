// API latency while the market loads (embedded default, one process on PGlite): a probe sends GET
// /healthz, GET /shared/data/timer/us and the signed-in GET /shared/users/profile every 50 ms each,
// first from the moment the app listens through its initial load and the 14-day evidence replay,
// then through a refresh in which every connected realm of both regions has a new dump (the
// simulator's hour moved on). Per phase and call: p50 / p99 / max and the stalls (answers later
// than 200 ms, overlapping ones merged). Ingest, evidence and builds on the event loop show here.
// The app runs twice, one after the other: with ingest, evidence and builds on the thread that answers
// requests (MARKET_BUILDER_THREAD=false, the reference) and in builder threads (the default).
// BENCH_BUILDER_THREAD=true or false runs one of them only. BENCH_MAIN_PROFILE=<file> writes the app's
// request thread's CPU profile there and, next to it (<file>.blocks.json), each time that thread was held
// over 100 ms (monotonic µs, the profile's clock), to see what held it.
//
// The same file is the app's process (API_LATENCY_CHILD=1): the app is built with a simulator this
// file controls, so the parent can move its hour on over IPC and wait for the refresh.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { appChildEnv, call, jsonHeaders } from './lib/app-server';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { quantile } from './lib/stats';

const COMMAND = 'npm run bench:api-latency --workspace bench';
const SIZE = process.env.BENCH_SIMULATOR_SIZE ?? 'standard';
const PROBE_EVERY_MS = 50;
const STALL_MS = 200;
/** The start phase ends when both regions' replays finished, or after this long. */
const START_CAP_S = Number(process.env.BENCH_START_CAP_S ?? 600);
/** Probing goes on this long after the refresh is done (late publishes and warming). */
const AFTER_REFRESH_MS = 3_000;
const REGIONS = 2;

type ToParent = { type: 'listening'; port: number } | { type: 'refreshed'; ms: number };

async function runApp(): Promise<void> {
  const { buildApp } = await import('@goldroute/server');
  const { loadConfig } = await import('@goldroute/server/config');
  const { createEconomy } = await import('@goldroute/simulator');
  const { sourceFromSimulator } = await import('../apps/server/src/modules/market/embedded-source');
  const { startSimulatorThread } = await import('../apps/server/src/modules/market/simulator-thread');
  const diag = process.env.BENCH_MAIN_PROFILE
    ? await startMainDiagnostics(process.env.BENCH_MAIN_PROFILE)
    : null;
  const config = loadConfig();
  if (config.market.source !== 'simulator') throw new Error('MARKET_SOURCE=simulator expected');
  const HOUR_MS = 3_600_000;
  const startTime = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 24 * HOUR_MS;
  const economyOptions = { seed: config.market.seed, size: config.market.size, startTime };
  const economy = createEconomy(economyOptions);
  // In its own thread, as the embedded default runs it: Blizzard's work is not the app's.
  const simulator = await startSimulatorThread({ economy: economyOptions, hour: 24 }, economy.schedule);
  const source = sourceFromSimulator(economy, simulator, config.market.replayDays);
  const app = await buildApp(config, { marketSource: source });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  const send = (msg: ToParent) => process.send?.(msg);
  send({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (msg: { type: string }) => {
    if (msg.type !== 'advance') return;
    const t = performance.now();
    void simulator
      .advanceHour(1)
      .then(() => app.market.refreshNow())
      .then(() => send({ type: 'refreshed', ms: performance.now() - t }));
  });
  // A parent that failed leaves no app behind.
  process.once('disconnect', () => process.exit(1));
  // Closing the app closes the market and with it the source (the simulator).
  process.once('SIGTERM', () => {
    void (diag ? diag.stop() : Promise.resolve()).then(() => app.server.close()).then(() => process.exit(0));
  });
}

/**
 * The main thread's CPU profile, its event-loop blocks over 100 ms and its collector pauses over 20 ms
 * (monotonic µs), for diagnosis.
 */
async function startMainDiagnostics(path: string) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  const blocks: { endUs: number; ms: number }[] = [];
  // Collector pauses over 20 ms (kind as perf_hooks numbers it: 1 minor, 2 major, 4 incremental, 8 weak
  // callbacks), their start in the same monotonic µs.
  const { PerformanceObserver, performance } = await import('node:perf_hooks');
  const pauses: { startUs: number; ms: number; kind: number }[] = [];
  const originUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.duration > 20)
        pauses.push({
          startUs: Math.round(originUs + entry.startTime * 1000),
          ms: entry.duration,
          kind: (entry as unknown as { detail: { kind: number } }).detail.kind,
        });
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = process.hrtime.bigint();
  const timer = setInterval(() => {
    const now = process.hrtime.bigint();
    const ms = Number(now - last) / 1e6 - 10;
    if (ms > 100) blocks.push({ endUs: Number(now / 1000n), ms });
    last = now;
  }, 10);
  return {
    async stop() {
      clearInterval(timer);
      gc.disconnect();
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(path, JSON.stringify(profile));
      writeFileSync(
        `${path}.blocks.json`,
        JSON.stringify({ nowUs: Number(process.hrtime.bigint() / 1000n), blocks, pauses }),
      );
    },
  };
}

interface Probe {
  name: string;
  path: string;
  headers: () => Record<string, string>;
}

interface Sample {
  sentAt: number;
  ms: number;
  status: number;
}

/** Sends every probe every 50 ms (whether the last answer came or not) until stopped. */
function startProbes(port: number, probes: readonly Probe[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const samples = new Map<string, Sample[]>(probes.map((p) => [p.name, []]));
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    for (const probe of probes) {
      const sentAt = performance.now();
      const done = call(port, 'GET', probe.path, probe.headers(), undefined, { agent, timeoutMs: 60_000 })
        .then(
          (reply) => reply.status,
          () => 0,
        )
        .then((status) => {
          samples.get(probe.name)?.push({ sentAt, ms: performance.now() - sentAt, status });
          pending.delete(done);
        });
      pending.add(done);
    }
  }, PROBE_EVERY_MS);
  return {
    /** Stops sending, waits for the answers under way and returns every probe's samples. */
    async stop(): Promise<Map<string, Sample[]>> {
      clearInterval(timer);
      await Promise.all(pending);
      agent.destroy();
      return samples;
    },
  };
}

/** Answers later than STALL_MS, overlapping ones merged: each stall's length (first send to last answer). */
function stalls(samples: readonly Sample[]): number[] {
  const slow = samples.filter((s) => s.ms > STALL_MS).sort((a, b) => a.sentAt - b.sentAt);
  const out: number[] = [];
  let from = -Infinity;
  let to = -Infinity;
  for (const s of slow) {
    if (s.sentAt > to) {
      if (to > from) out.push(to - from);
      from = s.sentAt;
    }
    to = Math.max(to, s.sentAt + s.ms);
  }
  if (to > from) out.push(to - from);
  return out;
}

function summary(phase: string, name: string, samples: readonly Sample[]): string[] {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const bad = samples.filter((s) => s.status !== 200).length;
  const found = stalls(samples);
  const f = (n: number) => n.toFixed(1);
  return [
    phase,
    name,
    String(samples.length),
    String(bad),
    f(quantile(sorted, 0.5)),
    f(quantile(sorted, 0.99)),
    f(sorted[sorted.length - 1] ?? NaN),
    String(found.length),
    found.length ? f(Math.max(...found)) : '-',
  ];
}

interface RunResult {
  rows: string[][];
  text: string;
}

/** One app process from its start through a refresh, probed; its rows are labelled with the builder's place. */
async function runOnce(builderThread: boolean): Promise<RunResult> {
  const label = builderThread ? 'builder threads' : 'in-thread (reference)';
  const dataDir = mkdtempSync(join(tmpdir(), 'api-latency-'));
  const child = fork(fileURLToPath(import.meta.url), {
    // BENCH_CHILD_EXEC_ARGV: more flags for the app's process (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHILD_EXEC_ARGV?.split(' ').filter(Boolean) ?? [])],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...appChildEnv(dataDir, SIZE),
      API_LATENCY_CHILD: '1',
      MARKET_BUILDER_THREAD: String(builderThread),
    },
  });
  let password = '';
  let replaysDone = 0;
  /** Days of evidence replayed so far, per region (the replay logs each part). */
  const replayedDays = new Map<string, number>();
  let onReplayDone = () => {};
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const found = /demo subscriber: \S+ ([^"\s]+)/.exec(line);
    if (found?.[1]) password = found[1];
    if (line.includes('deal evidence replayed')) {
      const { region, days } = JSON.parse(line) as { region: string; days: number };
      replayedDays.set(region, days);
    }
    if (line.includes('deal evidence replay finished') || line.includes('deal evidence replay failed')) {
      replaysDone++;
      onReplayDone();
    }
  });
  const fromChild = <T extends ToParent['type']>(type: T) =>
    new Promise<Extract<ToParent, { type: T }>>((resolve, reject) => {
      const listen = (msg: ToParent) => {
        if (msg.type !== type) return;
        child.off('message', listen);
        resolve(msg as Extract<ToParent, { type: T }>);
      };
      child.on('message', listen);
      child.once('exit', (code) => reject(new Error(`the app exited (${code})`)));
    });

  const started = performance.now();
  const { port } = await fromChild('listening');
  const listenS = (performance.now() - started) / 1000;
  let token = '';
  const probes: Probe[] = [
    { name: 'GET /healthz', path: '/healthz', headers: () => ({}) },
    { name: 'GET /shared/data/timer/us', path: '/shared/data/timer/us', headers: () => ({}) },
    {
      name: 'GET /shared/users/profile (signed in)',
      path: '/shared/users/profile',
      headers: () => ({ authorization: `Bearer ${token}` }),
    },
  ];
  // The password's log line and the port's IPC message come on separate channels, in either order.
  for (let waited = 0; !password && waited < 30_000; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
  const login = await call(
    port,
    'POST',
    '/shared/users/login',
    jsonHeaders,
    JSON.stringify({ email: 'demo-subscriber@goldroute.local', password }),
  );
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.toString()}`);
  token = (JSON.parse(login.body.toString()) as { accessToken: string }).accessToken;

  console.log(
    `${label}: listening after ${listenS.toFixed(1)} s; probing the start (initial load and replay)`,
  );
  const start = startProbes(port, probes);
  const startT = performance.now();
  await new Promise<void>((resolve) => {
    const cap = setTimeout(resolve, START_CAP_S * 1000);
    onReplayDone = () => {
      if (replaysDone >= REGIONS) {
        clearTimeout(cap);
        resolve();
      }
    };
    onReplayDone();
  });
  const startS = (performance.now() - startT) / 1000;
  const startSamples = await start.stop();
  // A pause, so the refresh phase starts on an idle app.
  await new Promise((r) => setTimeout(r, 2_000));

  console.log(`start phase ${startS.toFixed(0)} s (replays done: ${replaysDone}); forcing a refresh`);
  const refresh = startProbes(port, probes);
  const refreshed = fromChild('refreshed');
  child.send({ type: 'advance' });
  const { ms: refreshMs } = await refreshed;
  await new Promise((r) => setTimeout(r, AFTER_REFRESH_MS));
  const refreshSamples = await refresh.stop();

  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });

  const rows = [
    ...probes.map((p) => [label, ...summary('start', p.name, startSamples.get(p.name) ?? [])]),
    ...probes.map((p) => [label, ...summary('refresh', p.name, refreshSamples.get(p.name) ?? [])]),
  ];
  const text =
    `${label}: start phase ${startS.toFixed(0)} s from listening (replays finished: ${replaysDone} of ${REGIONS}; ` +
    `days replayed: ${[...replayedDays].map(([r, d]) => `${r} ${d}`).join(', ') || 'none'}); ` +
    `refresh of every realm of both regions: ${(refreshMs / 1000).toFixed(1)} s.`;
  console.log(text);
  return { rows, text };
}

async function runBench(): Promise<void> {
  const only = process.env.BENCH_BUILDER_THREAD;
  const modes = only === 'true' ? [true] : only === 'false' ? [false] : [false, true];
  const runs: RunResult[] = [];
  for (const builderThread of modes) runs.push(await runOnce(builderThread));
  const result = table(
    [
      'builder',
      'phase',
      'call',
      'calls',
      'not 200',
      'p50 ms',
      'p99 ms',
      'max ms',
      `stalls > ${STALL_MS} ms`,
      'longest ms',
    ],
    runs.flatMap((r) => r.rows),
  );
  const text = runs.map((r) => `- ${r.text}`).join('\n');
  console.log(`${result}\n\n${text}`);
  if (SIZE === 'full' && process.env.EVIDENCE_REPLAY_DAYS === '0' && modes.length === 2)
    writeSection(
      'api-latency-full',
      `## API latency while full-size regions land (embedded default, simulator size \`full\`)

Command: \`BENCH_SIMULATOR_SIZE=full EVIDENCE_REPLAY_DAYS=0 BENCH_START_CAP_S=${START_CAP_S} ${COMMAND}\`\\
Machine: ${machineText(machine())}

As above, at the full size (the US region alone: 84 connected realms, about 5.4 million auctions) and
without the 14-day evidence replay: the start phase is the first load of both regions (probed for
${START_CAP_S} s), the refresh a new dump from every connected realm of both regions at once, as a
batch lands.

${text}

${result}`,
    );
  if (SIZE === 'standard' && !process.env.BENCH_START_CAP_S && modes.length === 2)
    writeSection(
      'api-latency',
      `## API latency while the market loads (embedded default, simulator size \`${SIZE}\`)

Command: \`${COMMAND}\`\\
Machine: ${machineText(machine())}

One app process on PGlite (fresh data directory; the database in a thread of its own, as in the
embedded default), its simulator in a thread of its own too (it stands in for Blizzard). A probe in another process sends each call every
${PROBE_EVERY_MS} ms: during the start (first snapshots, then the 14-day evidence replay) and during a
refresh in which every connected realm of both regions has a new dump. A stall is a run of answers
later than ${STALL_MS} ms (overlapping ones merged; its length from the first send to the last answer).
The app runs twice in one bench run: with ingest, evidence and snapshot builds on the thread that
answers requests (\`MARKET_BUILDER_THREAD=false\`, the reference) and in a builder thread per region
(the default).

${text}

${result}`,
    );
}

if (process.env.API_LATENCY_CHILD === '1') await runApp();
else await runBench();
