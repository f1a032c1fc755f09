import type { SnapshotEvent } from '@goldroute/domain/api';
import { describe, expect, it, vi } from 'vitest';
import { EVENTS_PATH, streamSnapshots, type SnapshotStreamOptions } from './snapshot-stream';

const snapshot = (lastModified: number, region: 'us' | 'eu' = 'us'): SnapshotEvent => ({
  region,
  lastModified,
  realmsChanged: 80,
  lateRealms: [{ id: 3391, label: 'Kazzak', lastModified: lastModified - 4320 }],
});

/** A server-sent event answer whose chunks the test writes, split wherever it likes. */
function eventStreamAnswer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const frame = (event: SnapshotEvent, id: string) =>
  `event: snapshot\nid: ${id}\ndata: ${JSON.stringify(event)}\n\n`;

interface Connect {
  url: string;
  headers: Headers;
}

/** A fetch that answers each connect with the next answer, recording what each connect sent. */
function serverOf(answers: (() => Response)[]) {
  const connects: Connect[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    connects.push({ url: String(input), headers: new Headers(init?.headers) });
    const next = answers.shift();
    if (!next) return new Promise<Response>(() => {});
    return next();
  });
  return { fetch: fetchStub as unknown as typeof fetch, connects };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

function start(overrides: Partial<SnapshotStreamOptions> & Pick<SnapshotStreamOptions, 'fetch'>) {
  const controller = new AbortController();
  const received: [SnapshotEvent, string | undefined][] = [];
  let token: string | null = 'access-1';
  const refresh = vi.fn(async () => (token = 'access-2'));
  const ended = streamSnapshots({
    region: 'us',
    accessToken: () => token,
    refresh,
    onSnapshot: (event, id) => received.push([event, id]),
    signal: controller.signal,
    sleep: () => Promise.resolve(),
    ...overrides,
  });
  return { controller, received, refresh, ended, signOut: () => (token = null) };
}

describe('snapshot stream', () => {
  it('sends the bearer token in a header, never in the URL, and asks for an event stream', async () => {
    const answer = eventStreamAnswer();
    const server = serverOf([() => answer.response]);
    const { controller, ended } = start({ fetch: server.fetch });
    await until(() => server.connects.length === 1);
    const [connect] = server.connects;
    expect(connect!.url).toBe('/shared/data/events/us');
    expect(connect!.url).not.toContain('access-1');
    expect(connect!.headers.get('Authorization')).toBe('Bearer access-1');
    expect(connect!.headers.get('Accept')).toBe('text/event-stream');
    expect(connect!.headers.get('Last-Event-ID')).toBeNull();
    controller.abort();
    await expect(ended).resolves.toBe('stopped');
  });

  it('parses snapshot events split across chunks and skips heartbeats, other events and other regions', async () => {
    const answer = eventStreamAnswer();
    const server = serverOf([() => answer.response]);
    const { controller, received } = start({ fetch: server.fetch });
    await until(() => server.connects.length === 1);
    const first = frame(snapshot(1_800_000_000), 'a1');
    answer.write(': heartbeat\n\n');
    answer.write(first.slice(0, 25));
    answer.write(first.slice(25));
    answer.write('event: other\ndata: {}\n\n');
    answer.write(frame(snapshot(1_800_000_100, 'eu'), 'a2'));
    answer.write('event: snapshot\ndata: not json\n\n');
    answer.write(frame(snapshot(1_800_003_600), 'a3'));
    await until(() => received.length === 2);
    expect(received).toEqual([
      [snapshot(1_800_000_000), 'a1'],
      [snapshot(1_800_003_600), 'a3'],
    ]);
    controller.abort();
  });

  it('reconnects after the stream drops, sending the last event id it saw', async () => {
    const first = eventStreamAnswer();
    const second = eventStreamAnswer();
    const server = serverOf([
      () => first.response,
      () => new Response('', { status: 502 }),
      () => second.response,
    ]);
    const sleep = vi.fn(() => Promise.resolve());
    const { controller, received } = start({ fetch: server.fetch, sleep, lastEventId: 'given-0' });
    await until(() => server.connects.length === 1);
    expect(server.connects[0]!.headers.get('Last-Event-ID')).toBe('given-0');
    first.write(frame(snapshot(1_800_000_000), 'b7'));
    await until(() => received.length === 1);
    first.end();
    await until(() => server.connects.length === 3);
    expect(server.connects[1]!.headers.get('Last-Event-ID')).toBe('b7');
    expect(server.connects[2]!.headers.get('Last-Event-ID')).toBe('b7');
    // The delay grows after a failed connect.
    const delays = sleep.mock.calls.map((call) => (call as unknown as [number])[0]);
    expect(delays).toHaveLength(2);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    second.write(frame(snapshot(1_800_003_600), 'b8'));
    await until(() => received.length === 2);
    controller.abort();
  });

  it('refreshes an expired access token once and reconnects with the new one', async () => {
    const answer = eventStreamAnswer();
    const expired = () =>
      Response.json({ error: 'Access token expired', code: 'TOKEN_EXPIRED' }, { status: 401 });
    const server = serverOf([expired, () => answer.response]);
    const { controller, refresh } = start({ fetch: server.fetch });
    await until(() => server.connects.length === 2);
    expect(refresh).toHaveBeenCalledWith('access-1');
    expect(server.connects[1]!.headers.get('Authorization')).toBe('Bearer access-2');
    controller.abort();
  });

  it('stops for good when the new token is refused too, or the route is not there', async () => {
    const expired = () =>
      Response.json({ error: 'Access token expired', code: 'TOKEN_EXPIRED' }, { status: 401 });
    const refused = start({ fetch: serverOf([expired, expired]).fetch });
    await expect(refused.ended).resolves.toBe('refused');
    expect(refused.refresh).toHaveBeenCalledTimes(1);

    const missing = serverOf([() => Response.json({ error: 'not found' }, { status: 404 })]);
    await expect(start({ fetch: missing.fetch }).ended).resolves.toBe('refused');
    expect(missing.connects).toHaveLength(1);
  });

  it('ends when signed out instead of reconnecting', async () => {
    const answer = eventStreamAnswer();
    const server = serverOf([() => answer.response]);
    const { signOut, ended } = start({ fetch: server.fetch });
    await until(() => server.connects.length === 1);
    signOut();
    answer.end();
    await expect(ended).resolves.toBe('signed-out');
    expect(server.connects).toHaveLength(1);
    expect(EVENTS_PATH('eu')).toBe('/shared/data/events/eu');
  });
});
