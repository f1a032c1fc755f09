// The calls every screen repeats (issue 14 "Hot paths"): the profile each screen loads, and the token,
// timer and realm list the tool pages poll, against the bare GET /healthz of the same server in the
// same run. The real app in its own process (embedded defaults, simulator, demo subscriber, rate
// limits off: the load generator is one client); autocannon, 20 connections, 10 s a call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { call, demoSubscriberToken, startAppServer, stopAppServer } from './lib/app-server';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { ms } from './lib/stats';

const COMMAND = 'npm run bench:hot --workspace bench';
const SIZE = process.env.BENCH_SIMULATOR_SIZE ?? 'standard';
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_HOT_SECONDS ?? 10);
/** Issue 14: each hot call at least this share of the bare /healthz rate, and p99 under 50 ms. */
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 50;

interface Call {
  name: string;
  path: string;
  signedIn: boolean;
}
const CALLS: Call[] = [
  { name: 'bare /healthz (reference)', path: '/healthz', signedIn: false },
  { name: 'profile (every screen)', path: '/shared/users/profile', signedIn: true },
  { name: 'token (tool pages poll)', path: '/shared/data/token/us', signedIn: true },
  { name: 'timer (tool pages poll)', path: '/shared/data/timer/us', signedIn: true },
  { name: 'realm list', path: '/shared/data/realms/us', signedIn: true },
];

const m = machine();
const dataDir = mkdtempSync(join(tmpdir(), 'goldroute-bench-'));
const server = await startAppServer(dataDir, SIZE);
let failed = false;
try {
  const token = await demoSubscriberToken(server);
  const results = [];
  for (const c of CALLS) {
    const headers: Record<string, string> = c.signedIn ? { authorization: `Bearer ${token}` } : {};
    const first = await call(server.port, 'GET', c.path, headers);
    if (first.status !== 200) throw new Error(`GET ${c.path} answered ${first.status}`);
    const r = await autocannon({
      url: `http://127.0.0.1:${server.port}${c.path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers,
    });
    results.push({ call: c, r, bytes: first.body.length });
    console.log(`${c.path}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms`);
  }
  const bare = results[0]?.r.requests.average ?? NaN;
  const rows = results.map(({ call: c, r, bytes }) => {
    const ratio = r.requests.average / bare;
    const errors = r.non2xx + r.errors + r.timeouts;
    const met = c.path === '/healthz' || (ratio >= TARGET_RATIO && r.latency.p99 < TARGET_P99_MS);
    if (errors > 0) failed = true;
    return [
      c.name,
      `\`GET ${c.path}\``,
      r.requests.average.toFixed(0),
      ms(r.latency.p50),
      ms(r.latency.p99),
      `**${ratio.toFixed(2)}**`,
      String(errors),
      String(bytes),
      c.path === '/healthz' ? '—' : met ? 'met' : 'NOT met',
    ];
  });
  const out = table(
    ['call', 'route', 'requests/s', 'p50 ms', 'p99 ms', 'vs /healthz', 'errors', 'bytes', 'target'],
    rows,
  );
  console.log(`\n${out}`);
  writeSection(
    'hot',
    `## Hot paths against the bare server (issue 14)

Command: \`${COMMAND}\`\\
Machine: ${machineText(m, machine().load)}

The real app in its own process on the embedded defaults (simulator \`${SIZE}\`, demo subscriber
signed in with a bearer token, rate limits off: the load generator is one client). autocannon in the
benchmark process, ${CONNECTIONS} connections for ${DURATION_S} s a call, one call after another; "vs
/healthz" divides by the bare \`GET /healthz\` of the same server in the same run. Target: at least
${TARGET_RATIO}x and p99 under ${TARGET_P99_MS} ms.

${out}`,
  );
} finally {
  await stopAppServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
