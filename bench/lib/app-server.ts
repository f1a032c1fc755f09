// The real server app in a child process (lib/http-server-child.ts) for the HTTP benchmarks, and plain
// loopback calls to it: the load generator then does not share the server's event loop.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const START_TIMEOUT_MS = 15 * 60_000;

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export const jsonHeaders = { 'content-type': 'application/json' };

/** One HTTP request on loopback; the body stays as sent (compressed when the server compressed it). */
export function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Reply> {
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

export interface AppServer {
  child: ChildProcess;
  port: number;
  /** The demo subscriber's password, from the server's log. */
  password: string;
}

/**
 * Starts the app on the embedded defaults with the simulator at `size`, demo accounts seeded and rate
 * limits off (the load generator is one client); resolves once the first snapshots are published.
 */
export function startAppServer(dataDir: string, size: string): Promise<AppServer> {
  const child = fork(fileURLToPath(new URL('./http-server-child.ts', import.meta.url)), {
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
      SIMULATOR_SIZE: size,
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

/** Logs the demo subscriber in; returns the access token. */
export async function demoSubscriberToken(server: AppServer): Promise<string> {
  const login = await call(
    server.port,
    'POST',
    '/shared/users/login',
    jsonHeaders,
    JSON.stringify({ email: 'demo-subscriber@goldroute.local', password: server.password }),
  );
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.toString()}`);
  return (JSON.parse(login.body.toString()) as { accessToken: string }).accessToken;
}

/** Stops the app and waits for it to exit. */
export async function stopAppServer(server: AppServer): Promise<void> {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}
