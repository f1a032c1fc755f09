// POST /retail/market/ah-data-undercut/us end to end over loopback: the real server app (in a child
// process, embedded simulator, demo subscriber) under autocannon, 20 connections, on the cached
// path (the first request fills the user's result cache), gzip. Reports requests per second, p99
// latency and the compressed payload size.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { count, mb, ms, now } from './lib/stats';

const COMMAND = 'npm run bench:http --workspace bench';
const SIZE = process.env.BENCH_SIMULATOR_SIZE ?? 'full';
const CONNECTIONS = 20;
const DURATION_S = 20;
const START_TIMEOUT_MS = 15 * 60_000;
const PATH = '/retail/market/ah-data-undercut/us';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One HTTP request on loopback; the body stays as sent (compressed when the server compressed it). */
function call(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const json = { 'content-type': 'application/json' };

/** Starts the app; resolves with its port and the demo subscriber's password from its log. */
function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number; password: string }> {
  const child = fork(fileURLToPath(new URL('./lib/http-server-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DATA_DIR: dataDir,
      SEED_DEMO_ACCOUNTS: 'true',
      RATE_LIMIT_ENABLED: 'false',
      MARKET_SOURCE: 'simulator',
      SIMULATOR_SIZE: SIZE,
    },
  });
  return new Promise((resolve, reject) => {
    let password = '';
    const timer = setTimeout(() => reject(new Error('the server did not start in time')), START_TIMEOUT_MS);
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const found = /demo subscriber: \S+ ([^"\s]+)/.exec(line);
      if (found?.[1]) password = found[1];
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    child.once('message', (msg: { port: number }) => {
      clearTimeout(timer);
      if (!password) reject(new Error('no demo subscriber password in the server log (SEED_DEMO_ACCOUNTS)'));
      resolve({ child, port: msg.port, password });
    });
  });
}

const m = machine();
const dataDir = mkdtempSync(join(tmpdir(), 'goldroute-bench-'));
const t0 = now();
const { child, port, password } = await startServer(dataDir);
const startMs = now() - t0;
try {
  const login = await call(
    port,
    'POST',
    '/shared/users/login',
    json,
    JSON.stringify({ email: 'demo-subscriber@goldroute.local', password }),
  );
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.toString()}`);
  const token = (JSON.parse(login.body.toString()) as { accessToken: string }).accessToken;
  const realms = await call(port, 'GET', '/shared/data/realms/us', {});
  const ids = (JSON.parse(realms.body.toString()) as { id: number }[]).map((r) => r.id);
  const body = JSON.stringify({ retailBuyingRealms: ids, retailSellingRealms: ids });
  const headers = { ...json, authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };

  const t1 = now();
  const first = await call(port, 'POST', PATH, headers, body);
  const firstMs = now() - t1;
  if (first.status === 404) {
    console.log(`SKIPPED: POST ${PATH} answered 404: the server's market module is not there yet.`);
    process.exitCode = 0;
  } else if (first.status !== 200) {
    throw new Error(`POST ${PATH} answered ${first.status}: ${first.body.toString().slice(0, 300)}`);
  } else {
    const brotli = await call(port, 'POST', PATH, { ...headers, 'accept-encoding': 'br' }, body);
    const plain = await call(port, 'POST', PATH, { ...headers, 'accept-encoding': 'identity' }, body);
    // SPEC §3 "Data response": data.items and data.update.lastModified.
    const rows = (JSON.parse(plain.body.toString()) as { data: { items: unknown[] } }).data.items.length;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}${PATH}`,
      method: 'POST',
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers,
      body,
    });
    const ok = result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
    const out = table(
      [
        'requests/s (mean)',
        'latency p50 ms',
        'latency p99 ms',
        'requests',
        'non-2xx / errors',
        'gzip MB',
        'br MB',
        'JSON MB',
        'rows',
        'first request ms',
      ],
      [
        [
          result.requests.average.toFixed(0),
          ms(result.latency.p50),
          ms(result.latency.p99),
          count(result['2xx'] + result.non2xx),
          `${result.non2xx} / ${result.errors + result.timeouts}`,
          mb(first.body.length),
          mb(brotli.body.length),
          mb(plain.body.length),
          count(rows),
          ms(firstMs),
        ],
      ],
    );
    console.log(`\n${out}`);
    if (!ok) process.exitCode = 1;
    writeSection(
      'http-undercut',
      `## POST ah-data-undercut end to end over loopback

Command: \`${COMMAND}\`\\
Machine: ${machineText(m, machine().load)}

The real app (\`buildApp\` + \`loadConfig\` from \`@goldroute/server\`) in its own process with the
embedded simulator at size \`${SIZE}\` (start-up to first snapshots: ${(startMs / 1000).toFixed(0)} s), the demo
subscriber logged in, all US realms buying and selling in the body. autocannon in the benchmark
process: ${CONNECTIONS} connections for ${DURATION_S} s, \`Accept-Encoding: gzip\`, every request on the
cached path (the first request, timed apart, filled the user's result cache).

${out}`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
