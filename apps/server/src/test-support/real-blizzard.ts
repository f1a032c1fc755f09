// A loopback Blizzard Game Data API (with OAuth), TSM pricing API and raidbots folder that serves the
// real records of fixtures/blizzard-real, so the app ingests real data through its real clients.
// It speaks the wire as Blizzard does: Bearer tokens, the dynamic/static namespaces, Last-Modified and
// If-Modified-Since on dumps, gzip on request, 404 for what it does not have.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REAL_DATA_DIR, realDumps, realItems, type RealDump } from '@goldroute/market/real-data';

export { loopbackGate } from './loopback-gate';

export interface RealBlizzard {
  url: string;
  /** The connected realms served (the fixture dumps with a known realm), by id. */
  realmIds: number[];
  /** Unix ms the dumps were last modified. */
  lastModified: number;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

const TOKEN = 'real-fixture-token';

/**
 * TSM region rows for every item and pet species the dumps list. No real TSM figures are kept, so these
 * are the dumps' own: the median unit buyout as market value, sale average and historical value, and a
 * modest sale rate, so that the tools' floors (sale average, sale rate) let the real rows through. The
 * journey checks item levels and stats, which TSM does not touch.
 */
function pricingFromDumps(dumps: readonly RealDump[]) {
  const prices = new Map<string, number[]>();
  for (const dump of dumps)
    for (const a of dump.auctions) {
      const unit = a.buyout !== undefined ? a.buyout / a.quantity : a.unit_price;
      if (unit === undefined) continue;
      const key = a.item.pet_species_id ? `p${a.item.pet_species_id}` : `i${a.item.id}`;
      const list = prices.get(key) ?? [];
      list.push(unit);
      prices.set(key, list);
    }
  return [...prices].map(([key, list]) => {
    const sorted = list.sort((a, b) => a - b);
    const median = Math.round(sorted[Math.floor(sorted.length / 2)] as number);
    const id = Number(key.slice(1));
    return {
      regionId: 2,
      itemId: key.startsWith('p') ? 82800 : id,
      petSpeciesId: key.startsWith('p') ? id : null,
      quantity: list.length,
      marketValue: median,
      avgSalePrice: median,
      saleRate: 0.05,
      soldPerDay: 1,
      historical: median,
    };
  });
}

/** The settings that point the app's Blizzard, TSM and raidbots clients at this loopback. */
export function realBlizzardEnv(server: Pick<RealBlizzard, 'url'>): Record<string, string> {
  return {
    MARKET_SOURCE: 'blizzard',
    BLIZZARD_CLIENT_ID: 'goldroute-test',
    BLIZZARD_CLIENT_SECRET: 'secret',
    BLIZZARD_OAUTH_URL: `${server.url}/token`,
    BLIZZARD_API_URL: server.url,
    TSM_API_KEY: 'tsm-key',
    TSM_CLIENT_ID: 'goldroute-test',
    TSM_AUTH_URL: `${server.url}/oauth2/token`,
    TSM_PRICING_URL: server.url,
    BONUS_DATA_URL: `${server.url}/raidbots`,
  };
}

export interface RealBlizzardOptions {
  region?: 'eu' | 'us';
  /**
   * Serve only the bonus entries below this id: bonus data a patch behind the game, as an operator meets
   * it on patch day (the auctions' newer ids are then unknown to it).
   */
  bonusIdsBelow?: number;
}

export async function startRealBlizzard(options: RealBlizzardOptions = {}): Promise<RealBlizzard> {
  const region = options.region ?? 'eu';
  const dumps = new Map<number, RealDump>();
  for (const dump of realDumps().values()) {
    const id = dump.source.connectedRealmId;
    if (id !== null && dump.source.region === region) dumps.set(id, dump);
  }
  const items = new Map(realItems().map((i) => [i.id, i]));
  const lastModified = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 600_000;
  const requests: string[] = [];
  const tsmRows = pricingFromDumps([...dumps.values()]);
  const raidbots = (name: string): Buffer | unknown => {
    const file = readFileSync(join(REAL_DATA_DIR, 'raidbots', name));
    const below = options.bonusIdsBelow;
    if (name !== 'bonuses.json' || below === undefined) return file;
    const all = JSON.parse(file.toString('utf8')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(all).filter(([id]) => Number(id) < below));
  };

  function send(req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers = {}) {
    const text = Buffer.from(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(status, {
      'content-type': 'application/json;charset=UTF-8',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      ...headers,
    });
    res.end(gzip ? gzipSync(text) : text);
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const path = url.pathname;
    requests.push(path);
    if (req.method === 'POST' && path === '/token') {
      send(req, res, 200, { access_token: TOKEN, token_type: 'bearer', expires_in: 86399, sub: 'goldroute' });
      return;
    }
    if (req.method === 'POST' && path === '/oauth2/token') {
      send(req, res, 200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 86399 });
      return;
    }
    if (path.startsWith('/raidbots/')) {
      const name = path.slice('/raidbots/'.length);
      if (!['bonuses.json', 'item-curves.json', 'item-squish-era.json'].includes(name)) {
        send(req, res, 404, { error: 'not_found' });
        return;
      }
      send(req, res, 200, raidbots(name));
      return;
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      send(req, res, 401, { code: 401, type: 'BLZWEBAPI00000401', detail: 'Unauthorized' });
      return;
    }
    if (/^\/region\/\d+$/.test(path)) {
      send(req, res, 200, tsmRows);
      return;
    }
    const namespace = url.searchParams.get('namespace') ?? '';
    const dynamic = namespace === `dynamic-${region}`;
    const staticNs = namespace === `static-${region}`;
    let m: RegExpExecArray | null;
    if (dynamic && path === '/data/wow/connected-realm/index') {
      const base = `http://${req.headers.host}/data/wow/connected-realm`;
      send(req, res, 200, {
        connected_realms: [...dumps.keys()].map((id) => ({ href: `${base}/${id}?namespace=${namespace}` })),
      });
      return;
    }
    if (dynamic && (m = /^\/data\/wow\/connected-realm\/(\d+)$/.exec(path)) && dumps.has(Number(m[1]))) {
      const id = Number(m[1]);
      send(req, res, 200, {
        id,
        has_queue: false,
        status: { type: 'UP', name: 'Up' },
        population: { type: 'MEDIUM', name: 'Medium' },
        realms: [{ id, name: `Realm ${id}`, slug: `realm-${id}`, locale: 'enGB', timezone: 'Europe/Paris' }],
      });
      return;
    }
    if (dynamic && (m = /^\/data\/wow\/connected-realm\/(\d+)\/auctions$/.exec(path))) {
      const dump = dumps.get(Number(m[1]));
      if (!dump) return send(req, res, 404, { code: 404, type: 'BLZWEBAPI00000404', detail: 'Not Found' });
      const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
      const stamp = { 'last-modified': new Date(lastModified).toUTCString() };
      if (!Number.isNaN(since) && since >= lastModified) {
        res.writeHead(304, stamp);
        res.end();
        return;
      }
      send(req, res, 200, { auctions: dump.auctions }, stamp);
      return;
    }
    if (dynamic && path === '/data/wow/token/index') {
      // No real token sample is kept; the figure only fills the header.
      send(req, res, 200, { last_updated_timestamp: lastModified, price: 2_500_000_000 });
      return;
    }
    if (staticNs && (m = /^\/data\/wow\/item\/(\d+)$/.exec(path)) && items.has(Number(m[1]))) {
      send(req, res, 200, items.get(Number(m[1])));
      return;
    }
    if (staticNs && (m = /^\/data\/wow\/media\/item\/(\d+)$/.exec(path))) {
      const icon = items.get(Number(m[1]))?.icon;
      if (icon) {
        const value = `https://render.worldofwarcraft.com/${region}/icons/56/${icon}.jpg`;
        send(req, res, 200, { assets: [{ key: 'icon', value }], id: Number(m[1]) });
        return;
      }
    }
    send(req, res, 404, { code: 404, type: 'BLZWEBAPI00000404', detail: 'Not Found' });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    realmIds: [...dumps.keys()].sort((a, b) => a - b),
    lastModified,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
