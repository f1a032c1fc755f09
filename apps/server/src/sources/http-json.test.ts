import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithRetry, UpstreamError } from './http-json';
import { createRateGate } from './rate-gate';

/** A loopback server answering every request with `handler`'s status and headers; counts the hits. */
async function serve(handler: (path: string) => { status: number; headers?: Record<string, string> }) {
  const hits: string[] = [];
  const arrivals: number[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    arrivals.push(performance.now());
    const answer = handler(req.url ?? '');
    res.writeHead(answer.status, answer.headers).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, hits, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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

describe('fetchWithRetry through a rate gate', () => {
  const policy = { attempts: 3, baseDelayMs: 1, timeoutMs: 2_000 };

  it('never lets more than 100 requests reach the server in any second', async () => {
    const upstream = await serve(() => ({ status: 200 }));
    try {
      const gate = createRateGate();
      await Promise.all(
        Array.from({ length: 140 }, (_, i) =>
          fetchWithRetry(`${upstream.url}/r${i}`, {}, policy, gate).then((res) => res.text()),
        ),
      );
      const at = [...upstream.arrivals].sort((a, b) => a - b);
      expect(at).toHaveLength(140);
      for (let i = 0; i + 100 < at.length; i++)
        expect((at[i + 100] as number) - (at[i] as number)).toBeGreaterThanOrEqual(1000);
    } finally {
      await upstream.close();
    }
  });

  it("a 429's Retry-After holds back every request through the gate, not only the refused one", async () => {
    let refused = false;
    const upstream = await serve((path) => {
      if (path === '/busy' && !refused) {
        refused = true;
        return { status: 429, headers: { 'retry-after': '1' } };
      }
      return { status: 200 };
    });
    try {
      const gate = createRateGate();
      const start = performance.now();
      const busy = fetchWithRetry(`${upstream.url}/busy`, {}, policy, gate);
      while (!refused) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setTimeout(resolve, 20));
      const other = await fetchWithRetry(`${upstream.url}/other`, {}, policy, gate);
      expect(other.status).toBe(200);
      expect(performance.now() - start).toBeGreaterThanOrEqual(1000);
      expect((await busy).status).toBe(200);
      expect(upstream.hits.filter((h) => h === '/busy')).toHaveLength(2);

      // Without a gate the same 429 holds back only its own request.
      refused = false;
      const alone = performance.now();
      const retried = fetchWithRetry(`${upstream.url}/busy`, {}, policy);
      while (!refused) await new Promise((resolve) => setTimeout(resolve, 5));
      await fetchWithRetry(`${upstream.url}/other`, {}, policy);
      expect(performance.now() - alone).toBeLessThan(500);
      await retried;
    } finally {
      await upstream.close();
    }
  });
});
