// SIGTERM while requests are under way (the embedded single process): every request already received
// completes, idle keep-alive connections do not hold the exit, and the process exits cleanly within 10 s.
import { Agent, request, type ClientRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { call } from './support/api';
import { demoAccount, embeddedOnFreshDir } from './support/embedded';
import { proved, seconds, sleep } from './support/report';
import { settingsFor } from './support/traffic';

/** server.ts forces an exit (code 1) after this; a clean one comes before, with code 0. */
const EXIT_BOUND_MS = 10_000;
/**
 * Logins at once: password hashing lets 2 run and queues 16 (users/passwords.ts), so the last ones are
 * still waiting for a hash, seconds long, when the signal comes.
 */
const LOGINS = 16;
/**
 * From the last request written to the signal: the server reads them meanwhile (a request still in the
 * listen backlog when the listener closes is refused, as with any server; the load balancer's business).
 */
const RECEIVE_MS = 400;
/** The slow client's body keeps arriving this long after the signal. */
const SLOW_BODY_MS = 2_000;
/** Fastify's answer to a request read after close() began (return503OnClosing). */
const SHED = '"error":"Service Unavailable"';

interface Raw {
  status: number;
  error?: string;
  end: number;
}

interface Sent {
  /** Resolves once the request is written to its connection. */
  sent: Promise<void>;
  answer: Promise<Raw>;
}

/** One request on `agent` (keep-alive or not), never throwing: a reset connection is an answer too. */
function raw(port: number, agent: Agent, method: string, path: string, body?: unknown, token?: string): Sent {
  let sent = () => undefined as void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<Raw>((resolve) => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          end: Date.now(),
          ...(res.statusCode === 200 ? {} : { error: `${res.statusCode} ${path} ${text.slice(0, 200)}` }),
        }),
      );
      res.on('error', (err) => resolve({ status: 0, error: String(err), end: Date.now() }));
    });
    req.on('finish', sent);
    req.on('error', (err) => {
      sent();
      resolve({ status: 0, error: (err as NodeJS.ErrnoException).code ?? String(err), end: Date.now() });
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
  return { sent: written, answer };
}

/**
 * A settings write whose body arrives slowly, as from a slow client: the headers and a first piece at once,
 * the rest a piece at a time when `drip()` is called. Under way on the server from its headers on.
 */
function slowWrite(port: number, body: unknown, token: string) {
  const text = JSON.stringify(body);
  const pieces = text.match(/.{1,8}/gs) ?? [];
  let req: ClientRequest | undefined;
  const answer = new Promise<Raw>((resolve) => {
    req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: '/shared/users/settings',
        agent: false,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'content-length': text.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, end: Date.now() }));
      },
    );
    req.on('error', (err) =>
      resolve({ status: 0, error: (err as NodeJS.ErrnoException).code ?? String(err), end: Date.now() }),
    );
    req.write(pieces.shift() ?? '');
  });
  return {
    answer,
    /** Sends the rest over `ms`. */
    async drip(ms: number) {
      const every = ms / Math.max(1, pieces.length);
      for (const piece of pieces) {
        await sleep(every);
        req?.write(piece);
      }
      req?.end();
    },
  };
}

describe('SIGTERM during requests', () => {
  const { start } = embeddedOnFreshDir();

  it('completes the requests under way and exits within 10 s, keep-alive connections included', async () => {
    const app = await start('embedded');
    const subscriber = await demoAccount(app, 'subscriber');
    const realms = await call(app.baseUrl, 'GET', '/shared/data/realms/us');
    const realmIds = (realms.body as unknown as { id: number }[]).map((r) => r.id);

    // A keep-alive connection left idle after one answer, as browsers and proxies keep them.
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await raw(app.port, keepAlive, 'GET', '/healthz').answer;
    expect(idle.status).toBe(200);
    let idleClosedAt = 0;
    const idleSocket = Object.values(keepAlive.freeSockets).flat()[0];
    idleSocket?.once('close', () => (idleClosedAt = Date.now()));
    expect(idleSocket).toBeDefined();

    // Requests under way: logins waiting for a password hash, a flipping answer, settings writes, and one
    // settings write from a slow client whose body is still arriving seconds after the signal.
    const fresh = new Agent({ keepAlive: false });
    const busy = new Agent({ keepAlive: true, maxSockets: 1 });
    const inFlight = [
      // One on the keep-alive connection: it must be closed after its answer, not kept open until the exit is forced.
      raw(app.port, busy, 'POST', '/shared/users/login', {
        email: subscriber.email,
        password: subscriber.password,
      }),
      ...Array.from({ length: LOGINS - 1 }, () =>
        raw(app.port, fresh, 'POST', '/shared/users/login', {
          email: subscriber.email,
          password: subscriber.password,
        }),
      ),
      raw(
        app.port,
        fresh,
        'POST',
        '/retail/market/ah-data-undercut/us',
        { retailBuyingRealms: realmIds.slice(0, 2), retailSellingRealms: realmIds.slice(2) },
        subscriber.token,
      ),
      ...[1, 2, 3].map((seq) =>
        raw(app.port, fresh, 'PUT', '/shared/users/settings', settingsFor(seq, realmIds), subscriber.token),
      ),
    ];
    const slow = slowWrite(app.port, settingsFor(4, realmIds), subscriber.token);
    // Received, not just sent: written to their connections, and a moment for the server to read them.
    await Promise.all(inFlight.map((r) => r.sent));
    await sleep(RECEIVE_MS);
    app.child.kill('SIGTERM');
    const signalledAt = Date.now();
    await slow.drip(SLOW_BODY_MS);
    const exit = await app.exited;
    const exitMs = Date.now() - signalledAt;
    const answers = await Promise.all([...inFlight.map((r) => r.answer), slow.answer]);
    const after = await raw(app.port, fresh, 'GET', '/healthz').answer;

    // What the server had begun before the signal (its request log: finished at `time`, after `ms`) must
    // finish normally. A request it had not read yet is shed with Fastify's 503 on closing (no handler
    // ran, the caller may retry elsewhere); nothing is cut off.
    const logged = app.logged(/^request$/).map((l) => ({
      url: String(l.url),
      status: Number(l.status),
      start: Number(l.time) - Number(l.ms),
      end: Number(l.time),
    }));
    const underWay = logged.filter((l) => l.start < signalledAt && l.end >= signalledAt);
    expect(underWay.filter((l) => l.status !== 200)).toEqual([]);
    expect(underWay.length).toBeGreaterThan(0);
    expect(
      answers
        .filter((a) => a.status !== 200 && !(a.status === 503 && a.error?.includes(SHED)))
        .map((a) => a.error),
    ).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(EXIT_BOUND_MS);
    expect(idleClosedAt).toBeGreaterThan(0);
    expect(after.error).toBe('ECONNREFUSED');
    const shed = answers.filter((a) => a.status === 503).length;
    proved(
      'SIGTERM during requests',
      `${answers.length} requests sent (${LOGINS} logins queued for password hashing, a flipping answer, 4 settings writes, one of them from a slow client whose body took ${seconds(SLOW_BODY_MS)} after the signal): the ${underWay.length} the server had under way at the signal all finished 200 after it, ${shed} not yet read were shed with 503, none cut off; the idle keep-alive connection was closed; exit code 0 ${seconds(exitMs)} after SIGTERM (bound 10 s); new connections then refused`,
    );
    keepAlive.destroy();
    busy.destroy();
  });
});
