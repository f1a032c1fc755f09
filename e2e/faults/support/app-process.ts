// The real server program (`node --import tsx apps/server/src/server.ts`) as a child process, configured
// by its environment only, as in production; its JSON log lines are kept for the checks and for failures.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 180_000;

export type LogLine = Record<string, unknown>;

/** A started child, listening or not yet. */
export interface AppChild {
  readonly name: string;
  readonly pid: number;
  readonly child: ChildProcess;
  /** Resolves with the exit code or signal once the process is gone. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its log lines whose message matches, oldest first. */
  logged(pattern: RegExp): LogLine[];
  /** Waits for a log line whose message matches (one logged earlier counts). */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<LogLine>;
  /** Last lines, for an assertion message. */
  tail(lines?: number): string;
}

export interface AppProcess extends AppChild {
  readonly port: number;
  readonly baseUrl: string;
}

/** Settings every process of the suite shares: small market, quick schedules, JSON logs, loopback only. */
export const BASE_ENV: Record<string, string> = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  MARKET_SOURCE: 'simulator',
  SIMULATOR_SIZE: 'tiny',
  EVIDENCE_REPLAY_DAYS: '0',
  PAYMENT_PROVIDER: 'demo',
  SMTP_URL: '',
  RATE_LIMIT_ENABLED: 'true',
  TRUST_PROXY: 'false',
  // As `npm run serve` starts it: room beside the password hashes on libuv's threads (server.ts).
  UV_THREADPOOL_SIZE: '8',
};

function spawnApp(name: string, env: Record<string, string>): AppChild {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A case lasts minutes: every line is kept.
  const lines: LogLine[] = [];
  const waiters: { pattern: RegExp; resolve: (line: LogLine) => void }[] = [];
  const onLine = (line: LogLine) => {
    lines.push(line);
    const msg = String(line.msg ?? '');
    for (const w of [...waiters]) {
      if (!w.pattern.test(msg)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  };
  createInterface({ input: child.stdout }).on('line', (text) => {
    try {
      onLine(JSON.parse(text) as LogLine);
    } catch {
      onLine({ msg: text, level: 50 });
    }
  });
  // Anything on stderr is unexpected (the logger writes to stdout): kept as an error line.
  createInterface({ input: child.stderr }).on('line', (text) =>
    onLine({ msg: text, level: 50, stderr: true }),
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const logged = (pattern: RegExp) => lines.filter((l) => pattern.test(String(l.msg ?? '')));
  const tail = (n = 30) =>
    lines
      .slice(-n)
      .map((l) => JSON.stringify(l))
      .join('\n');
  const waitForLog = (pattern: RegExp, timeoutMs: number) => {
    const earlier = logged(pattern)[0];
    if (earlier) return Promise.resolve(earlier);
    return new Promise<LogLine>((resolve, reject) => {
      const waiter = {
        pattern,
        resolve: (line: LogLine) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        reject(new Error(`${name}: no log line ${pattern} within ${timeoutMs} ms\n${tail()}`));
      }, timeoutMs);
      waiters.push(waiter);
    });
  };
  return { name, pid: child.pid ?? 0, child, exited, logged, waitForLog, tail };
}

/**
 * Starts the server with BASE_ENV + `env` (nothing inherited but PATH and HOME); resolves once it listens
 * (rejects if it exits first). `onSpawn` gets the child at once, for a case that acts before it listens.
 */
export async function startAppProcess(
  name: string,
  env: Record<string, string>,
  onSpawn?: (app: AppChild) => void,
): Promise<AppProcess> {
  const app = spawnApp(name, env);
  onSpawn?.(app);
  const died = app.exited.then(({ code, signal }) => {
    throw new Error(`${name} exited (${code ?? signal}) before it listened\n${app.tail()}`);
  });
  // Once it listens, a later exit is the case's business, not an unhandled rejection.
  died.catch(() => undefined);
  let line: LogLine;
  try {
    line = await Promise.race([
      app.waitForLog(/^Server listening at http:\/\/127\.0\.0\.1:\d+$/, START_TIMEOUT_MS),
      died,
    ]);
  } catch (err) {
    app.child.kill('SIGKILL');
    throw err;
  }
  const port = Number(/:(\d+)$/.exec(String(line.msg))?.[1]);
  return { ...app, port, baseUrl: `http://127.0.0.1:${port}` };
}

export interface Stopped {
  name: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From SIGTERM to the exit. */
  ms: number;
}

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it is gone. */
export async function stopAppProcess(p: AppChild, graceMs = 15_000): Promise<Stopped> {
  const started = Date.now();
  if (p.child.exitCode === null && p.child.signalCode === null) {
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
    await p.exited;
    clearTimeout(timer);
  }
  const { code, signal } = await p.exited;
  return { name: p.name, code, signal, ms: Date.now() - started };
}
