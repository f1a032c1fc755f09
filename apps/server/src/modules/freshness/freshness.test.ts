import { ACCESS, type Region } from '@goldroute/domain';
import {
  adminStatsResponseSchema,
  statusResponseSchema,
  type RegionFreshness,
  type StatusResponse,
} from '@goldroute/domain/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshnessSamples, users } from '../../db/schema';
import { startMarketHarness } from '../../test-support/market';
import type { MarketMeta } from '../market/market-store';

let h: Awaited<ReturnType<typeof startMarketHarness>>;
let subscriber: { accessToken: string };
let noAccess: { accessToken: string };
let admin: { accessToken: string; user: { id: string } };

beforeAll(async () => {
  h = await startMarketHarness();
  subscriber = await h.subscriber('tool-user@example.com');
  noAccess = await h.signUp('no-subscription@example.com');
  admin = await h.signUp('freshness-admin@example.com');
  await h.app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  await h.app.market.forgetUser(admin.user.id);
});
afterAll(() => h.close());

const nowSeconds = () => h.clock.now().getTime() / 1000;

/** Publishes the region's current snapshot again with these dump times (and late realms). */
function publishTimes(region: Region, realmTimes: Record<string, number>, extra: Partial<MarketMeta> = {}) {
  const market = h.app.market.store.current(region);
  if (!market) throw new Error(`no ${region} snapshot`);
  h.app.market.store.publish(region, market.snapshot, { ...market.meta, realmTimes, ...extra });
}

const reportShown = (region: Region, lastModified: number, token = subscriber.accessToken) =>
  h.api.post(`/shared/data/shown/${region}`, { lastModified }, { token });

/** The public status, read past its few seconds of caching. */
async function freshStatus(): Promise<StatusResponse> {
  h.clock.advanceMinutes(1);
  const res = await h.api.get('/shared/status');
  expect(res.status).toBe(200);
  return statusResponseSchema.parse(res.body);
}
const regionOf = (status: { regions: RegionFreshness[] }, region: Region) =>
  status.regions.find((r) => r.region === region);

/**
 * A figure measured by a report sent between `before` and `after` seconds after the stamps' base: it is
 * `delay` (counted from the base) plus a moment in that span, to the tenth of a second the server keeps.
 */
function expectBetween(value: number | null, delay: number, window: { before: number; after: number }) {
  expect(value).not.toBeNull();
  expect(value).toBeGreaterThanOrEqual(delay + window.before - 0.05);
  expect(value).toBeLessThanOrEqual(delay + window.after + 0.05);
}

describe('freshness figures', () => {
  it('measures Last-Modified to shown per realm: p50 / p95 over the last 24 hours', async () => {
    // The harness's own publish may still be writing its samples: a report waits for them (and, for a
    // time before any dump, shows none), then the region starts empty.
    expect((await reportShown('eu', 1)).status).toBe(204);
    await h.app.database.db.delete(freshnessSamples).where(eq(freshnessSamples.region, 'eu'));
    const base = Math.floor(nowSeconds());
    // Realm 9001's dump of an hour before is replaced before any tool shows it: it has no delay to count.
    publishTimes('eu', { '9001': base - 3_600 });
    const first = { '9001': base - 500, '9002': base - 400 };
    publishTimes('eu', first);
    const atFirst = { before: nowSeconds() - base, after: 0 };
    expect((await reportShown('eu', base - 400)).status).toBe(204);
    atFirst.after = nowSeconds() - base;
    let eu = regionOf(await freshStatus(), 'eu');
    expect(eu?.samples).toBe(2);
    expectBetween(eu?.p50Seconds ?? null, 450, atFirst);
    expectBetween(eu?.p95Seconds ?? null, 495, atFirst);

    // The next batch a minute later (freshStatus moved the clock), with one realm older than the window.
    publishTimes('eu', {
      ...first,
      '9003': base - 300,
      '9004': base - 200,
      '9005': base - 100,
      '9006': base - 25 * 3_600,
    });
    const atSecond = { before: nowSeconds() - base, after: 0 };
    expect((await reportShown('eu', base - 100)).status).toBe(204);
    atSecond.after = nowSeconds() - base;
    eu = regionOf(await freshStatus(), 'eu');
    // Delays 500 and 400 (first report), 300, 200 and 100 plus a minute (second): median 360 (9003),
    // 95th percentile 400 + 0.8 * (500 - 400).
    expect(eu?.samples).toBe(5);
    expectBetween(eu?.p50Seconds ?? null, 300, atSecond);
    expectBetween(eu?.p95Seconds ?? null, 480, atFirst);

    // The same report again, later, changes nothing: a dump is shown once.
    h.clock.advanceMinutes(5);
    expect((await reportShown('eu', base - 100)).status).toBe(204);
    const again = regionOf(await freshStatus(), 'eu');
    expect(again?.samples).toBe(5);
    expect(again?.p50Seconds).toBe(eu?.p50Seconds);
    expect(again?.p95Seconds).toBe(eu?.p95Seconds);

    // Only EU was shown: US has its dumps recorded but no measured delay.
    const us = regionOf(await freshStatus(), 'us');
    expect(us).toMatchObject({ p50Seconds: null, p95Seconds: null, samples: 0 });
  });

  it('a newer dump of a realm after a report is measured at the next report', async () => {
    const base = Math.floor(nowSeconds());
    const previous = regionOf(await freshStatus(), 'eu')?.samples ?? 0;
    const times = h.app.market.store.current('eu')?.meta.realmTimes ?? {};
    publishTimes('eu', { ...times, '9002': base - 30 });
    expect((await reportShown('eu', base - 30)).status).toBe(204);
    const eu = regionOf(await freshStatus(), 'eu');
    expect(eu?.samples).toBe(previous + 1);
    const [row] = await h.app.database.db
      .select()
      .from(freshnessSamples)
      .where(eq(freshnessSamples.lastModified, new Date((base - 30) * 1000)));
    expect(row?.shownAt).not.toBeNull();
  });

  it('records every realm whose dump changed, once however often it is published', async () => {
    const base = Math.floor(nowSeconds());
    const times = h.app.market.store.current('eu')?.meta.realmTimes ?? {};
    const changed = { ...times, '9100': base - 10 };
    publishTimes('eu', changed);
    publishTimes('eu', changed);
    publishTimes('eu', { ...changed, '9100': base - 300 });
    publishTimes('eu', changed);
    await reportShown('eu', base - 10);
    const rows = await h.app.database.db
      .select()
      .from(freshnessSamples)
      .where(eq(freshnessSamples.realmId, 9100));
    expect(rows.map((r) => r.lastModified.getTime() / 1000).sort()).toEqual([base - 300, base - 10]);
  });
});

describe('POST /shared/data/shown/:region', () => {
  it('is for signed-in users with access', async () => {
    const base = Math.floor(nowSeconds());
    expect((await h.api.post('/shared/data/shown/eu', { lastModified: base })).status).toBe(401);
    const refused = await reportShown('eu', base, noAccess.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ACCESS.noSubscription);
    expect((await reportShown('eu', -5)).status).toBe(400);
    expect(
      (await h.api.post('/shared/data/shown/mars', { lastModified: base }, { token: subscriber.accessToken }))
        .status,
    ).toBe(400);
  });
});

describe('GET /shared/status', () => {
  it('is public: data age and late realms of both regions, kept a few seconds', async () => {
    const us = h.app.market.store.current('us');
    if (!us) throw new Error('no us snapshot');
    const late = Object.keys(us.meta.realmTimes)[0] ?? '';
    const label = h.app.market.store.realms('us')?.find((r) => String(r.id) === late)?.label;
    publishTimes('us', us.meta.realmTimes, { lateRealms: [Number(late)] });

    const status = await freshStatus();
    expect(status.checkedAt).toBe(Math.floor(nowSeconds()));
    expect(regionOf(status, 'us')).toMatchObject({
      dataAgeSeconds: Math.floor(nowSeconds()) - us.lastModified,
      lateRealms: [{ id: Number(late), label, lastModified: us.meta.realmTimes[late] }],
    });
    expect(regionOf(status, 'eu')?.lateRealms).toEqual([]);

    // Within its few seconds the same answer comes back; then the new one.
    publishTimes('us', us.meta.realmTimes, { lateRealms: [] });
    const cached = await h.api.get<StatusResponse>('/shared/status');
    expect(regionOf(cached.body, 'us')?.lateRealms).toHaveLength(1);
    expect(regionOf(await freshStatus(), 'us')?.lateRealms).toEqual([]);
  });
});

describe('admin stats', () => {
  it('carry the same freshness figures', async () => {
    const status = await freshStatus();
    const res = await h.api.get('/shared/admin/stats', { token: admin.accessToken });
    expect(res.status).toBe(200);
    const freshness = adminStatsResponseSchema.parse(res.body).data.freshness ?? [];
    expect(
      freshness.map(({ region, p50Seconds, p95Seconds, samples }) => [
        region,
        p50Seconds,
        p95Seconds,
        samples,
      ]),
    ).toEqual(
      status.regions.map(({ region, p50Seconds, p95Seconds, samples }) => [
        region,
        p50Seconds,
        p95Seconds,
        samples,
      ]),
    );
    expect(regionOf({ regions: freshness }, 'eu')?.samples).toBeGreaterThan(0);
  });
});
