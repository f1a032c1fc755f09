import { ACCESS, SYSTEM_DEFAULT_FILTERS, filtersToConfig } from '@goldroute/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantSubscription, startHarness, type Harness } from '../../test-support/accounts';
import { SETTINGS_SAVED } from './settings.service';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type UserBody = { user: Record<string, unknown> };

const grantGold = (userId: string) => grantSubscription(h.app.database.db, userId);

describe('PUT /shared/users/settings', () => {
  it('saves the region and that region’s realm lists sent as value strings', async () => {
    const s = await h.signUp('realms@example.com');
    const res = await h.api.put<UserBody & { message: string }>(
      '/shared/users/settings',
      { region: 'us', retailBuyingRealmsUS: ['11', '12', '12'], retailSellingRealmsUS: ['13'] },
      { token: s.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SETTINGS_SAVED);
    expect(res.body.user).toMatchObject({
      region: 'us',
      retailBuyingRealmsUS: [11, 12],
      retailSellingRealmsUS: [13],
      retailBuyingRealmsEU: [],
    });
    // Saving EU later leaves the US lists alone.
    const eu = await h.api.put<UserBody>(
      '/shared/users/settings',
      { region: 'eu', retailBuyingRealmsEU: ['21'], retailSellingRealmsEU: ['22'] },
      { token: s.accessToken },
    );
    expect(eu.body.user).toMatchObject({
      region: 'eu',
      retailBuyingRealmsUS: [11, 12],
      retailBuyingRealmsEU: [21],
    });
  });

  it.each([
    ['an unknown region', { region: 'cn' }],
    [
      'realm ids that are not digit strings',
      { region: 'us', retailBuyingRealmsUS: ['11; drop table users'] },
    ],
    ['realm ids as a string instead of a list', { region: 'us', retailBuyingRealmsUS: '11' }],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const s = await h.signUp(`bad-settings-${randomUUID().slice(0, 8)}@example.com`);
    const res = await h.api.put('/shared/users/settings', body, { token: s.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    const profile = await h.api.get<UserBody>('/shared/users/profile', { token: s.accessToken });
    expect(profile.body.user).toMatchObject({ region: null, retailBuyingRealmsUS: [] });
  });

  it('ignores mass-assignment fields such as role and hasAccess', async () => {
    const s = await h.signUp('sneaky@example.com');
    const res = await h.api.put<UserBody>(
      '/shared/users/settings',
      { region: 'us', role: 'admin', hasAccess: true, isActive: true, email: 'admin@example.com' },
      { token: s.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      role: 'user',
      hasAccess: false,
      isActive: false,
      email: 'sneaky@example.com',
    });
  });

  it('refuses __proto__ bodies with 400', async () => {
    const s = await h.signUp('proto@example.com');
    const res = await h.api.raw(
      'PUT',
      '/shared/users/settings',
      '{"region":"us","__proto__":{"role":"admin"}}',
      {
        token: s.accessToken,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});

describe('PUT /shared/users/settings-personal', () => {
  const config = { ...filtersToConfig(SYSTEM_DEFAULT_FILTERS), goldProfit: 5000, sellRate: 0.05 };

  it('stores a config inside the filter ranges and returns the user', async () => {
    const s = await h.signUp('personal@example.com');
    const res = await h.api.put<UserBody>(
      '/shared/users/settings-personal',
      { config },
      { token: s.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.config).toEqual(config);
  });

  it('keeps the Gold Profit on Sale Avg checkbox, and takes a config saved without it', async () => {
    const s = await h.signUp('sale-avg-checkbox@example.com');
    const put = (body: object) =>
      h.api.put<UserBody>('/shared/users/settings-personal', { config: body }, { token: s.accessToken });
    const on = await put({ ...config, goldProfitSaleAvg: 7000, goldProfitSaleAvgEnabled: true });
    expect(on.body.user.config).toMatchObject({ goldProfitSaleAvg: 7000, goldProfitSaleAvgEnabled: true });
    const { goldProfitSaleAvgEnabled: _omitted, ...older } = config;
    const before = await put(older);
    expect(before.status).toBe(200);
    expect(before.body.user.config).not.toHaveProperty('goldProfitSaleAvgEnabled');
  });

  it('stores how the deal tools open and returns it with the profile', async () => {
    const s = await h.signUp('tool-opening@example.com');
    const opening = { ...config, dealSort: 'sellVsBuy', exportHighConfidenceOnly: true };
    const res = await h.api.put<UserBody>(
      '/shared/users/settings-personal',
      { config: opening },
      { token: s.accessToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.config).toEqual(opening);
    const profile = await h.api.get<UserBody>('/shared/users/profile', { token: s.accessToken });
    expect(profile.body.user.config).toMatchObject({ dealSort: 'sellVsBuy', exportHighConfidenceOnly: true });
  });

  it.each([
    ['sell rate above 0.5', { sellRate: 0.6 }],
    ['gold profit below 1000', { goldProfit: 999 }],
    ['sale avg above 50000 on the config screen', { saleAvg: 50500 }],
    ['an unknown quality', { qualities: [7] }],
    ['an unknown tool sort', { dealSort: 'name' }],
  ])('refuses %s with 400', async (_name, change) => {
    const s = await h.signUp(`bad-config-${randomUUID().slice(0, 8)}@example.com`);
    const res = await h.api.put(
      '/shared/users/settings-personal',
      { config: { ...config, ...change } },
      { token: s.accessToken },
    );
    expect(res.status).toBe(400);
    const profile = await h.api.get<UserBody>('/shared/users/profile', { token: s.accessToken });
    expect(profile.body.user.config).toBeNull();
  });
});

describe('POST /shared/users/favorites', () => {
  it('needs an active subscription', async () => {
    const s = await h.signUp('nofav@example.com');
    const res = await h.api.post(
      '/shared/users/favorites',
      { uniqueItemKey: '19019_ilvl-80', action: 'ADD' },
      { token: s.accessToken },
    );
    expect(res).toMatchObject({ status: 403, body: { error: ACCESS.noSubscription } });
  });

  it('ADD and DELETE are idempotent and always return the full list', async () => {
    const s = await h.signUp('fav@example.com');
    await grantGold(s.user.id);
    const add = (key: string) =>
      h.api.post<{ data: { favorites: string[] } }>(
        '/shared/users/favorites',
        { uniqueItemKey: key, action: 'ADD' },
        { token: s.accessToken },
      );
    const del = (key: string) =>
      h.api.post<{ data: { favorites: string[] } }>(
        '/shared/users/favorites',
        { uniqueItemKey: key, action: 'DELETE' },
        { token: s.accessToken },
      );
    expect((await add('a')).body.data.favorites).toEqual(['a']);
    expect((await add('b')).body.data.favorites).toEqual(['a', 'b']);
    expect((await add('a')).body.data.favorites).toEqual(['a', 'b']);
    expect((await del('a')).body.data.favorites).toEqual(['b']);
    expect((await del('a')).body.data.favorites).toEqual(['b']);
    const bad = await h.api.post(
      '/shared/users/favorites',
      { uniqueItemKey: 'a', action: 'TOGGLE' },
      { token: s.accessToken },
    );
    expect(bad.status).toBe(400);
  });

  it("one user's favourites and settings are unreachable for another", async () => {
    const alice = await h.signUp('alice@example.com');
    const bob = await h.signUp('bob@example.com');
    await grantGold(alice.user.id);
    await grantGold(bob.user.id);
    await h.api.post(
      '/shared/users/favorites',
      { uniqueItemKey: 'alice-key', action: 'ADD' },
      { token: alice.accessToken },
    );
    // Bob's calls carry Alice's id in every place a client could put it; the server only uses the token.
    const bobAdd = await h.api.post<{ data: { favorites: string[] } }>(
      '/shared/users/favorites',
      { uniqueItemKey: 'bob-key', action: 'ADD', userId: alice.user.id },
      { token: bob.accessToken },
    );
    expect(bobAdd.body.data.favorites).toEqual(['bob-key']);
    await h.api.put(
      '/shared/users/settings',
      { region: 'eu', userId: alice.user.id, id: alice.user.id },
      { token: bob.accessToken },
    );
    const aliceProfile = await h.api.get<UserBody>('/shared/users/profile', { token: alice.accessToken });
    expect(aliceProfile.body.user).toMatchObject({ favorites: ['alice-key'], region: null });
  });
});
