import {
  ACCESS,
  CACHE_CLEAR_PATHS,
  SUBSCRIPTION_STAT_NAMES,
  UNCLEARABLE_CACHES,
  marketRefreshPath,
  tsmRefreshPath,
} from '@goldroute/domain';
import { adminStatsResponseSchema, type AdminStatsResponse } from '@goldroute/domain/api';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema';
import { startMarketHarness } from '../../test-support/market';
import { ADMIN_MESSAGES } from './admin.service';

let h: Awaited<ReturnType<typeof startMarketHarness>>;
let admin: { accessToken: string; user: { id: string } };
let subscriber: { accessToken: string; user: { id: string } };

beforeAll(async () => {
  h = await startMarketHarness();
  admin = await h.signUp('the-admin@example.com');
  await h.app.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
  // Promoted behind the app's back: the profile kept from sign-up would show it within 5 s; tell the app now.
  await h.app.market.forgetUser(admin.user.id);
  subscriber = await h.subscriber('plain-subscriber@example.com');
});
afterAll(() => h.close());

const db = () => h.app.database.db;
const asAdmin = <T = Record<string, unknown>>(path: string) =>
  h.api.get<T>(path, { token: admin.accessToken });
const stats = async () => (await asAdmin<AdminStatsResponse>('/shared/admin/stats')).body.data;
const DAY = 86_400_000;

/** Every admin call and refresh path, with the parameters that make it valid. */
const ADMIN_PATHS = [
  '/shared/admin/stats',
  '/shared/admin/readiness',
  '/shared/admin/get-users',
  `/shared/admin/add-subscription-time/${randomUUID()}/basic/1`,
  marketRefreshPath('us'),
  tsmRefreshPath('eu'),
  ...Object.values(CACHE_CLEAR_PATHS).map((path) => path('us')),
];

describe('admin calls are admin-only on the server', () => {
  it.each(ADMIN_PATHS)('%s: 401 without a token, 403 for a subscriber', async (path) => {
    expect((await h.api.get(path)).status).toBe(401);
    const refused = await h.api.get(path, { token: subscriber.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(ACCESS.adminOnly);
  });
});

describe('GET /shared/admin/stats', () => {
  it('counts what the server holds: caches of both regions, every realm timer, the SPEC shape', async () => {
    const res = await asAdmin<AdminStatsResponse>('/shared/admin/stats');
    expect(res.status).toBe(200);
    const data = adminStatsResponseSchema.parse(res.body).data;
    for (const name of UNCLEARABLE_CACHES) expect(data.cacheData).toHaveProperty(name);
    for (const name of Object.keys(CACHE_CLEAR_PATHS)) expect(data.cacheData).toHaveProperty(name);
    const us = h.app.market.store.current('us');
    const withData = us?.snapshot.realmHasData.reduce((n, v) => n + v, 0);
    expect(data.cacheData.blizzardAuctionHouseData?.['1']).toBe(withData);
    expect(data.cacheData.tsmRegionDataItemsList?.['1']).toBe(us?.meta.tsmItems);
    expect(data.cacheData.tsmRegionDataItemsList?.['1']).toBeGreaterThan(0);
    expect(data.cacheData.itemCatalog?.['2']).toBe(h.economy.items.length);

    for (const [region, number] of [
      ['us', '1'],
      ['eu', '2'],
    ] as const) {
      const realms = h.app.market.store.realms(region) ?? [];
      expect(Object.keys(data.timerData[number] ?? {}).sort()).toEqual(
        realms.map((r) => String(r.id)).sort(),
      );
    }
    const realm = h.app.market.store.realms('us')?.[0]?.id ?? 0;
    const dumpTime = h.economy.lastModified?.('us', realm, h.simulator.hour);
    const shown = data.timerData['1']?.[String(realm)] ?? 0;
    if (dumpTime !== undefined) expect(shown).toBe(Math.floor(dumpTime / 1000));
    expect(shown).toBeGreaterThan(Date.now() / 1000 - 4 * 3600);
  });

  it("sorts every user into one subscription card by the app's own access rule", async () => {
    const before = (await stats()).subscriptionData;
    const now = Date.now();
    const grant = async (email: string, startsAt: number, expiresAt: number) => {
      const s = await h.signUp(email);
      await db()
        .insert(subscriptions)
        .values({
          id: randomUUID(),
          userId: s.user.id,
          source: 'gold',
          type: 'basic',
          startsAt: new Date(startsAt),
          expiresAt: new Date(expiresAt),
        });
    };
    await grant('card-active@example.com', now - DAY, now + DAY);
    await grant('card-expired@example.com', now - 9 * DAY, now - DAY);
    await h.signUp('card-none@example.com');
    const after = (await stats()).subscriptionData;
    expect(Object.keys(after)).toEqual([...SUBSCRIPTION_STAT_NAMES]);
    const delta = (name: string) => (after[name]?.count ?? 0) - (before[name]?.count ?? 0);
    expect([
      delta('active'),
      delta('expired'),
      delta('no'),
      delta('in cancelation'),
      delta('canceled'),
    ]).toEqual([1, 1, 1, 0, 0]);
    const total = Object.values(after).reduce((n, c) => n + c.count, 0);
    expect(total).toBe((await db().select({ id: users.id }).from(users)).length);
  });
});

describe('GET /shared/admin/get-users', () => {
  it('searches e-mails on the server, with a limit and the total', async () => {
    for (let i = 0; i < 5; i++) await h.signUp(`findme-${i}@example.com`);
    const res = await asAdmin<{ data: { userID: string; userEmail: string }[]; total: number }>(
      '/shared/admin/get-users?search=FINDME&limit=3',
    );
    expect(res.body.data.map((u) => u.userEmail)).toEqual([
      'findme-0@example.com',
      'findme-1@example.com',
      'findme-2@example.com',
    ]);
    expect(res.body.total).toBe(5);
    // LIKE's wildcards are plain text.
    expect((await asAdmin<{ total: number }>('/shared/admin/get-users?search=%25')).body.total).toBe(0);
    expect((await asAdmin('/shared/admin/get-users?limit=5000')).status).toBe(400);
  });
});

describe('GET /shared/admin/add-subscription-time', () => {
  it('opens the tools at once, even right after a refused call was cached', async () => {
    const user = await h.signUp('granted@example.com');
    const tool = () => h.api.post('/retail/market/realm-stats/us', {}, { token: user.accessToken });
    expect((await tool()).status).toBe(403);
    const res = await asAdmin<{ ok: boolean; goldSubscription: { type: string; expiration: number } }>(
      `/shared/admin/add-subscription-time/${user.user.id}/premium/3`,
    );
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.goldSubscription.type).toBe('premium');
    const days = (res.body.goldSubscription.expiration * 1000 - Date.now()) / DAY;
    expect(days).toBeGreaterThan(88);
    expect(days).toBeLessThan(93);
    expect((await tool()).status).toBe(200);
  });

  it('extends from the end of the current time, never from now; Lifetime is a hundred years', async () => {
    const user = await h.signUp('extended@example.com');
    const grant = (months: number) =>
      asAdmin<{ goldSubscription: { expiration: number } }>(
        `/shared/admin/add-subscription-time/${user.user.id}/basic/${months}`,
      );
    const first = (await grant(1)).body.goldSubscription.expiration;
    const second = (await grant(1)).body.goldSubscription.expiration;
    expect((second - first) / 86_400).toBeGreaterThanOrEqual(28);
    const lifetime = (await grant(99)).body.goldSubscription.expiration;
    expect(new Date(lifetime * 1000).getUTCFullYear()).toBeGreaterThanOrEqual(
      new Date().getUTCFullYear() + 100,
    );
  });

  it.each([
    ['an unknown user', `${randomUUID()}/basic/1`, ADMIN_MESSAGES.unknownUser],
    ['a malformed user id', 'not-a-user/basic/1', ADMIN_MESSAGES.unknownUser],
    ['an unknown type', `%USER%/gold/1`, undefined],
    ['an unknown duration', `%USER%/basic/2`, 'Unknown duration'],
  ])('refuses %s with 400 and a message', async (_name, tail, message) => {
    const res = await asAdmin<{ ok: boolean; message: string; error: string }>(
      `/shared/admin/add-subscription-time/${tail.replace('%USER%', subscriber.user.id)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.message).toEqual(expect.any(String));
    if (message) expect(res.body.message).toBe(message);
  });
});

describe('the refresh paths', () => {
  it('the personal answer cache: filled by a tool call, counted, cleared, and the audit says so', async () => {
    const user = await h.subscriber('cached-answers@example.com');
    const ids = (h.app.market.store.realms('us') ?? []).map((r) => String(r.id));
    await h.api.put(
      '/shared/users/settings',
      { region: 'us', retailBuyingRealmsUS: ids, retailSellingRealmsUS: ids },
      { token: user.accessToken },
    );
    expect(
      (await h.api.post('/retail/market/ah-data-undercut/us', {}, { token: user.accessToken })).status,
    ).toBe(200);
    expect((await stats()).cacheData.personal?.['1']).toBeGreaterThan(0);
    const res = await asAdmin<{ message: string }>(CACHE_CLEAR_PATHS.personal?.('us') ?? '');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/^Dropped \d+ cached answer\(s\) for US$/);
    const after = await stats();
    expect(after.cacheData.personal?.['1']).toBe(0);
    expect(after.audit?.[0]).toMatchObject({
      admin: 'the-admin@example.com',
      action: 'clear',
      target: 'personal (NA)',
      ok: true,
    });
  });

  it('every clearable cache and both re-polls answer what they did', async () => {
    for (const path of [
      ...Object.values(CACHE_CLEAR_PATHS).map((p) => p('eu')),
      marketRefreshPath('eu'),
      tsmRefreshPath('us'),
    ]) {
      const res = await asAdmin<{ message: string }>(path);
      expect(res.status, path).toBe(200);
      expect(res.body.message.length, path).toBeGreaterThan(5);
    }
    expect((await asAdmin('/shared/data/classic/refresh/us')).status).toBe(400);
    expect((await asAdmin('/shared/data/retail/refresh/cn')).status).toBe(400);
  });

  it('one clear at a time per cache and region key: the second answers 409', async () => {
    // A clear held open until the test lets it finish (the real one is too quick to overlap reliably).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const registry = h.app.market.caches;
    registry.register({ name: 'personal', counts: () => ({}), clear: () => held.then(() => 'done') });
    const first = asAdmin(CACHE_CLEAR_PATHS.personal?.('us') ?? '');
    await new Promise((r) => setTimeout(r, 50));
    const second = await asAdmin<{ error: string }>(CACHE_CLEAR_PATHS.personal?.('us') ?? '');
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('personal (NA) is already being cleared; try again when it is done');
    // Another region key is another clear.
    const other = asAdmin(CACHE_CLEAR_PATHS.personal?.('eu') ?? '');
    release();
    expect([(await first).status, (await other).status]).toEqual([200, 200]);
    expect((await asAdmin(CACHE_CLEAR_PATHS.personal?.('us') ?? '')).status).toBe(200);
  });
});

describe('an admin has every right of a subscriber', () => {
  it('opens the tools without a subscription', async () => {
    const profile = await h.api.get<{ user: { hasAccess: boolean } }>('/shared/users/profile', {
      token: admin.accessToken,
    });
    expect(profile.body.user.hasAccess).toBe(true);
    const res = await h.api.post('/retail/market/realm-stats/us', {}, { token: admin.accessToken });
    expect(res.status).toBe(200);
  });
});
