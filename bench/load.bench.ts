// Load (target: docs/targets.md): simulated subscribers logging in, polling the timer and the token price,
// loading the flipping answer, starring items and saving settings, first against the scaled set (two
// web processes and a worker on PostgreSQL + Redis), then against the embedded default (one process on
// PGlite). Per call: requests, throughput, p50 / p99, errors (must be 0); peak RSS of every process.
// Rate limits are on as in production: each user has its own address (X-Forwarded-For, TRUST_PROXY).
import { randomBytes } from 'node:crypto';
import { startSmtpSink } from '../apps/server/src/test-support/smtp-sink';
import {
  sampleMemory,
  snapshotsBetween,
  startEmbeddedSet,
  startScaledSet,
  type AppSet,
  type MemoryRow,
} from './lib/cluster';
import { RoundRobin, Recorder, send, type CallSummary, type ErrorSample } from './lib/load-client';
import {
  CALLS,
  MODEL,
  REALMS_PER_LIST,
  REGION,
  favouriteKeys,
  makeUsers,
  runUser,
  setUpUser,
  type Inbox,
} from './lib/load-users';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { count, mib, ms } from './lib/stats';

const COMMAND = 'npm run bench:load --workspace bench';
const SIZE = process.env.BENCH_SIMULATOR_SIZE ?? 'standard';
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A Redis database of its own (when BENCH_REDIS_URL names none): the rate-limit keys have a fixed prefix. */
const REDIS_DB = Number(process.env.BENCH_REDIS_DB ?? 9);
/** Users set up at once (each setup hashes a password twice). */
const SETUP_CONCURRENCY = 8;
/** Users log in spread over this long at the start of the run. */
const RAMP_S = Math.min(20, SECONDS / 3);
const FAVOURITE_KEYS = 50;
/**
 * A fresh start replays 14 days of deal evidence in the background (minutes); the run starts once that
 * is over. The children get EVIDENCE_REPLAY_DAYS from this environment: 0 there skips the wait.
 */
const REPLAY = (process.env.EVIDENCE_REPLAY_DAYS ?? '14') !== '0';
/** Figures go to BENCHMARKS.md only from a run of the defaults. */
const WRITES = SECONDS === 60 && USERS === 200 && REPLAY;

interface SetResult {
  label: string;
  startS: { name: string; s: number }[];
  setupS: number;
  replayS: number;
  wallS: number;
  /** Snapshots the ingesting process published during the run (each drops the cached answers). */
  snapshots: number;
  calls: CallSummary[];
  errors: ErrorSample[];
  memory: MemoryRow[];
  problems: { name: string; lines: string[] }[];
}

async function getJson<T>(front: RoundRobin, path: string): Promise<T> {
  const reply = await send(front.next(), 'GET', path, { 'x-forwarded-for': '10.63.0.1' });
  if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}: ${reply.body.toString()}`);
  return JSON.parse(reply.body.toString()) as T;
}

/** Runs `work` on every item, at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

async function runSet(set: AppSet, inbox: Inbox): Promise<SetResult> {
  const front = new RoundRobin(set.front.map((p) => p.port));
  const realmIds = (await getJson<{ id: number }[]>(front, `/shared/data/realms/${REGION}`)).map((r) => r.id);
  const prices = await getJson<{ data: { id: string; lookup_key: string }[] }>(
    front,
    '/shared/payments/prices',
  );
  const priceId = prices.data.find((p) => p.lookup_key === 'basic_monthly')?.id;
  if (!priceId) throw new Error('no basic_monthly price');

  const users = makeUsers(USERS, realmIds, randomBytes(3).toString('hex'));
  const setupStart = performance.now();
  let done = 0;
  await pool(users, SETUP_CONCURRENCY, async (u) => {
    await setUpUser(front, inbox, u, priceId);
    if (++done % 50 === 0) console.log(`  ${done} / ${users.length} users subscribed`);
  });
  const first = users[0];
  if (!first) throw new Error('BENCH_LOAD_USERS must be at least 1');
  const keys = await favouriteKeys(front, first, FAVOURITE_KEYS);
  users.forEach((u, i) => (u.favourite = keys[i % keys.length] ?? ''));
  const setupS = (performance.now() - setupStart) / 1000;
  console.log(
    `${set.label}: ${users.length} subscribers set up in ${setupS.toFixed(1)} s; run of ${SECONDS} s`,
  );

  const recorder = new Recorder(CALLS);
  const memory = sampleMemory(set.all);
  const t0 = performance.now();
  const startedAt = Date.now();
  const deadline = t0 + SECONDS * 1000;
  await Promise.all(
    users.map((u, i) => runUser(front, u, recorder, t0 + (RAMP_S * 1000 * i) / users.length, deadline)),
  );
  const wallS = (performance.now() - t0) / 1000;
  return {
    label: set.label,
    startS: set.all.map((p) => ({ name: p.name, s: p.startMs / 1000 })),
    setupS,
    replayS: set.replayMs / 1000,
    wallS,
    snapshots: snapshotsBetween(set.ingesting, startedAt, Date.now()),
    calls: recorder.summaries(),
    errors: recorder.errors(),
    memory: memory.stop(),
    problems: set.all.map((p) => ({ name: p.name, lines: [...p.problems] })),
  };
}

function callTable(r: SetResult): string {
  const rows = r.calls.map((c) => [
    c.name,
    `\`${c.route}\``,
    count(c.requests),
    (c.requests / r.wallS).toFixed(1),
    ms(c.p50),
    ms(c.p99),
    count(c.notModified),
    count(Math.round(c.bytes / Math.max(1, c.requests))),
    String(c.errors),
  ]);
  const total = r.calls.reduce((n, c) => n + c.requests, 0);
  const errors = r.calls.reduce((n, c) => n + c.errors, 0);
  rows.push(['**all**', '', count(total), (total / r.wallS).toFixed(1), '', '', '', '', `**${errors}**`]);
  return table(
    ['call', 'route', 'requests', 'per s', 'p50 ms', 'p99 ms', '304', 'bytes / answer', 'errors'],
    rows,
  );
}

function memoryTable(r: SetResult): string {
  return table(
    ['process', 'ready after s', 'RSS at run start MiB', 'peak RSS in run MiB', 'VmHWM since start MiB'],
    r.memory.map((m) => [
      `${m.name} (\`${m.role}\`)`,
      (r.startS.find((s) => s.name === m.name)?.s ?? NaN).toFixed(1),
      mib(m.atStart),
      `**${mib(m.peak)}**`,
      mib(m.hwm),
    ]),
  );
}

function printErrors(r: SetResult): void {
  if (r.errors.length === 0) return;
  console.error(`\n${r.label}: ERRORS`);
  for (const e of r.errors) {
    console.error(
      `  ${e.count}x ${e.route} -> ${e.status} (first: user ${e.user}, port ${e.port}): ${e.body}`,
    );
  }
  for (const p of r.problems) {
    if (p.lines.length === 0) continue;
    console.error(`  ${p.name}: last warnings / errors in its log`);
    for (const line of p.lines.slice(-20)) console.error(`    ${line}`);
  }
}

async function measure(inbox: Inbox, start: () => Promise<AppSet>): Promise<SetResult> {
  const set = await start();
  try {
    const r = await runSet(set, inbox);
    console.log(`\n${r.label} (${r.wallS.toFixed(1)} s)\n${callTable(r)}\n\n${memoryTable(r)}`);
    printErrors(r);
    return r;
  } finally {
    await set.close();
  }
}

const m = machine();
/** Where both sets mail to (SMTP_URL): the confirmation links come from here. */
const mail = await startSmtpSink();
const sets = { size: SIZE, replay: REPLAY, smtpUrl: mail.url };
const scaled = await measure(mail, () =>
  startScaledSet({ adminUrl: ADMIN_URL, redisUrl: REDIS_URL, redisDb: REDIS_DB, ...sets }),
);
const embedded = await measure(mail, () => startEmbeddedSet(sets));
await mail.close();
const errors = [scaled, embedded].reduce((n, r) => n + r.errors.reduce((k, e) => k + e.count, 0), 0);

const model = MODEL.map((x) => `${x.name} every ${x.everyS} s`).join(', ');
/** Requests per second the model asks for once every user is in (the loop is closed: a bit less). */
const offered = USERS * MODEL.reduce((n, x) => n + 1 / x.everyS, 0);
const section = (r: SetResult) => `### ${r.label}

- ready: ${r.startS.map((p) => `${p.name} ${p.s.toFixed(0)} s`).join(', ')} after start${REPLAY ? `; evidence replay over ${r.replayS.toFixed(0)} s later` : ''}
- setup of ${count(USERS)} subscribers: ${r.setupS.toFixed(0)} s
- load: ${r.wallS.toFixed(1)} s; snapshots published during it: ${r.snapshots}

${callTable(r)}

${memoryTable(r)}`;

if (errors > 0) {
  console.error(`\n${errors} errors: BENCHMARKS.md left alone`);
  process.exitCode = 1;
} else if (!WRITES) {
  console.log(
    `\nnot the defaults (BENCH_LOAD_SECONDS, BENCH_LOAD_USERS, EVIDENCE_REPLAY_DAYS): BENCHMARKS.md left alone`,
  );
} else {
  writeSection(
    'load',
    `## Load: ${count(USERS)} users for ${SECONDS} s

Command: \`${COMMAND}\`\\
Machine: ${machineText(m, machine().load)}

The real app in child processes (\`buildApp\` + \`loadConfig\`, \`lib/cluster-child.ts\`) at simulator
size \`${SIZE}\` (the app's default): first the scaled set (a \`worker\` and two \`web\` processes on a
scratch PostgreSQL database and Redis), then the embedded default (one process on PGlite in a
temporary \`DATA_DIR\`). \`NODE_ENV=development\`, JSON logs at \`info\`, demo payment provider, mail
sent over SMTP to a loopback sink in the benchmark (\`SMTP_URL\`). Rate limits are on as in production:
every user has its own address, sent as \`X-Forwarded-For\`, with \`TRUST_PROXY=127.0.0.1\`. The
benchmark itself is the load balancer: it sends each request to the next web process in turn
(round-robin, keep-alive connections, no proxy process).

Before the run, outside the timing, each user becomes a subscriber through the web app's own calls:
register, the link of the confirmation mail (taken from the SMTP sink by the user's address), log in,
demo checkout of Basic monthly and Pay (posted as the checkout page's form: with the cookie the checkout
call set for that page, and \`Sec-Fetch-Site: same-origin\`), sync the checkout, save ${REALMS_PER_LIST} buying and ${REALMS_PER_LIST} selling ${REGION.toUpperCase()} realms. The
run starts once the fresh start's deal evidence replay is over (it runs in the background for minutes
and publishes a snapshot at each step); the hourly refresh may still publish one during the run.

The user model, ${count(USERS)} users for ${SECONDS} s:

- users arrive evenly over the first ${RAMP_S.toFixed(0)} s and log in (\`login\`: a real argon2id check);
- the flipping tool opens: timer, token and flipping answer at once;
- then one request at a time, like one browser tab, each call again after its period jittered between
  0.5x and 1.5x: ${model} (about ${offered.toFixed(0)} requests/s offered
  once all are in);
- token polls send \`If-None-Match\` with the last ETag, as the browser's cache does (304 is a
  success); the timer answer has no ETag, so its polls are plain 200s;
- the flipping answer: the SPEC request with the user's saved realms, asking for the compact encoding as
  the web client does (\`Accept: application/vnd.goldroute.columns, application/json;q=0.9\`), sent with
  \`Accept-Encoding: gzip, deflate, br\` and not revalidated (a POST);
- a save switches between two realm selections one buying realm apart (so the next flipping answer is
  a new search); the star is added and removed in turn.

This is much busier than the web app's own cadence (timer every 60 s, token every 15 minutes): each
simulated user stands for several real ones. Errors: any answer other than 2xx or 304, or none within
60 s; the run fails on any. "bytes / answer" as sent (compressed when the server compressed). RSS
from \`/proc/<pid>/status\` every 200 ms during the run; VmHWM also covers start-up (the worker's and
the embedded process's ingestion and replay).

${section(scaled)}

${section(embedded)}`,
  );
}
