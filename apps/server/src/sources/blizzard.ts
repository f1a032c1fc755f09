import pLimit from 'p-limit';
import {
  DEFAULT_RETRY,
  fetchWithRetry,
  getRawWithRetry,
  readJson,
  UpstreamError,
  type RetryPolicy,
} from './http-json';
import { createOAuthToken } from './oauth-token';
import { createRateGate, type RequestGate } from './rate-gate';

export type Region = 'us' | 'eu';

export interface BlizzardOptions {
  clientId: string;
  clientSecret: string;
  /** OAuth token endpoint, e.g. https://oauth.battle.net/token. */
  oauthUrl: string;
  /** API host per region; `{region}` is replaced, e.g. https://{region}.api.blizzard.com. */
  apiUrl: string;
  /** Realm dumps fetched at once (Blizzard allows 100 requests/s; dumps are large). */
  concurrency?: number;
  retry?: RetryPolicy;
  /** Every API request passes it: Blizzard's 100 a second and 36,000 an hour, and a 429's pause (default). */
  gate?: RequestGate;
}

export interface ConnectedRealmInfo {
  id: number;
  population: { type: string; name: string };
  realms: { id: number; name: string; slug: string; locale: string; timezone?: string }[];
}

/**
 * A dump's body is its bytes as sent, gzip-compressed when Blizzard compressed them (asked for; the ingest
 * inflates them): they move to the builder thread as they are (transferred, not copied).
 */
export type AuctionsResult =
  { status: 'not-modified' } | { status: 'ok'; lastModified: Date; body: Uint8Array };
export type ModifiedResult = { status: 'not-modified' } | { status: 'ok'; lastModified: Date };

export interface BlizzardItem {
  id: number;
  name: string;
  quality: { type: string; name: string };
  level: number;
  item_class: { id: number; name: string };
  item_subclass: { id: number; name: string };
  media?: { id: number };
}

export interface BlizzardPet {
  id: number;
  name: string;
  battle_pet_type?: { type: string; name: string };
  /** The creature (npc) the species is; game-database links use its id. */
  creature?: { id: number; name?: string };
  icon?: string;
}

/** The Blizzard Game Data API for WoW retail: OAuth client credentials, dynamic and static namespaces. */
export function createBlizzardClient(options: BlizzardOptions) {
  const retry = options.retry ?? DEFAULT_RETRY;
  const limit = pLimit(options.concurrency ?? 4);
  const gate = options.gate ?? createRateGate();
  const token = createOAuthToken({
    name: 'Blizzard OAuth',
    url: options.oauthUrl,
    request: {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    },
    retry,
  });

  function url(region: Region, path: string, namespace: 'dynamic' | 'static'): string {
    const base = options.apiUrl.replace('{region}', region).replace(/\/+$/, '');
    return `${base}${path}?namespace=${namespace}-${region}&locale=en_US`;
  }

  /** A call with the bearer token; a 401 (token revoked early) gets one fresh token and one more try. */
  async function authorized<T extends { status: number }>(
    call: (headers: Record<string, string>) => Promise<T>,
    discard: (answer: T) => Promise<unknown>,
  ): Promise<T> {
    for (let round = 0; ; round++) {
      const answer = await call({ authorization: `Bearer ${await token.get()}`, 'accept-encoding': 'gzip' });
      if (answer.status !== 401 || round === 1) return answer;
      await discard(answer);
      token.forget();
    }
  }

  function get(
    region: Region,
    path: string,
    namespace: 'dynamic' | 'static',
    headers: Record<string, string> = {},
  ) {
    return authorized(
      (auth) =>
        fetchWithRetry(url(region, path, namespace), { headers: { ...headers, ...auth } }, retry, gate),
      async (res) => res.body?.cancel(),
    );
  }

  async function getJson<T>(region: Region, path: string, namespace: 'dynamic' | 'static'): Promise<T> {
    const res = await get(region, path, namespace);
    if (!res.ok) throw new UpstreamError(`HTTP ${res.status} for ${path}`, res.status);
    return readJson<T>(res, path);
  }

  return {
    async connectedRealmIds(region: Region): Promise<number[]> {
      const body = await getJson<{ connected_realms: { href: string }[] }>(
        region,
        '/data/wow/connected-realm/index',
        'dynamic',
      );
      return body.connected_realms
        .map((r) => Number(/connected-realm\/(\d+)/.exec(r.href)?.[1]))
        .filter((id) => Number.isInteger(id) && id > 0);
    },

    connectedRealm: (region: Region, id: number) =>
      limit(() => getJson<ConnectedRealmInfo>(region, `/data/wow/connected-realm/${id}`, 'dynamic')),

    /**
     * One realm's dump as bytes, as sent (gzip: the ingest inflates it, in the builder thread); 304 when
     * nothing changed since `since`. The body is parsed by the ingester.
     */
    auctions: (region: Region, id: number, since?: Date): Promise<AuctionsResult> =>
      limit(async () => {
        const conditional: Record<string, string> = since ? { 'if-modified-since': since.toUTCString() } : {};
        const res = await authorized(
          (auth) =>
            getRawWithRetry(
              url(region, `/data/wow/connected-realm/${id}/auctions`, 'dynamic'),
              { ...conditional, ...auth },
              retry,
              gate,
            ),
          (answer) => answer.discard(),
        );
        if (res.status === 304) {
          await res.discard();
          return { status: 'not-modified' as const };
        }
        const encoding = String(res.headers['content-encoding'] ?? 'identity').toLowerCase();
        if (res.status < 200 || res.status > 299 || (encoding !== 'gzip' && encoding !== 'identity')) {
          await res.discard();
          const why =
            res.status > 299 || res.status < 200 ? `HTTP ${res.status}` : `content-encoding ${encoding}`;
          throw new UpstreamError(`${why} for realm ${id} auctions`, res.status);
        }
        const modified = res.headers['last-modified'];
        const lastModified = new Date(typeof modified === 'string' ? modified : Date.now());
        return { status: 'ok' as const, lastModified, body: await res.bytes() };
      }),

    /**
     * Whether the region's commodity dump changed since `since` (a batch probe): its time only, the body
     * (the region's commodities, large) is not read.
     */
    commoditiesModified: (region: Region, since?: Date): Promise<ModifiedResult> =>
      limit(async () => {
        const res = await get(
          region,
          '/data/wow/auctions/commodities',
          'dynamic',
          since ? { 'if-modified-since': since.toUTCString() } : {},
        );
        await res.body?.cancel();
        if (res.status === 304) return { status: 'not-modified' as const };
        if (!res.ok) throw new UpstreamError(`HTTP ${res.status} for commodities`, res.status);
        const lastModified = new Date(res.headers.get('last-modified') ?? Date.now());
        // A server that ignores If-Modified-Since answers 200 with the same time: nothing new.
        if (since && lastModified.getTime() <= since.getTime()) return { status: 'not-modified' as const };
        return { status: 'ok' as const, lastModified };
      }),

    async tokenPrice(region: Region): Promise<{ price: number; lastUpdated: Date }> {
      const body = await getJson<{ price: number; last_updated_timestamp: number }>(
        region,
        '/data/wow/token/index',
        'dynamic',
      );
      if (!Number.isFinite(body.price)) throw new UpstreamError('token index without a price');
      return { price: body.price, lastUpdated: new Date(body.last_updated_timestamp) };
    },

    item: (region: Region, id: number) =>
      limit(() => getJson<BlizzardItem>(region, `/data/wow/item/${id}`, 'static')),

    pet: (region: Region, speciesId: number) =>
      limit(() => getJson<BlizzardPet>(region, `/data/wow/pet/${speciesId}`, 'static')),

    async itemIcon(region: Region, id: number): Promise<string | null> {
      const body = await limit(() =>
        getJson<{ assets?: { key: string; value: string }[] }>(
          region,
          `/data/wow/media/item/${id}`,
          'static',
        ),
      );
      return body.assets?.find((a) => a.key === 'icon')?.value ?? null;
    },
  };
}

export type BlizzardClient = ReturnType<typeof createBlizzardClient>;
