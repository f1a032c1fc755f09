import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithRetry, UpstreamError } from './http-json';

/** A loopback server answering every request with `handler`'s status and headers; counts the hits. */
async function serve(handler: (path: string) => { status: number; headers?: Record<string, string> }) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const answer = handler(req.url ?? '');
    res.writeHead(answer.status, answer.headers).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('fetchWithRetry', () => {
  let elsewhere: Awaited<ReturnType<typeof serve>>;
  let upstream: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    elsewhere = await serve(() => ({ status: 200 }));
    upstream = await serve((path) =>
      path === '/moved'
        ? { status: 302, headers: { location: `${elsewhere.url}/internal` } }
        : { status: 200 },
    );
  });
  afterAll(async () => {
    await upstream.close();
    await elsewhere.close();
  });

  it('never follows a redirect to another host: the call fails and the other host is not reached', async () => {
    const policy = { attempts: 2, baseDelayMs: 1, timeoutMs: 2_000 };
    await expect(fetchWithRetry(`${upstream.url}/moved`, {}, policy)).rejects.toBeInstanceOf(UpstreamError);
    expect(upstream.hits).toEqual(['/moved', '/moved']);
    expect(elsewhere.hits).toEqual([]);
    expect((await fetchWithRetry(`${upstream.url}/fine`, {}, policy)).status).toBe(200);
  });
});
