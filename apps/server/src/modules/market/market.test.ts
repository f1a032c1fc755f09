import { ACCESS } from '@goldroute/domain';
import {
  ahDataDropshipResponseSchema,
  ahDataUndercutResponseSchema,
  realmStatsResponseSchema,
  realmsResponseSchema,
  tokenResponseSchema,
  type AhDataResponse,
  type RealmStatsResponse,
  type RealmsResponse,
  type TokenResponse,
} from '@goldroute/domain/api';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMarketHarness } from '../../test-support/market';
import { MARKET_MESSAGES } from './market.service';

let h: Awaited<ReturnType<typeof startMarketHarness>>;
let realms: RealmsResponse;
beforeAll(async () => {
  h = await startMarketHarness();
  realms = (await h.api.get<RealmsResponse>('/shared/data/realms/us')).body;
});
afterAll(() => h.close());

const ids = () => realms.map((r) => r.id);
const undercut = (token: string, body: object = {}, region = 'us') =>
  h.api.post<AhDataResponse>(`/retail/market/ah-data-undercut/${region}`, body, { token });

const unit = (a: { buyout?: number; quantity: number }) =>
  Math.max(1, Math.round((a.buyout ?? 0) / a.quantity)) / 10_000;

/** Lowest unit buyout (gold) of a caged pet species at this level and quality, straight from the dump. */
function lowestPetInDump(realmId: number, species: number, level: number, quality: number): number {
  const dump = h.economy.auctions('us', realmId, h.simulator.hour);
  let best = Infinity;
  for (const a of dump.auctions) {
    const i = a.item;
    if (
      a.buyout === undefined ||
      i.pet_species_id !== species ||
      i.pet_level !== level ||
      i.pet_quality_id !== quality
    )
      continue;
    best = Math.min(best, unit(a));
  }
  return best;
}

/** Unit prices (gold) of this item id on a realm, straight from the dump. */
function itemPricesInDump(realmId: number, itemId: number): number[] {
  return h.economy
    .auctions('us', realmId, h.simulator.hour)
    .auctions.filter(
      (a) => a.item.id === itemId && a.item.pet_species_id === undefined && a.buyout !== undefined,
    )
    .map(unit);
}

describe('public data calls', () => {
  it('lists the connected realms of a region with labels, population and the Russian flag', async () => {
    const eu = (await h.api.get<RealmsResponse>('/shared/data/realms/eu')).body;
    expect(realmsResponseSchema.safeParse(realms).success).toBe(true);
    expect(realms.length).toBe(4);
    expect(eu.length).toBe(5);
    expect(eu.filter((r) => r.russian).length).toBe(1);
    expect(realms[0]).toEqual({
      id: expect.any(Number),
      label: expect.any(String),
      population: expect.any(String),
      russian: false,
    });
  });

  it('reports the newest dump time in seconds', async () => {
    const res = await h.api.get<{ lastModified: number }>('/shared/data/timer/us');
    const newest = Math.max(...realms.map((r) => h.economy.lastModified('us', r.id, h.simulator.hour)));
    expect(res.body.lastModified).toBe(Math.floor(newest / 1000));
  });

  it('gives the token price in gold with 14 days of history', async () => {
    const res = await h.api.get<TokenResponse>('/shared/data/token/us');
    expect(res.status).toBe(200);
    expect(tokenResponseSchema.safeParse(res.body).success).toBe(true);
    expect(res.body.price).toBeGreaterThan(100_000);
    const days = (Date.now() / 1000 - (res.body.historicalData[0]?.timestamp ?? 0)) / 86_400;
    expect(Math.round(days)).toBe(14);
    // One sample per hour: what the 56-px sparkline can show.
    const hours = res.body.historicalData.map((e) => Math.floor(e.timestamp / 3_600));
    expect(new Set(hours).size).toBe(hours.length);
    expect(hours.length).toBeGreaterThanOrEqual(14 * 24 - 1);
    expect(hours.length).toBeLessThanOrEqual(14 * 24 + 1);
    // Polled by every tool screen: revalidated by ETag, unchanged until a new sample.
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${h.app.baseUrl}/shared/data/token/us`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // Sent as the gzip kept for this version, to a client that accepts it.
    const zipped = await fetch(`${h.app.baseUrl}/shared/data/token/us`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('accept-encoding');
    expect(await zipped.json()).toEqual(res.body);
  });

  it('settings refuse realm ids the region does not list, once the realm list is known', async () => {
    const s = await h.subscriber('unknownrealm@example.com');
    const res = await h.api.put(
      '/shared/users/settings',
      {
        region: 'us',
        retailBuyingRealmsUS: [String(ids()[0]), '999999'],
        retailSellingRealmsUS: [String(ids()[1])],
      },
      { token: s.accessToken },
    );
    expect(res).toMatchObject({ status: 400, body: { error: 'Unknown US realm id(s): 999999' } });
    const ok = await h.api.put(
      '/shared/users/settings',
      { region: 'us', retailBuyingRealmsUS: [String(ids()[0])], retailSellingRealmsUS: [String(ids()[1])] },
      { token: s.accessToken },
    );
    expect(ok.status).toBe(200);
  });

  it('answers 400 for an unknown region', async () => {
    expect((await h.api.get('/shared/data/timer/cn')).status).toBe(400);
  });
});

describe('POST /retail/market/ah-data-undercut/{region}', () => {
  it('returns deals whose figures recompute from the raw dumps', async () => {
    const s = await h.subscriber('flipper@example.com');
    const res = await undercut(s.accessToken, {
      retailBuyingRealms: ids(),
      retailSellingRealms: ids(),
      userId: s.user.id,
    });
    expect(res.status).toBe(200);
    expect(ahDataUndercutResponseSchema.safeParse(res.body).success).toBe(true);
    const items = res.body.data.items;
    expect(items.length).toBeGreaterThan(10);
    for (const row of items) {
      expect(row.buyingConnectedRealmId).not.toBe(row.sellingConnectedRealmId);
      expect(row.sellAHCut).toBeCloseTo(Math.round(row.sellBuyout * 10_000 * 0.95) / 10_000, 4);
      expect(row.sellVsBuy).toBeCloseTo(row.sellAHCut - row.buyBuyout, 4);
      // Floors of the filter ranges are applied on the server.
      expect(row.sellVsBuy).toBeGreaterThanOrEqual(1000);
      expect(row.avgSale).toBeGreaterThanOrEqual(500);
      expect(row.saleRate).toBeGreaterThanOrEqual(0.001);
      expect((row.sellVsBuy / row.buyBuyout) * 100).toBeGreaterThanOrEqual(1);
    }
    // Pets: the variant is species + level + quality, so the best buy and sell recompute exactly.
    const pets = items.filter((i) => String(i.id).startsWith('pet'));
    expect(pets.length).toBeGreaterThan(0);
    for (const row of pets) {
      const [, level, quality] = /_l(\d+)_q(\d+)/.exec(row.uniqueItemKey) ?? [];
      const lowest = (r: number) => lowestPetInDump(r, row.realPetId ?? 0, Number(level), Number(quality));
      expect(row.buyBuyout).toBeCloseTo(Math.min(...ids().map(lowest)), 4);
      expect(row.buyBuyout).toBeCloseTo(lowest(row.buyingConnectedRealmId), 4);
      expect(row.sellBuyout).toBeCloseTo(lowest(row.sellingConnectedRealmId), 4);
      // Links go to the creature page, so the pet's npc id travels with it.
      expect(row.npcId).toBe(h.economy.pet(row.realPetId ?? 0)?.npcId);
    }
    expect(items.filter((i) => typeof i.id === 'number').every((i) => i.npcId === null)).toBe(true);
    // Items: the buy price is a real auction's unit price on the buying realm.
    for (const row of items.filter((i) => typeof i.id === 'number').slice(0, 50)) {
      const prices = itemPricesInDump(row.buyingConnectedRealmId, row.id as number);
      expect(prices.some((p) => Math.abs(p - row.buyBuyout) < 1e-6)).toBe(true);
    }
    expect(res.body.data.update.lastModified).toBe(
      (await h.api.get<{ lastModified: number }>('/shared/data/timer/us')).body.lastModified,
    );
  });

  it('uses the saved realms when only userId is sent (the TSM generator)', async () => {
    const s = await h.subscriber('tsm@example.com');
    const [a, b] = ids();
    await h.api.put(
      '/shared/users/settings',
      { region: 'us', retailBuyingRealmsUS: [String(a)], retailSellingRealmsUS: [String(b)] },
      { token: s.accessToken },
    );
    const res = await undercut(s.accessToken, { userId: s.user.id });
    expect(res.status).toBe(200);
    for (const row of res.body.data.items) {
      expect(row.buyingConnectedRealmId).toBe(a);
      expect(row.sellingConnectedRealmId).toBe(b);
    }
  });

  it('a realm settings change applies to the very next data call', async () => {
    const s = await h.subscriber('switch@example.com');
    const [a, b] = ids();
    const save = (buy: number | undefined, sell: number | undefined) =>
      h.api.put(
        '/shared/users/settings',
        { region: 'us', retailBuyingRealmsUS: [String(buy)], retailSellingRealmsUS: [String(sell)] },
        { token: s.accessToken },
      );
    await save(a, b);
    const before = await undercut(s.accessToken, { userId: s.user.id });
    await save(b, a);
    const after = await undercut(s.accessToken, { userId: s.user.id });
    expect(before.body.data.items.every((r) => r.buyingConnectedRealmId === a)).toBe(true);
    expect(after.body.data.items.length).toBeGreaterThan(0);
    expect(
      after.body.data.items.every((r) => r.buyingConnectedRealmId === b && r.sellingConnectedRealmId === a),
    ).toBe(true);
  });

  it("refuses another user's id with 403, no access with 403, no token with 401", async () => {
    const s = await h.subscriber('own@example.com');
    const other = await h.signUp('noaccess@example.com');
    expect((await undercut(s.accessToken, { userId: other.user.id })).status).toBe(403);
    const noAccess = await undercut(other.accessToken, {
      retailBuyingRealms: ids(),
      retailSellingRealms: ids(),
    });
    expect(noAccess).toMatchObject({ status: 403, body: { error: ACCESS.noSubscription } });
    expect((await h.api.post('/retail/market/ah-data-undercut/us', {})).status).toBe(401);
  });

  it('refuses realm ids of the other region and an empty selection with clear errors', async () => {
    const s = await h.subscriber('foreign@example.com');
    const eu = (await h.api.get<RealmsResponse>('/shared/data/realms/eu')).body[0]?.id ?? 0;
    const res = await undercut(s.accessToken, { retailBuyingRealms: [eu], retailSellingRealms: ids() });
    expect(res).toMatchObject({ status: 400, body: { error: MARKET_MESSAGES.foreignRealms('us', [eu]) } });
    const empty = await undercut(s.accessToken, {});
    expect(empty).toMatchObject({ status: 400, body: { error: MARKET_MESSAGES.noRealms } });
    expect((await undercut(s.accessToken, {}, 'cn')).status).toBe(400);
  });

  it('serves gzip, an ETag and 304 on the cached path', async () => {
    const s = await h.subscriber('etag@example.com');
    const body = JSON.stringify({ retailBuyingRealms: ids(), retailSellingRealms: ids() });
    const headers = {
      authorization: `Bearer ${s.accessToken}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip',
    };
    const first = await fetch(`${h.app.baseUrl}/retail/market/ah-data-undercut/us`, {
      method: 'POST',
      headers,
      body,
    });
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const raw = Buffer.from(await first.arrayBuffer());
    // fetch already inflated it when it could; either way the JSON parses.
    const text = raw[0] === 0x1f ? gunzipSync(raw).toString() : raw.toString();
    expect(JSON.parse(text).data.items.length).toBeGreaterThan(0);
    const again = await fetch(`${h.app.baseUrl}/retail/market/ah-data-undercut/us`, {
      method: 'POST',
      headers: { ...headers, 'if-none-match': etag },
      body,
    });
    expect(again.status).toBe(304);
  });

  it('answers simultaneous first requests (a double click, two tabs) with one and the same answer', async () => {
    const s = await h.subscriber('twice@example.com');
    const body = { retailBuyingRealms: ids(), retailSellingRealms: ids().slice(0, 2) };
    const [a, b] = await Promise.all([undercut(s.accessToken, body), undercut(s.accessToken, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(b.body).toEqual(a.body);
    const later = await undercut(s.accessToken, body);
    expect(later.headers.get('etag')).toBe(a.headers.get('etag'));
  });

  it('drops the cached answer when a new snapshot lands', async () => {
    const s = await h.subscriber('fresh@example.com');
    const body = { retailBuyingRealms: ids(), retailSellingRealms: ids() };
    const before = await undercut(s.accessToken, body);
    h.simulator.advanceHour();
    await h.app.market.refreshNow();
    const after = await undercut(s.accessToken, body);
    expect(after.body.data.update.lastModified).toBeGreaterThan(before.body.data.update.lastModified);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});

describe('dropship and realm statistics', () => {
  it('dropship returns groups sorted by expected profit inside, with best profit, count and groups found', async () => {
    const s = await h.subscriber('dropship@example.com');
    const res = await h.api.post<{
      data: {
        items: {
          key: string;
          variants: { sellVsBuy: number; realisticProfit: number }[];
          bestProfit: number;
          totalCount: number;
        }[];
        groupsFound: number;
      };
    }>(
      '/retail/market/ah-data-dropship/us',
      { retailBuyingRealms: ids(), retailSellingRealms: ids() },
      { token: s.accessToken },
    );
    expect(res.status).toBe(200);
    expect(ahDataDropshipResponseSchema.safeParse(res.body).success).toBe(true);
    const groups = res.body.data.items;
    expect(groups.length).toBeGreaterThan(0);
    expect(res.body.data.groupsFound).toBeGreaterThanOrEqual(groups.length);
    for (const g of groups) {
      const expected = g.variants.map((v) => v.realisticProfit);
      expect(expected).toEqual([...expected].sort((a, b) => b - a));
      expect(g.bestProfit).toBe(g.variants[0]!.sellVsBuy);
      expect(g.totalCount).toBe(g.variants.length);
    }
  });

  it('realm statistics cover every realm with percentages that add up', async () => {
    const s = await h.subscriber('stats@example.com');
    const res = await h.api.post<RealmStatsResponse>(
      '/retail/market/realm-stats/us',
      { userId: s.user.id },
      { token: s.accessToken },
    );
    expect(res.status).toBe(200);
    expect(realmStatsResponseSchema.safeParse(res.body).success).toBe(true);
    const { overallStats, realmStats } = res.body.data;
    expect(overallStats.totalRealms).toBe(4);
    expect(realmStats.map((r) => r.realmId).sort()).toEqual([...ids()].sort());
    for (const r of realmStats) {
      expect(r.percentCheaper + r.percentExpensive + r.percentEqual).toBeCloseTo(100, 6);
      expect(r.avgPriceRatio).toBeGreaterThanOrEqual(1);
    }
    expect(overallStats.totalAuctions).toBe(realmStats.reduce((n, r) => n + r.totalAuctions, 0));
  });
});
