// 200 concurrent logins with wrong passwords against the real app in its own process.
// 1. Embedded database: a probe asks GET /healthz back to back; the probe's p99 and the server's peak RSS,
//    with the argon2 gate (2 hashes at once, 16 waiting, the rest 503) and with the gate opened wide.
// 2. PostgreSQL (when TEST_DATABASE_URL is set; a fresh database, dropped afterwards): a probe signed in
//    asks GET /shared/users/login-with-token back to back (it reads the user from the database and signs a
//    token on libuv's threads), during several floods after one to warm up; the reference (two hashes at
//    once, account read before the gate's room, plain pg pool, libuv's default 4 threads) beside the app as
//    it runs and two variants that each undo one part of it.
// Targets: RSS bounded, other calls answered with p99 under 200 ms.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withClient } from '@goldroute/server/test-support/pg';
import { HASH_GATE } from '../apps/server/src/modules/users/passwords';
import { machine, machineText, loadText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { ms, now, quantile } from './lib/stats';

const COMMAND = 'npm run bench:login-flood --workspace bench';
const FLOOD = 200;
/** Floods measured per PostgreSQL variant (after one to warm up): each gives a few dozen probe answers. */
const PG_FLOODS = 6;
const PASSWORD = 'Probe#2026-flood';
const pgAdminUrl = process.env.TEST_DATABASE_URL;

interface Reply {
  status: number;
  body: string;
}

function call(
  port: number,
  method: string,
  path: string,
  o: { body?: unknown; token?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(o.body === undefined ? undefined : JSON.stringify(o.body));
  });
}

function start(
  variant: 'gated' | 'ungated' | 'reference',
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'goldroute-flood-'));
  const child = fork(fileURLToPath(new URL('./lib/login-flood-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATA_DIR: dir,
      RATE_LIMIT_ENABLED: 'false',
      MARKET_SOURCE: 'off',
      VARIANT: variant,
      ...env,
    },
  });
  return new Promise((resolve) =>
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port, dir })),
  );
}

async function stop(child: ChildProcess, dir: string): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}

/** Resident memory of a process now (Linux: VmRSS), in MiB. */
function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

const flood = (port: number, email: string) =>
  Promise.all(
    Array.from({ length: FLOOD }, (_, i) =>
      call(port, 'POST', '/shared/users/login', { body: { email, password: `Wrong#${i}aA` } }),
    ),
  );

/** Floods while `probe` runs back to back; the probe's times and statuses, and the logins' statuses. */
async function floodWhileProbing(port: number, email: string, probe: () => Promise<Reply>) {
  let flooding = true;
  const times: number[] = [];
  const probeStatuses: number[] = [];
  const probing = (async () => {
    while (flooding) {
      const t = now();
      probeStatuses.push((await probe()).status);
      times.push(now() - t);
    }
  })();
  const t0 = now();
  const logins = (await flood(port, email)).map((r) => r.status);
  const floodMs = now() - t0;
  flooding = false;
  await probing;
  return { logins, floodMs, times, probeStatuses };
}

const countOf = (s: number[], code: number) => s.filter((x) => x === code).length;

async function runEmbedded(ungated: boolean) {
  const { child, port, dir } = await start(ungated ? 'ungated' : 'gated', { SEED_DEMO_ACCOUNTS: 'true' });
  try {
    // Warm: one login (the dummy hash for unknown e-mails is made once).
    await call(port, 'POST', '/shared/users/login', { body: { email: 'nobody@example.com', password: 'x' } });
    const pid = child.pid ?? 0;
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 10);
    const r = await floodWhileProbing(port, 'demo-admin@goldroute.local', () =>
      call(port, 'GET', '/healthz'),
    );
    clearInterval(sampler);
    const sorted = [...r.times].sort((a, b) => a - b);
    return {
      ...r,
      probeP50: quantile(sorted, 0.5),
      probeP99: quantile(sorted, 0.99),
      rssBefore: before,
      rssPeak: peak,
    };
  } finally {
    await stop(child, dir);
  }
}

/** A confirmed account through the API; the confirmation link read from the outbox table. */
async function signUp(port: number, databaseUrl: string, email: string): Promise<string> {
  await call(port, 'POST', '/shared/users/register', { body: { email, password: PASSWORD } });
  const rows = await withClient(databaseUrl, (c) =>
    c.query<{ text: string }>('select text from outbox where "to" = $1', [email]),
  );
  const token = /\/confirm-email\/([\w-]+)/.exec(rows.rows[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link for ${email}`);
  await call(port, 'GET', `/shared/users/confirm/${token}`);
  const login = await call(port, 'POST', '/shared/users/login', { body: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  return String((JSON.parse(login.body) as { accessToken: string }).accessToken);
}

interface PgVariant {
  name: string;
  variant: 'gated' | 'reference';
  threads: number;
  /** Hashes at once, when not the gate's rule. */
  inFlight?: number;
}

async function runPostgres(databaseUrl: string, v: PgVariant, label: string) {
  const { child, port, dir } = await start(v.variant, {
    DATABASE_URL: databaseUrl,
    SEED_DEMO_ACCOUNTS: 'false',
    UV_THREADPOOL_SIZE: String(v.threads),
    ...(v.inFlight ? { HASH_IN_FLIGHT: String(v.inFlight) } : {}),
  });
  try {
    const email = `probe-${label}@bench.test`;
    const token = await signUp(port, databaseUrl, email);
    const probe = () => call(port, 'GET', '/shared/users/login-with-token', { token });
    // Warm-up, not measured: the code paths compiled, the pool's connections open.
    await floodWhileProbing(port, email, probe);
    await new Promise((r) => setTimeout(r, 1_000));
    const times: number[] = [];
    const probeStatuses: number[] = [];
    const logins: number[] = [];
    let floodMs = 0;
    for (let i = 0; i < PG_FLOODS; i++) {
      const r = await floodWhileProbing(port, email, probe);
      times.push(...r.times);
      probeStatuses.push(...r.probeStatuses);
      logins.push(...r.logins);
      floodMs += r.floodMs;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const sorted = [...times].sort((a, b) => a - b);
    return {
      logins,
      floodMs: floodMs / PG_FLOODS,
      probes: times.length,
      probeStatuses,
      probeP50: quantile(sorted, 0.5),
      probeP99: quantile(sorted, 0.99),
      probeMax: sorted[sorted.length - 1] ?? NaN,
    };
  } finally {
    await stop(child, dir);
  }
}

const m = machine();
const gated = await runEmbedded(false);
const ungated = await runEmbedded(true);
const embeddedRows = [
  [`argon2 gate (${HASH_GATE.inFlight} running, ${HASH_GATE.queued} waiting)`, gated],
  ['reference: gate opened wide', ungated],
].map(([name, r]) => {
  const x = r as typeof gated;
  return [
    name as string,
    `${countOf(x.logins, 401)} / ${countOf(x.logins, 503)}`,
    ms(x.floodMs),
    String(x.times.length),
    ms(x.probeP50),
    ms(x.probeP99),
    `${x.rssBefore.toFixed(0)} → ${x.rssPeak.toFixed(0)} MiB`,
  ];
});
const embeddedTable = table(
  [
    'variant',
    '401 / 503',
    'flood done in (ms)',
    'probes',
    'probe p50 (ms)',
    'probe p99 (ms)',
    'RSS before → peak',
  ],
  embeddedRows,
);
console.log(embeddedTable);
const met = gated.probeP99 < 200 && gated.rssPeak - gated.rssBefore < 120;

let postgresText = `PostgreSQL: not measured (set \`TEST_DATABASE_URL\` to a PostgreSQL server that may create databases).`;
if (pgAdminUrl) {
  const name = `goldroute_bench_flood_${randomBytes(4).toString('hex')}`;
  await withClient(pgAdminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  try {
    const variants: PgVariant[] = [
      {
        variant: 'reference',
        threads: 4,
        name: 'reference: 2 hashes at once, read before the gate, plain pool, 4 threads',
      },
      {
        variant: 'gated',
        threads: 8,
        name: `the app: ${HASH_GATE.inFlight} hash${HASH_GATE.inFlight === 1 ? '' : 'es'} at once, room first, 2-connection lane, wait-aware pool, 8 threads`,
      },
      { variant: 'gated', threads: 8, inFlight: 2, name: 'the app, but 2 hashes at once' },
      { variant: 'gated', threads: 4, name: "the app, but libuv's default 4 threads" },
    ];
    const results = [];
    for (const [i, v] of variants.entries())
      results.push({ ...v, r: await runPostgres(url.toString(), v, String(i)) });
    const pgRows = results.map(({ name: n, r }) => [
      n,
      `${countOf(r.logins, 401)} / ${countOf(r.logins, 503)}`,
      ms(r.floodMs),
      `${r.probes} (${r.probes - countOf(r.probeStatuses, 200)} not 200)`,
      ms(r.probeP50),
      ms(r.probeP99),
      ms(r.probeMax),
    ]);
    const pgTable = table(
      [
        'variant',
        '401 / 503',
        'flood done in (ms, mean)',
        'probes',
        'probe p50 (ms)',
        'probe p99 (ms)',
        'probe max (ms)',
      ],
      pgRows,
    );
    console.log(pgTable);
    const [before, after] = results;
    postgresText = `On PostgreSQL (a fresh database on the local server; the app in its own process, its pool of 10
connections), ${PG_FLOODS} floods of ${FLOOD} per variant, while a signed-in probe asks
\`GET /shared/users/login-with-token\` back to back (it reads the user from the database and signs a token on
libuv's threads). Load average after: ${loadText()}.

${pgTable}

Probe p99 ${ms(before?.r.probeP99 ?? NaN)} ms for the reference, ${ms(after?.r.probeP99 ?? NaN)} ms for the app (target
200 ms: ${(after?.r.probeP99 ?? Infinity) < 200 ? 'met' : 'NOT met'}). In the reference every login reads its
account before the gate turns most of them away, so ${FLOOD} reads queue for the 10 connections ahead of the probe's
(a wait past 3 s would be answered 503 "briefly unavailable"), and two hashes keep both cores busy while the event
loop has ${FLOOD} requests to answer. The app takes the gate's room first (a login turned away costs no query),
reads in a lane of 2 connections, holds none while its hash waits or runs, runs one hash per core but one (at most
2), and tells a wait for a busy pool from an outage (\`db/pg-pool.ts\`). The last two rows each put one part back.`;
  } finally {
    await withClient(pgAdminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

writeSection(
  'login-flood',
  `## ${FLOOD} concurrent wrong-password logins

\`${COMMAND}\` (${machineText(m)}). The real app in its own process (rate limits off so every request reaches the
password check), ${FLOOD} logins at once for one account. 401 / 503: logins that were checked / turned away by the
gate (with \`Retry-After: 1\`).

Embedded database, while a probe asks \`GET /healthz\` back to back:

${embeddedTable}

Target: the app keeps answering other calls with p99 under 200 ms, and memory stays bounded. With the
gate: probe p99 ${ms(gated.probeP99)} ms and RSS growth ${(gated.rssPeak - gated.rssBefore).toFixed(0)} MiB during the
flood (${met ? 'met' : 'NOT met'}). What the gate buys against the wide-open reference in the same run: the flood is over
${(ungated.floodMs / gated.floodMs).toFixed(1)}x sooner and ${(FLOOD / Math.max(1, countOf(gated.logins, 401))).toFixed(1)}x fewer hashes
are computed, because past the queue a login is answered 503 at once.

${postgresText}`,
);
