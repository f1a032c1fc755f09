// 200 concurrent logins with wrong passwords against the real app (its own process, embedded database),
// while a probe asks GET /healthz back to back: the probe's p99 and the server's peak RSS, with the argon2
// gate (2 hashes at once, 16 waiting, the rest 503) and, as the reference in the same run, with the gate
// opened wide. Targets (issue 12): RSS bounded, other calls answered with p99 under 200 ms.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { ms, now, quantile } from './lib/stats';

const COMMAND = 'npm run bench:login-flood --workspace bench';
const FLOOD = 200;

function call(port: number, method: string, path: string, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function start(ungated: boolean): Promise<{ child: ChildProcess; port: number; dir: string }> {
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
      SEED_DEMO_ACCOUNTS: 'true',
      RATE_LIMIT_ENABLED: 'false',
      MARKET_SOURCE: 'off',
      UNGATED: ungated ? '1' : '0',
    },
  });
  return new Promise((resolve) =>
    child.once('message', (m: { port: number }) => resolve({ child, port: m.port, dir })),
  );
}

/** Resident memory of a process now (Linux: VmRSS), in MiB. */
function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

async function run(ungated: boolean) {
  const { child, port, dir } = await start(ungated);
  try {
    // Warm: one login (the dummy hash for unknown e-mails is made once).
    await call(
      port,
      'POST',
      '/shared/users/login',
      JSON.stringify({ email: 'nobody@example.com', password: 'x' }),
    );
    const pid = child.pid ?? 0;
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 10);
    let flooding = true;
    const probe: number[] = [];
    const probing = (async () => {
      while (flooding) {
        const t = now();
        await call(port, 'GET', '/healthz');
        probe.push(now() - t);
      }
    })();
    const t0 = now();
    const statuses = await Promise.all(
      Array.from({ length: FLOOD }, (_, i) =>
        call(
          port,
          'POST',
          '/shared/users/login',
          JSON.stringify({ email: 'demo-admin@goldroute.local', password: `Wrong#${i}aA` }),
        ),
      ),
    );
    const floodMs = now() - t0;
    flooding = false;
    await probing;
    clearInterval(sampler);
    const sorted = [...probe].sort((a, b) => a - b);
    return {
      statuses,
      floodMs,
      probeP50: quantile(sorted, 0.5),
      probeP99: quantile(sorted, 0.99),
      probes: probe.length,
      rssBefore: before,
      rssPeak: peak,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  }
}

const m = machine();
const gated = await run(false);
const ungated = await run(true);
const countOf = (s: number[], code: number) => s.filter((x) => x === code).length;
const rows = [
  ['argon2 gate (2 running, 16 waiting)', gated],
  ['reference: gate opened wide', ungated],
].map(([name, r]) => {
  const x = r as typeof gated;
  return [
    name as string,
    `${countOf(x.statuses, 401)} / ${countOf(x.statuses, 503)}`,
    ms(x.floodMs),
    String(x.probes),
    ms(x.probeP50),
    ms(x.probeP99),
    `${x.rssBefore.toFixed(0)} → ${x.rssPeak.toFixed(0)} MiB`,
  ];
});
const header = [
  'variant',
  '401 / 503',
  'flood done in (ms)',
  'probes',
  'probe p50 (ms)',
  'probe p99 (ms)',
  'RSS before → peak',
];
const text = table(header, rows);
console.log(text);
const met = gated.probeP99 < 200 && gated.rssPeak - gated.rssBefore < 120;
writeSection(
  'login-flood',
  `## ${FLOOD} concurrent wrong-password logins

\`${COMMAND}\` (${machineText(m)}). The real app in its own process (embedded database, rate limits off so every
request reaches the password check), ${FLOOD} logins at once for one account, while a probe asks \`GET /healthz\`
back to back. 401 / 503: logins that were checked / turned away by the gate (with \`Retry-After: 1\`).

${text}

Targets (issue 12): the app keeps answering other calls with p99 under 200 ms, and memory stays bounded. With the
gate: probe p99 ${ms(gated.probeP99)} ms and RSS growth ${(gated.rssPeak - gated.rssBefore).toFixed(0)} MiB during the
flood (${met ? 'met' : 'NOT met'}). What the gate buys against the wide-open reference in the same run: the flood is over
${(ungated.floodMs / gated.floodMs).toFixed(1)}x sooner and ${(FLOOD / Math.max(1, countOf(gated.statuses, 401))).toFixed(1)}x fewer hashes
are computed, because past the queue a login is answered 503 at once; libuv's four threads already bound the memory
of the open reference (RSS growth ${(ungated.rssPeak - ungated.rssBefore).toFixed(0)} MiB), but every one of its ${FLOOD}
requests waits its turn on them, and with them every other call that needs those threads (gzip of market answers,
file reads).`,
);
