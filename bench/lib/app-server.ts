// The real server app in a child process (lib/http-server-child.ts) for the HTTP benchmarks, and plain
// loopback calls to it: the load generator then does not share the server's event loop.
import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request, type Agent } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { withClient } from '@goldroute/server/test-support/pg';

const START_TIMEOUT_MS = 15 * 60_000;

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export const jsonHeaders = { 'content-type': 'application/json' };

/** How `call` travels: on a (keep-alive) agent of its own, and how long it waits for an answer. */
export interface CallOptions {
  agent?: Agent;
  timeoutMs?: number;
}

/** One HTTP request on loopback; the body stays as sent (compressed when the server compressed it). */
export function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
  options: CallOptions = {},
): Promise<Reply> {
  return new Promise<Reply>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    const timeoutMs = options.timeoutMs;
    if (timeoutMs !== undefined)
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A JSON POST to the server (no other headers). */
const postJson = (server: AppServer, path: string, body: unknown): Promise<Reply> =>
  call(server.port, 'POST', path, jsonHeaders, JSON.stringify(body));

export interface AppServer {
  child: ChildProcess;
  port: number;
  /** The demo subscriber's password, from the server's log (empty with DATABASE_URL: no demo accounts). */
  password: string;
}

/**
 * The environment of an app process on the embedded defaults with the simulator at `size`: demo accounts
 * seeded, rate limits off (the load generator is one client), JSON logs the bench reads.
 */
export function appChildEnv(dataDir: string, size: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    DATA_DIR: dataDir,
    SEED_DEMO_ACCOUNTS: 'true',
    RATE_LIMIT_ENABLED: 'false',
    MARKET_SOURCE: 'simulator',
    SIMULATOR_SIZE: size,
  };
}

/**
 * Starts the app on the embedded defaults with the simulator at `size`, demo accounts seeded and rate
 * limits off (the load generator is one client); resolves once the first snapshots are published.
 * `options.env` adds to or overrides that environment, e.g. `DATABASE_URL` (PostgreSQL: then no demo
 * accounts are seeded, `password` is empty and `signedUpSubscriberToken` makes a subscriber);
 * `options.execArgv` adds Node flags, e.g. `--cpu-prof` (not allowed in NODE_OPTIONS).
 */
export function startAppServer(
  dataDir: string,
  size: string,
  options: { env?: Record<string, string>; execArgv?: string[] } = {},
): Promise<AppServer> {
  const env = options.env ?? {};
  const child = fork(fileURLToPath(new URL('./http-server-child.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...appChildEnv(dataDir, size), ...env },
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
      if (!password && !env.DATABASE_URL)
        reject(new Error('no demo subscriber password in the server log (SEED_DEMO_ACCOUNTS)'));
      resolve({ child, port: msg.port, password });
    });
  });
}

/** Logs the demo subscriber in; returns the access token. */
export async function demoSubscriberToken(server: AppServer): Promise<string> {
  const login = await postJson(server, '/shared/users/login', {
    email: 'demo-subscriber@goldroute.local',
    password: server.password,
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.toString()}`);
  return (JSON.parse(login.body.toString()) as { accessToken: string }).accessToken;
}

/**
 * A subscriber where no demo accounts are seeded (PostgreSQL): registers `email` through the API, confirms
 * it and grants a year of gold time straight in the database at `databaseUrl` (the confirmation mail and
 * a payment are not what is measured), logs in; returns the access token.
 */
export async function signedUpSubscriberToken(
  server: AppServer,
  databaseUrl: string,
  email = 'hot-bench@goldroute.local',
): Promise<string> {
  const password = 'HotBench#2026';
  const registered = await postJson(server, '/shared/users/register', { email, password });
  if (registered.status !== 201)
    throw new Error(`register failed: ${registered.status} ${registered.body.toString()}`);
  await withClient(databaseUrl, async (client) => {
    const confirmed = await client.query<{ id: string }>(
      'update users set email_confirmed_at = now() where email = $1 returning id',
      [email],
    );
    const userId = confirmed.rows[0]?.id;
    if (!userId) throw new Error(`no user ${email} in the database`);
    await client.query(
      `insert into subscriptions (id, user_id, source, type, starts_at, expires_at)
       values ($1, $2, 'gold', 'premium', now(), now() + interval '365 days')`,
      [randomUUID(), userId],
    );
  });
  const login = await postJson(server, '/shared/users/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.body.toString()}`);
  return (JSON.parse(login.body.toString()) as { accessToken: string }).accessToken;
}

/** Stops the app and waits for it to exit. */
export async function stopAppServer(server: AppServer): Promise<void> {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}
