import { ACCESS, type Region } from '@goldroute/domain';
import { SNAPSHOT_EVENT, snapshotEventSchema, type SnapshotEvent } from '@goldroute/domain/api';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketHarness } from '../../test-support/market';
import type { MarketMeta } from '../market/market-store';
import { openEventStream, type StreamReader } from './event-stream-client';
import { RECONNECT_HINT_MS } from './events.routes';

const HEARTBEAT_MS = 200;

let h: Awaited<ReturnType<typeof startMarketHarness>>;
let subscriber: { accessToken: string };
let noAccess: { accessToken: string };
const open: StreamReader[] = [];
let closed = false;

beforeAll(async () => {
  h = await startMarketHarness({}, { eventsHeartbeatMs: HEARTBEAT_MS });
  subscriber = await h.subscriber('live-tool@example.com');
  noAccess = await h.signUp('live-no-subscription@example.com');
});
afterAll(async () => {
  for (const s of open) s.close();
  if (!closed) await h.close();
});

async function stream(region: Region, options: { token?: string; lastEventId?: string } = {}) {
  const reader = await openEventStream(h.app.baseUrl, `/shared/data/events/${region}`, {
    token: subscriber.accessToken,
    ...options,
  });
  open.push(reader);
  return reader;
}

const snapshotOf = (e: EventSourceMessage): SnapshotEvent => snapshotEventSchema.parse(JSON.parse(e.data));
const isSnapshotAt = (lastModified: number) => (e: EventSourceMessage) =>
  e.event === SNAPSHOT_EVENT && snapshotOf(e).lastModified === lastModified;
const timer = async (region: Region) =>
  (await h.api.get<{ lastModified: number }>(`/shared/data/timer/${region}`)).body.lastModified;
const snapshots = (s: StreamReader) => s.events.filter((e) => e.event === SNAPSHOT_EVENT);

/** Publishes the region's current snapshot again with these dump times (and late realms). */
function publishTimes(region: Region, realmTimes: Record<string, number>, extra: Partial<MarketMeta> = {}) {
  const market = h.app.market.store.current(region);
  if (!market) throw new Error(`no ${region} snapshot`);
  h.app.market.store.publish(region, market.snapshot, { ...market.meta, realmTimes, ...extra });
}

describe('GET /shared/data/events/:region: who may open it', () => {
  it('refuses a caller without a token, one without access, and an unknown region', async () => {
    const anonymous = await stream('us', { token: '' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.refusal).toEqual({ error: 'Authentication required' });

    const refused = await stream('us', { token: noAccess.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.refusal?.error).toBe(ACCESS.noSubscription);

    expect((await stream('mars' as Region)).status).toBe(400);
  });
});

describe('GET /shared/data/events/:region: the stream', () => {
  it('opens uncompressed and unbuffered, hints the reconnect delay and sends the current state', async () => {
    const s = await stream('us');
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream');
    expect(s.headers.get('cache-control')).toBe('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    // fetch asks for gzip; an event held back in a compressor's buffer would arrive late.
    expect(s.headers.get('content-encoding')).toBeNull();
    const now = await timer('us');
    const first = await s.waitFor(isSnapshotAt(now));
    expect(s.retries).toEqual([RECONNECT_HINT_MS]);
    expect(snapshots(s)).toHaveLength(1);
    expect(first.id).toMatch(new RegExp(`^${now}-[\\w-]{10}$`));
  });

  it('pushes a new snapshot to every open stream of the region, with the realms whose dump changed', async () => {
    const [a, b] = [await stream('us'), await stream('us')];
    const before = h.app.market.store.current('us')?.meta.realmTimes ?? {};
    expect(h.app.events.openStreams()).toBeGreaterThanOrEqual(2);
    h.simulator.advanceHour();
    await h.app.market.refreshNow();
    const after = h.app.market.store.current('us')?.meta.realmTimes ?? {};
    const changed = Object.keys(after).filter((realm) => after[realm] !== before[realm]).length;
    expect(changed).toBeGreaterThan(0);
    const lastModified = await timer('us');

    const [ea, eb] = await Promise.all([
      a.waitFor(isSnapshotAt(lastModified)),
      b.waitFor(isSnapshotAt(lastModified)),
    ]);
    expect(snapshotOf(ea)).toEqual({
      region: 'us',
      lastModified,
      realmsChanged: changed,
      lateRealms: expect.any(Array),
    });
    expect(eb.id).toBe(ea.id);
    expect(eb.data).toBe(ea.data);
    expect(snapshots(a)).toHaveLength(2);
  });

  it('names one changed realm and the late realms with their labels; the same dumps again are no news', async () => {
    const s = await stream('eu');
    const eu = h.app.market.store.current('eu');
    if (!eu) throw new Error('no eu snapshot');
    await s.waitFor(isSnapshotAt(eu.lastModified));
    const [late, moved] = Object.keys(eu.meta.realmTimes);
    if (!late || !moved) throw new Error('eu needs two realms');
    const times = { ...eu.meta.realmTimes, [moved]: (eu.meta.realmTimes[moved] ?? 0) + 60 };
    publishTimes('eu', times, { lateRealms: [Number(late)] });
    publishTimes('eu', times, { lateRealms: [Number(late)] });

    const event = snapshotOf(await s.waitFor((e) => e.event === SNAPSHOT_EVENT && e !== snapshots(s)[0]));
    const label = h.app.market.store.realms('eu')?.find((r) => String(r.id) === late)?.label;
    expect(label).toBeDefined();
    expect(event).toEqual({
      region: 'eu',
      lastModified: eu.lastModified,
      realmsChanged: 1,
      lateRealms: [{ id: Number(late), label, lastModified: eu.meta.realmTimes[late] }],
    });
    await s.waitForComments(s.comments.length + 2);
    expect(snapshots(s)).toHaveLength(2);
  });

  it('sends heartbeat comments on a quiet stream', async () => {
    const s = await stream('us');
    const startedAt = Date.now();
    await s.waitForComments(3, 20 * HEARTBEAT_MS);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS);
    expect(s.comments.slice(0, 3).map((c) => c.trim())).toEqual(['heartbeat', 'heartbeat', 'heartbeat']);
  });

  it('counts the open streams of the process and forgets a closed one', async () => {
    const s = await stream('us');
    const count = h.app.events.openStreams();
    s.close();
    const deadline = Date.now() + 2_000;
    while (h.app.events.openStreams() >= count && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(h.app.events.openStreams()).toBe(count - 1);
  });
});

describe('GET /shared/data/events/:region: reconnecting with Last-Event-ID', () => {
  it('replays the events after the id; the newest id gets nothing; an unknown id gets the current state', async () => {
    const live = await stream('us');
    const missedFrom = (await live.waitFor((e) => e.event === SNAPSHOT_EVENT)).id ?? '';
    const times = h.app.market.store.current('us')?.meta.realmTimes ?? {};
    const [first] = Object.keys(times);
    if (!first) throw new Error('us has no realms');
    publishTimes('us', { ...times, [first]: (times[first] ?? 0) + 60 });
    publishTimes('us', { ...times, [first]: (times[first] ?? 0) + 120 });
    await live.waitFor(() => snapshots(live).length === 3);
    const published = snapshots(live).slice(1);
    expect(new Set(published.map((e) => e.id)).size).toBe(2);

    const back = await stream('us', { lastEventId: missedFrom });
    await back.waitFor(() => snapshots(back).length === 2);
    expect(snapshots(back)).toEqual(published);

    const upToDate = await stream('us', { lastEventId: published[1]?.id ?? '' });
    await upToDate.waitForComments(2);
    expect(snapshots(upToDate)).toEqual([]);

    const unknown = await stream('us', { lastEventId: 'from-before-a-restart' });
    await unknown.waitFor((e) => e.event === SNAPSHOT_EVENT);
    await unknown.waitForComments(2);
    expect(snapshots(unknown)).toEqual([published[1]]);
  });
});

describe('shutdown', () => {
  it('ends the open streams promptly when the server closes', async () => {
    const s = await stream('eu');
    await s.waitFor((e) => e.event === SNAPSHOT_EVENT);
    const startedAt = Date.now();
    closed = true;
    await h.close();
    await s.ended;
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });
});
