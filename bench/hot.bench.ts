// The calls every screen repeats (targets: docs/targets.md): the profile each screen loads, the token,
// timer and realm list the tool pages poll, and the prices of the pricing page, against the bare
// GET /healthz of the same server in the same run; once on the embedded default (PGlite) and once on
// PostgreSQL (a scratch database). The real app in its own process (simulator, a signed-in subscriber,
// rate limits off: the load generator is one client); autocannon, 20 connections, 10 s a call. On
// PostgreSQL the database's committed transactions are counted around each call: with autocommit, one
// per query the app sent.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { withClient } from '@goldroute/server/test-support/pg';
import {
  call,
  demoSubscriberToken,
  signedUpSubscriberToken,
  startAppServer,
  stopAppServer,
  type AppServer,
} from './lib/app-server';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { ms } from './lib/stats';

const COMMAND = 'npm run bench:hot --workspace bench';
const SIZE = process.env.BENCH_SIMULATOR_SIZE ?? 'standard';
/** The PostgreSQL server to make the scratch database on (and drop it afterwards). */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
/** `embedded,postgres` (default), or one of them for a quick look (BENCHMARKS.md is then left alone). */
const DATABASES = (process.env.BENCH_HOT_DATABASES ?? 'embedded,postgres').split(',');
/** A directory: the app processes write V8 CPU profiles there (--cpu-prof). */
const PROFILE_DIR = process.env.BENCH_HOT_PROFILE_DIR;
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_HOT_SECONDS ?? 10);
/** Target: each hot call at least this share of the bare /healthz rate, and p99 under 50 ms. */
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 50;

interface Call {
  name: string;
  path: string;
  signedIn: boolean;
  /** Sent with `Accept-Encoding: gzip`, as every browser sends it. */
  gzip?: boolean;
}
const CALLS: Call[] = [
  { name: 'bare /healthz (reference)', path: '/healthz', signedIn: false },
  { name: 'profile (every screen)', path: '/shared/users/profile', signedIn: true },
  { name: 'token (tool pages poll)', path: '/shared/data/token/us', signedIn: true },
  { name: 'token, gzip (as browsers ask)', path: '/shared/data/token/us', signedIn: true, gzip: true },
  { name: 'timer (tool pages poll)', path: '/shared/data/timer/us', signedIn: true },
  { name: 'realm list', path: '/shared/data/realms/us', signedIn: true },
  { name: 'prices (pricing page)', path: '/shared/payments/prices', signedIn: true },
];

interface Database {
  label: string;
  /** Environment of the app process. */
  env: Record<string, string>;
  /** The app's queries so far (PostgreSQL only). */
  queries?: () => Promise<number>;
  subscriberToken(server: AppServer): Promise<string>;
  close(): Promise<void>;
}

function embedded(): Database {
  return {
    label: 'embedded default (PGlite)',
    env: {},
    subscriberToken: demoSubscriberToken,
    close: async () => {},
  };
}

/** A scratch database on ADMIN_URL's server, dropped by close(). */
async function postgres(): Promise<Database> {
  const name = `goldroute_bench_hot_${randomBytes(4).toString('hex')}`;
  await withClient(ADMIN_URL, (c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const stats = new pg.Client({ connectionString: databaseUrl });
  await stats.connect();
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: databaseUrl },
    // A busy backend reports its statistics at most once a second, and what is left when it goes idle
    // after 10 s of idleness (PostgreSQL 15+): the count is complete 10 s after the load stops.
    queries: async () => {
      await sleep(11_000);
      const r = await stats.query<{ n: string }>(
        'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
      );
      // This query is a transaction of its own: not the app's.
      return Number(r.rows[0]?.n ?? NaN);
    },
    subscriberToken: (server) => signedUpSubscriberToken(server, databaseUrl),
    close: async () => {
      await stats.end();
      await withClient(ADMIN_URL, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

interface Measured {
  call: Call;
  r: Awaited<ReturnType<typeof autocannon>>;
  bytes: number;
  /** App queries per request (PostgreSQL). */
  queriesPerRequest: number | null;
}

async function measure(db: Database): Promise<Measured[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'goldroute-bench-'));
  const env: Record<string, string> = {
    ...db.env,
    // None of these calls reads deal evidence, and the replay of its 14 days would take the CPU for the
    // first minutes, so each call would share it with a different part of the replay.
    EVIDENCE_REPLAY_DAYS: '0',
  };
  const execArgv = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const server = await startAppServer(dataDir, SIZE, { env, execArgv });
  try {
    const token = await db.subscriberToken(server);
    const results: Measured[] = [];
    for (const c of CALLS) {
      const headers: Record<string, string> = {
        ...(c.signedIn ? { authorization: `Bearer ${token}` } : {}),
        ...(c.gzip ? { 'accept-encoding': 'gzip' } : {}),
      };
      const first = await call(server.port, 'GET', c.path, headers);
      if (first.status !== 200) throw new Error(`GET ${c.path} answered ${first.status}`);
      const before = await db.queries?.();
      const r = await autocannon({
        url: `http://127.0.0.1:${server.port}${c.path}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers,
      });
      const after = await db.queries?.();
      // Less the statistics query itself.
      const queriesPerRequest =
        before === undefined || after === undefined ? null : (after - before - 1) / (r['2xx'] + r.non2xx);
      results.push({ call: c, r, bytes: first.body.length, queriesPerRequest });
      console.log(
        `${db.label} ${c.path}: ${r.requests.average.toFixed(0)} req/s, p99 ${r.latency.p99} ms` +
          (queriesPerRequest === null ? '' : `, ${queriesPerRequest.toFixed(4)} queries/request`),
      );
    }
    return results;
  } finally {
    await stopAppServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let failed = false;

function report(label: string, results: Measured[]): string {
  const bare = results[0]?.r.requests.average ?? NaN;
  const counted = results.some((x) => x.queriesPerRequest !== null);
  const rows = results.map(({ call: c, r, bytes, queriesPerRequest }) => {
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
      ...(counted ? [queriesPerRequest === null ? '—' : (queriesPerRequest * 1000).toFixed(1)] : []),
      String(errors),
      String(bytes),
      c.path === '/healthz' ? '—' : met ? 'met' : 'NOT met',
    ];
  });
  const header = [
    'call',
    'route',
    'requests/s',
    'p50 ms',
    'p99 ms',
    'vs /healthz',
    ...(counted ? ['queries / 1000 req'] : []),
    'errors',
    'bytes',
    'target',
  ];
  const out = `**${label}**\n\n${table(header, rows)}`;
  console.log(`\n${out}`);
  return out;
}

const m = machine();
const tables: string[] = [];
for (const kind of DATABASES) {
  if (kind !== 'embedded' && kind !== 'postgres') throw new Error(`unknown database ${kind}`);
  const db = kind === 'embedded' ? embedded() : await postgres();
  try {
    tables.push(report(db.label, await measure(db)));
  } finally {
    await db.close();
  }
}

if (DATABASES.length === 2) {
  writeSection(
    'hot',
    `## Hot paths against the bare server

Command: \`${COMMAND}\`\\
Machine: ${machineText(m, machine().load)}

The real app in its own process, twice: on the embedded default (PGlite), then on PostgreSQL (a
scratch database on the local server, dropped afterwards). Simulator \`${SIZE}\`, evidence replay off
(\`EVIDENCE_REPLAY_DAYS=0\`: none of these calls reads evidence, and the replay would take the CPU of
the first minutes), a subscriber signed in with a bearer token (the demo subscriber; on PostgreSQL,
which gets no demo accounts, one registered through the API and granted gold time in the database),
rate limits off (the load generator is one client). autocannon in the benchmark process,
${CONNECTIONS} connections for ${DURATION_S} s a call, one call after another; "vs /healthz" divides
by the bare \`GET /healthz\` of the same server in the same run. Target: at least ${TARGET_RATIO}x and
p99 under ${TARGET_P99_MS} ms. "queries / 1000 req": transactions committed in the database during
the call (autocommit: one per query), less the counting query, per 1000 requests; background jobs
add a few.

${tables.join('\n\n')}`,
  );
}
if (failed) process.exitCode = 1;
