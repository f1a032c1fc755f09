import { stripVTControlCharacters } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from '../test-support/accounts';
import { registerErrorHandler } from './errors';
import { loggingOptions } from './logger';
import { REDACTED, registerRequestLog } from './request-log';

// What a developer's terminal and a production log collector receive, counted as they would count it: lines.

const TOKEN = 'T'.repeat(43);
/** Calls that each write nothing but their request line (colours aside). */
const CALLS = [
  { path: '/shared/users/profile', status: 401 },
  { path: `/shared/users/confirm/${TOKEN}`, status: 400, logged: `/shared/users/confirm/${REDACTED}` },
  { path: '/shared/no-such-route', status: 404 },
  { path: '/shared/users/profile?x=1', status: 401 },
] as const;
const PROBES = ['/healthz', '/readyz', '/healthz', '/readyz'];

async function startLogged(env: Record<string, string>): Promise<{ h: Harness; lines: string[] }> {
  const lines: string[] = [];
  const h = await startHarness(env, {
    logStream: {
      write: (chunk) => void lines.push(...stripVTControlCharacters(chunk).split('\n').filter(Boolean)),
    },
  });
  return { h, lines };
}

/** Makes the calls one after another, waits until `expected` lines have arrived, and gives the statuses. */
async function callAndWait(h: Harness, lines: string[], paths: readonly string[], expected: number) {
  lines.length = 0;
  const statuses: number[] = [];
  for (const path of paths) statuses.push((await h.api.get(path)).status);
  await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(expected));
  return statuses;
}

/** Makes every one of CALLS, waits for their request lines, and gives the statuses. */
const callEvery = (app: { h: Harness; lines: string[] }) =>
  callAndWait(
    app.h,
    app.lines,
    CALLS.map((c) => c.path),
    CALLS.length,
  );

describe('development log (NODE_ENV unset, LOG_FORMAT auto)', () => {
  let app: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    app = await startLogged({ NODE_ENV: 'development', LOG_FORMAT: 'auto', LOG_LEVEL: 'info' });
  });
  afterAll(() => app.h.close());

  it('writes exactly one line per request: time, level, method, redacted url, status and time taken', async () => {
    const statuses = await callEvery(app);
    expect(statuses).toEqual(CALLS.map((c) => c.status));
    expect(app.lines).toHaveLength(CALLS.length);
    // The clock time and the milliseconds vary; the rest is exact.
    const shapes = app.lines.map((line) =>
      line.replace(/^\[\d\d:\d\d:\d\d\] /, '[T] ').replace(/ \d+ms$/, ' Nms'),
    );
    expect(shapes).toEqual(
      CALLS.map((c) => `[T] INFO: GET ${'logged' in c ? c.logged : c.path} ${c.status} Nms`),
    );
    expect(app.lines.join('\n')).not.toContain(TOKEN);
  });

  it('writes no line for readiness and liveness polls at info', async () => {
    await callAndWait(app.h, app.lines, [...PROBES, '/shared/users/profile'], 1);
    expect(app.lines).toEqual([expect.stringContaining('GET /shared/users/profile 401')]);
  });
});

describe('production log (NODE_ENV=production)', () => {
  let app: Awaited<ReturnType<typeof startLogged>>;
  beforeAll(async () => {
    app = await startLogged({
      NODE_ENV: 'production',
      LOG_FORMAT: 'auto',
      // Debug, to see that the polls are there but below info.
      LOG_LEVEL: 'debug',
      JWT_SECRET: 'p'.repeat(40),
      PAYMENT_PROVIDER: 'demo',
      ALLOW_DEMO_PAYMENTS: 'true',
    });
  });
  afterAll(() => app.h.close());

  const entries = () => app.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one JSON line per request, at info, with method, redacted url, status and time taken', async () => {
    const statuses = await callEvery(app);
    expect(statuses).toEqual(CALLS.map((c) => c.status));
    const requests = entries().filter((e) => e.msg === 'request');
    expect(requests).toHaveLength(CALLS.length);
    CALLS.forEach((call, i) =>
      expect(requests[i]).toMatchObject({
        level: 30,
        method: 'GET',
        url: 'logged' in call ? call.logged : call.path,
        status: call.status,
        ms: expect.any(Number),
        ip: '127.0.0.1',
      }),
    );
    expect(app.lines.join('\n')).not.toContain(TOKEN);
  });

  it('logs readiness and liveness polls at debug, never at info', async () => {
    await callAndWait(app.h, app.lines, PROBES, PROBES.length);
    const polls = entries().filter((e) => e.msg === 'request');
    expect(polls.map((e) => [e.url, e.level])).toEqual(PROBES.map((path) => [path, 20]));
  });
});

describe('a failing request', () => {
  /** A route that throws, logged as the app logs; gives what was written once the request line is in. */
  async function failOnce(prettyLogs: boolean): Promise<string> {
    const out: string[] = [];
    const app = Fastify(
      loggingOptions(
        { logLevel: 'info', prettyLogs },
        { write: (c) => void out.push(stripVTControlCharacters(c)) },
      ),
    );
    registerErrorHandler(app);
    registerRequestLog(app);
    app.get('/shared/broken', async () => {
      throw new Error('kaboom');
    });
    expect((await app.inject('/shared/broken')).statusCode).toBe(500);
    await vi.waitFor(() => expect(out.join('')).toContain('/shared/broken'));
    await app.close();
    return out.join('');
  }

  it('in development: an ERROR line, the whole stack under it, then its one request line', async () => {
    const text = await failOnce(true);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: request failed .*\n\s+err: \{/m);
    expect(text).toMatch(/"stack":\s*\n?\s*Error: kaboom\n\s+at .*logger\.test\.ts/);
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/shared\/broken 500 \d+ms$/m);
  });

  it('in production: a JSON line at error with the stack of the error', async () => {
    const entries = (await failOnce(false))
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { level: number; msg: string; err?: { message: string; stack: string } },
      );
    const failure = entries.find((e) => e.level === 50);
    expect(failure).toMatchObject({ msg: 'request failed', err: { message: 'kaboom' } });
    expect(failure?.err?.stack).toMatch(/^Error: kaboom\n\s+at .*logger\.test\.ts/);
    expect(entries.filter((e) => e.msg === 'request')).toMatchObject([{ level: 30, status: 500 }]);
  });
});
