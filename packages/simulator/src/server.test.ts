import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEconomy } from './economy';
import type { SimulatorServer } from './server-api';
import { startSimulatorServer } from './server';
import type { BlizzardAuctionsResponse, BlizzardConnectedRealm, TsmRegionRow } from './wire';

const economy = createEconomy({ seed: 5, size: 'tiny' });
const usRealm = economy.connectedRealms('us')[0]?.id ?? 0;
let server: SimulatorServer;
let token = '';

beforeAll(async () => {
  server = await startSimulatorServer({
    economy,
    port: 0,
    blizzard: { clientId: 'id', clientSecret: 'secret' },
    tsm: { apiKey: 'tsm-key' },
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.clearFaults();
});

async function blizzardToken(id = 'id', secret = 'secret'): Promise<Response> {
  return fetch(`${server.url}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
}

/** Raw GET with node:http (no automatic decompression). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('OAuth', () => {
  it('issues bearer tokens for client credentials with HTTP Basic auth', async () => {
    const res = await blizzardToken();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    token = body.access_token;
    expect((await blizzardToken('id', 'wrong')).status).toBe(401);
    const noGrant = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('id:secret').toString('base64')}` },
      body: 'grant_type=password',
    });
    expect(noGrant.status).toBe(400);
  });

  it('answers 401 without a valid bearer token', async () => {
    const res = await fetch(`${server.url}/data/wow/token/index?namespace=dynamic-us`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 401 });
    const bad = await fetch(`${server.url}/data/wow/token/index?namespace=dynamic-us`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(401);
  });
});

describe('Blizzard API', () => {
  it('lists connected realms per region by namespace', async () => {
    for (const region of ['us', 'eu'] as const) {
      const res = await api(`/data/wow/connected-realm/index?namespace=dynamic-${region}&locale=en_US`);
      const body = (await res.json()) as { connected_realms: { href: string }[] };
      const ids = body.connected_realms.map((r) => Number(/connected-realm\/(\d+)/.exec(r.href)?.[1]));
      expect(ids).toEqual(economy.connectedRealms(region).map((r) => r.id));
    }
    expect((await api('/data/wow/connected-realm/index?namespace=static-us')).status).toBe(404);
    expect((await api('/data/wow/connected-realm/index')).status).toBe(404);
  });

  it('describes a connected realm', async () => {
    const eu = economy.connectedRealms('eu').find((r) => r.russian);
    const res = await api(`/data/wow/connected-realm/${eu?.id}?namespace=dynamic-eu`);
    const body = (await res.json()) as BlizzardConnectedRealm;
    expect(body.id).toBe(eu?.id);
    expect(body.population.type).toBe(eu?.population);
    expect(body.realms[0]?.locale).toBe('ruRU');
    expect((await api(`/data/wow/connected-realm/${eu?.id}?namespace=dynamic-us`)).status).toBe(404);
  });

  it('serves auctions with Last-Modified, 304 on If-Modified-Since, and new data after advanceHour', async () => {
    const path = `/data/wow/connected-realm/${usRealm}/auctions?namespace=dynamic-us`;
    const first = await api(path);
    expect(first.status).toBe(200);
    const lastModified = first.headers.get('last-modified') ?? '';
    expect(Date.parse(lastModified)).toBe(
      Math.floor(economy.lastModified('us', usRealm, server.hour) / 1000) * 1000,
    );
    const body = (await first.json()) as BlizzardAuctionsResponse;
    expect(body.auctions.length).toBeGreaterThan(100);
    expect(JSON.stringify(body)).toBe(
      JSON.stringify(JSON.parse(economy.auctionsJson('us', usRealm, server.hour, server.url))),
    );
    const again = await api(path, { headers: { 'if-modified-since': lastModified } });
    expect(again.status).toBe(304);
    server.advanceHour();
    const next = await api(path, { headers: { 'if-modified-since': lastModified } });
    expect(next.status).toBe(200);
    expect(Date.parse(next.headers.get('last-modified') ?? '')).toBeGreaterThan(Date.parse(lastModified));
    expect(await next.text()).not.toBe(JSON.stringify(body));
    server.setHour(0);
  });

  it('gzips when the client accepts it', async () => {
    const path = `/data/wow/connected-realm/${usRealm}/auctions?namespace=dynamic-us`;
    const gz = await rawGet(path, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(gz.body).toString('utf8');
    expect(text).toBe(economy.auctionsJson('us', usRealm, 0, server.url));
    expect(gz.body.length).toBeLessThan(text.length / 3);
    const plain = await rawGet(path, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(text);
  });

  it('serves items, media, pets and the token price', async () => {
    const item = economy.items[0];
    const res = await api(`/data/wow/item/${item?.id}?namespace=static-us&locale=en_US`);
    expect(await res.json()).toMatchObject({
      id: item?.id,
      name: item?.name,
      item_class: { id: item?.classId, name: item?.className },
      item_subclass: { id: item?.subclassId, name: item?.subclassName },
      quality: { type: expect.any(String), name: expect.any(String) },
      level: item?.level,
    });
    expect((await api(`/data/wow/item/${item?.id}?namespace=dynamic-us`)).status).toBe(404);
    expect((await api(`/data/wow/item/1?namespace=static-us`)).status).toBe(404);
    const media = (await (await api(`/data/wow/media/item/${item?.id}?namespace=static-eu`)).json()) as {
      assets: { key: string; value: string }[];
    };
    expect(media.assets[0]).toEqual(
      expect.objectContaining({
        key: 'icon',
        value: `https://render.worldofwarcraft.com/eu/icons/56/${item?.icon}.jpg`,
      }),
    );
    const pet = economy.pets[0];
    const petBody = (await (await api(`/data/wow/pet/${pet?.speciesId}?namespace=static-us`)).json()) as {
      creature: { id: number };
      name: string;
    };
    expect(petBody).toMatchObject({
      name: pet?.name,
      creature: { id: pet?.npcId },
      battle_pet_type: { name: pet?.familyName },
      icon: `https://render.worldofwarcraft.com/us/icons/56/${pet?.icon}.jpg`,
    });
    const tokenBody = (await (await api('/data/wow/token/index?namespace=dynamic-eu')).json()) as {
      price: number;
      last_updated_timestamp: number;
    };
    expect(tokenBody.price).toBe(economy.tokenPrice('eu', tokenBody.last_updated_timestamp));
    expect(tokenBody.last_updated_timestamp).toBeLessThanOrEqual(server.now());
  });
});

describe('static files', () => {
  it('serves raidbots bonus data, expansions and crafted ids without a token', async () => {
    const get = async (path: string) => (await fetch(`${server.url}${path}`)).json() as Promise<unknown>;
    expect(await get('/raidbots/bonuses.json')).toEqual(economy.bonusData.bonuses);
    expect(await get('/raidbots/item-curves.json')).toEqual(economy.bonusData.curves);
    const expansions = (await get('/lists/patch-numbers.json')) as Record<string, number>;
    const item = economy.items[0];
    const pet = economy.pets[0];
    expect(expansions[String(item?.id)]).toBe(item?.expansion);
    expect(expansions[`pet_${pet?.speciesId}`]).toBe(pet?.expansion);
    expect(Object.keys(expansions).length).toBe(economy.items.length + economy.pets.length);
    const crafted = (await get('/lists/crafted-items.json')) as number[];
    expect(crafted.length).toBeGreaterThan(0);
    expect(crafted.every((id) => economy.item(id)?.crafted)).toBe(true);
    expect((await fetch(`${server.url}/raidbots/other.json`)).status).toBe(404);
  });
});

describe('TSM API', () => {
  /** Asks the TSM auth endpoint to exchange this API key for a token. */
  const tsmToken = (apiKey: string) =>
    fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: 'c',
        grant_type: 'api_token',
        scope: 'app:realm-api app:pricing-api',
        token: apiKey,
      }),
    });

  it('exchanges an API key for a token and serves region rows', async () => {
    const bad = await tsmToken('x');
    expect(bad.status).toBe(401);
    const res = await tsmToken('tsm-key');
    const { access_token } = (await res.json()) as { access_token: string };
    expect(
      (await fetch(`${server.url}/region/1`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
    const rows = (await (
      await fetch(`${server.url}/region/2`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json()) as TsmRegionRow[];
    expect(rows).toEqual(economy.tsmRegion('eu', server.hour));
    expect(
      (await fetch(`${server.url}/region/7`, { headers: { authorization: `Bearer ${access_token}` } }))
        .status,
    ).toBe(404);
  });
});

describe('fault injection', () => {
  const path = `/data/wow/connected-realm/${usRealm}/auctions`;
  const url = `${path}?namespace=dynamic-us`;

  it('answers 429 with Retry-After, then 500, for the given number of times', async () => {
    server.inject({ path, kind: '429', times: 2, retryAfterSeconds: 3 });
    server.inject({ path: /auctions$/, kind: '500' });
    const a = await api(url);
    expect(a.status).toBe(429);
    expect(a.headers.get('retry-after')).toBe('3');
    expect((await api(url)).status).toBe(429);
    expect((await api(url)).status).toBe(500);
    expect((await api(url)).status).toBe(200);
    expect((await api('/data/wow/token/index?namespace=dynamic-us')).status).toBe(200);
    const log = server.requests.filter((r) => r.path === path).slice(-4);
    expect(log.map((r) => [r.status, r.fault])).toEqual([
      [429, '429'],
      [429, '429'],
      [500, '500'],
      [200, undefined],
    ]);
  });

  it('answers 404 for a path that exists', async () => {
    const item = `/data/wow/item/${economy.items[0]?.id}`;
    server.inject({ path: item, kind: '404' });
    expect((await api(`${item}?namespace=static-us`)).status).toBe(404);
    expect((await api(`${item}?namespace=static-us`)).status).toBe(200);
  });

  it('sends malformed and truncated JSON', async () => {
    server.inject({ path, kind: 'malformed' });
    server.inject({ path, kind: 'truncated' });
    const malformed = await (await api(url)).text();
    expect(() => JSON.parse(malformed) as unknown).toThrow();
    const truncated = await api(url);
    expect(truncated.status).toBe(200);
    const text = await truncated.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(economy.auctionsJson('us', usRealm, 0, server.url).startsWith(text)).toBe(true);
  });

  it('resets the connection mid-body', async () => {
    server.inject({ path, kind: 'reset' });
    await expect(api(url).then((r) => r.text())).rejects.toThrow();
  });

  it('hangs until the client gives up, and close() still ends', async () => {
    server.inject({ path, kind: 'timeout' });
    await expect(api(url, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    const other = await startSimulatorServer({ economy });
    other.inject({ path: '/data/wow', kind: 'timeout', times: Infinity });
    const pending = fetch(`${other.url}/data/wow/token/index?namespace=dynamic-us`).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await other.close();
    expect(await pending).toBeInstanceOf(Error);
  });

  it('revoking tokens makes the next call a 401', async () => {
    server.revokeTokens();
    expect((await api('/data/wow/token/index?namespace=dynamic-us')).status).toBe(401);
    token = ((await (await blizzardToken()).json()) as { access_token: string }).access_token;
    expect((await api('/data/wow/token/index?namespace=dynamic-us')).status).toBe(200);
  });
});
