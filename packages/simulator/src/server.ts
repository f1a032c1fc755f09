// Loopback HTTP server speaking the Blizzard Game Data API (with its OAuth token endpoint) and
// the TSM pricing API over the simulator's economy, with fault injection, and either a movable hour
// (manual mode) or a clock that publishes dumps the way Blizzard does (scheduled mode, server-clock.ts).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createGzip } from 'node:zlib';
import type { RegionCode } from './realms';
import * as responses from './responses';
import type { FaultSpec, RecordedRequest, SimulatorServer, SimulatorServerOptions } from './server-api';
import {
  HttpError,
  blizzardError,
  httpDate,
  acceptsGzip,
  readBody,
  regionFromNamespace,
  parseId,
  notModifiedSince,
} from './server-http';
import { manualClock, scheduledClock } from './server-clock';

interface ActiveFault extends FaultSpec {
  remaining: number;
}

interface TokenGrant {
  kind: 'blizzard' | 'tsm';
  expiresAt: number;
}

export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const { economy } = options;
  const ttl = options.tokenTtlSeconds ?? 86_399;
  const dumps = options.clock
    ? scheduledClock(economy, options.clock)
    : manualClock(economy, options.hour ?? 0);
  const faults: ActiveFault[] = [];
  const tokens = new Map<string, TokenGrant>();
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let origin = '';

  const now = (): number => dumps.now();

  function takeFault(method: string, path: string): ActiveFault | undefined {
    for (const f of faults) {
      if (f.remaining <= 0) continue;
      if (f.method && f.method.toUpperCase() !== method) continue;
      const hit = typeof f.path === 'string' ? path.includes(f.path) : f.path.test(path);
      if (hit) {
        f.remaining--;
        return f;
      }
    }
    return undefined;
  }

  function issueToken(kind: TokenGrant['kind']): string {
    const token = `${kind === 'tsm' ? 'tsm' : 'US'}${randomBytes(16).toString('hex')}`;
    tokens.set(token, { kind, expiresAt: Date.now() + ttl * 1000 });
    return token;
  }

  function requireBearer(req: IncomingMessage, kind: TokenGrant['kind']): void {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    const grant = m?.[1] ? tokens.get(m[1]) : undefined;
    if (!grant || grant.kind !== kind || grant.expiresAt <= Date.now()) {
      throw kind === 'blizzard'
        ? blizzardError(401, 'Unauthorized')
        : new HttpError(401, { error: 'unauthorized', message: 'Invalid or expired access token' });
    }
  }

  /** A response body: a complete string, or a lazy stream of chunks. */
  type Body = { text: string } | { chunks: () => Iterable<string> };

  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    body: Body,
    headers: Record<string, string>,
    fault: ActiveFault | undefined,
  ): Promise<void> {
    let payload = body;
    if (fault && (fault.kind === 'malformed' || fault.kind === 'truncated' || fault.kind === 'reset')) {
      const text = 'text' in body ? body.text : [...body.chunks()].join('');
      const cut = Math.max(1, Math.floor(text.length / 2));
      if (fault.kind === 'malformed') {
        // A raw control character is invalid anywhere in JSON, so this never parses.
        payload = { text: `${text.slice(0, cut)}\u0000<html>Bad Gateway</html>${text.slice(cut)}` };
      } else if (fault.kind === 'truncated') {
        payload = { text: text.slice(0, cut) };
      } else {
        // Promise the whole body, send half, then drop the connection.
        const bytes = Buffer.from(text, 'utf8');
        res.writeHead(status, {
          ...headers,
          'content-type': 'application/json;charset=UTF-8',
          'content-length': String(bytes.length),
        });
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.destroy());
        return;
      }
    }
    const allHeaders: Record<string, string> = {
      'content-type': 'application/json;charset=UTF-8',
      ...headers,
    };
    if (acceptsGzip(req)) {
      allHeaders['content-encoding'] = 'gzip';
      allHeaders.vary = 'Accept-Encoding';
      res.writeHead(status, allHeaders);
      const source = 'text' in payload ? Readable.from([payload.text]) : Readable.from(payload.chunks());
      await pipeline(source, createGzip({ level: zlibConstants.Z_BEST_SPEED }), res);
      return;
    }
    if ('text' in payload) {
      allHeaders['content-length'] = String(Buffer.byteLength(payload.text));
      res.writeHead(status, allHeaders);
      res.end(payload.text);
      return;
    }
    res.writeHead(status, allHeaders);
    await pipeline(Readable.from(payload.chunks()), res);
  }

  const json = (value: unknown): Body => ({ text: JSON.stringify(value) });

  function staticFile(path: string): unknown {
    if (path === '/raidbots/bonuses.json') return economy.bonusData.bonuses;
    if (path === '/raidbots/item-curves.json') return economy.bonusData.curves;
    if (path === '/raidbots/item-squish-era.json') return economy.bonusData.squishEras;
    if (path === '/lists/patch-numbers.json') return responses.patchNumbers(economy);
    if (path === '/lists/crafted-items.json') return responses.craftedItems(economy);
    if (path === '/lists/fake-items.json') return responses.fakeItems(economy);
    return undefined;
  }

  async function route(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    fault: ActiveFault | undefined,
  ): Promise<number> {
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const reply = async (
      status: number,
      body: Body,
      headers: Record<string, string> = {},
    ): Promise<number> => {
      await send(req, res, status, body, headers, fault);
      return status;
    };

    // Blizzard OAuth: client credentials with HTTP Basic auth.
    if (path === '/token' || path === '/oauth/token') {
      if (method !== 'POST') throw new HttpError(405, { error: 'method_not_allowed' });
      const text = await readBody(req);
      const form = new URLSearchParams(text);
      const grant = form.get('grant_type') ?? url.searchParams.get('grant_type');
      const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
      const sep = decoded.indexOf(':');
      const id = sep >= 0 ? decoded.slice(0, sep) : '';
      const secret = sep >= 0 ? decoded.slice(sep + 1) : '';
      const valid = options.blizzard
        ? id === options.blizzard.clientId && secret === options.blizzard.clientSecret
        : id !== '' && secret !== '';
      if (!valid)
        throw new HttpError(401, {
          error: 'invalid_client',
          error_description: 'Invalid client credentials',
        });
      if (grant !== 'client_credentials') throw new HttpError(400, { error: 'unsupported_grant_type' });
      return reply(
        200,
        json({ access_token: issueToken('blizzard'), token_type: 'bearer', expires_in: ttl, sub: id }),
      );
    }

    // TSM auth: JSON body with the user's API key.
    if (path === '/oauth2/token') {
      if (method !== 'POST') throw new HttpError(405, { error: 'method_not_allowed' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        throw new HttpError(400, { error: 'invalid_request', message: 'Body must be JSON' });
      }
      if (body.grant_type !== 'api_token') throw new HttpError(400, { error: 'unsupported_grant_type' });
      const key = typeof body.token === 'string' ? body.token : '';
      const valid = options.tsm ? key === options.tsm.apiKey : key !== '';
      if (!valid) throw new HttpError(401, { error: 'invalid_token', message: 'Invalid API key' });
      return reply(200, json({ access_token: issueToken('tsm'), token_type: 'Bearer', expires_in: ttl }));
    }

    // TSM pricing: region rows.
    const tsmRegion = /^\/region\/(\d+)$/.exec(path);
    if (tsmRegion) {
      if (method !== 'GET') throw new HttpError(405, { error: 'method_not_allowed' });
      requireBearer(req, 'tsm');
      const regionId = Number(tsmRegion[1]);
      const region: RegionCode | undefined = regionId === 1 ? 'us' : regionId === 2 ? 'eu' : undefined;
      if (!region) throw new HttpError(404, { error: 'not_found', message: 'Unknown region' });
      return reply(200, json(economy.tsmRegion(region, dumps.regionHour(region))));
    }

    // Static files the app reads besides the Blizzard API: raidbots' bonus data, the expansion
    // (patch number) of every item and pet species, and the crafted item ids.
    if (path.startsWith('/raidbots/') || path.startsWith('/lists/')) {
      if (method !== 'GET') throw new HttpError(405, { error: 'method_not_allowed' });
      const file = staticFile(path);
      if (file === undefined) throw new HttpError(404, { error: 'not_found' });
      return reply(200, json(file));
    }

    if (!path.startsWith('/data/wow/')) throw new HttpError(404, { error: 'not_found' });
    if (method !== 'GET') throw blizzardError(405, 'Method Not Allowed');
    requireBearer(req, 'blizzard');
    const namespace = url.searchParams.get('namespace');
    const rest = path.slice('/data/wow/'.length).split('/');
    const [a, b, c] = rest;

    if (a === 'connected-realm') {
      const region = regionFromNamespace(namespace, 'dynamic');
      if (b === 'index' && rest.length === 2) {
        return reply(200, json(responses.connectedRealmIndex(economy, region, origin)));
      }
      const id = parseId(b);
      if (!economy.connectedRealm(region, id)) throw blizzardError(404, 'Not Found');
      if (rest.length === 2) return reply(200, json(responses.connectedRealm(economy, region, id, origin)));
      if (c === 'auctions' && rest.length === 3) {
        const dump = dumps.auctions(region, id);
        const headers = { 'last-modified': httpDate(dump.publishedAt) };
        if (notModifiedSince(req, dump.publishedAt)) {
          res.writeHead(304, headers);
          res.end();
          return 304;
        }
        return reply(200, { chunks: () => economy.auctionChunks(region, id, dump.hour, origin) }, headers);
      }
      throw blizzardError(404, 'Not Found');
    }
    if (a === 'auctions' && b === 'commodities' && rest.length === 2) {
      const region = regionFromNamespace(namespace, 'dynamic');
      const { publishedAt } = dumps.commodities(region);
      const headers = { 'last-modified': httpDate(publishedAt), 'x-region': region };
      if (notModifiedSince(req, publishedAt)) {
        res.writeHead(304, headers);
        res.end();
        return 304;
      }
      return reply(200, json({ auctions: [] }), headers);
    }
    if (a === 'token' && b === 'index' && rest.length === 2) {
      const region = regionFromNamespace(namespace, 'dynamic');
      return reply(200, json(responses.token(economy, region, now(), origin)));
    }
    if (a === 'item' && rest.length === 2) {
      const region = regionFromNamespace(namespace, 'static');
      const body = responses.item(economy, region, parseId(b), origin);
      if (!body) throw blizzardError(404, 'Not Found');
      return reply(200, json(body));
    }
    if (a === 'media' && b === 'item' && rest.length === 3) {
      const region = regionFromNamespace(namespace, 'static');
      const body = responses.itemMedia(economy, region, parseId(c), origin);
      if (!body) throw blizzardError(404, 'Not Found');
      return reply(200, json(body));
    }
    if (a === 'pet' && rest.length === 2) {
      const region = regionFromNamespace(namespace, 'static');
      if (b === 'index') return reply(200, json(responses.petIndex(economy, region, origin)));
      const body = responses.pet(economy, region, parseId(b), origin);
      if (!body) throw blizzardError(404, 'Not Found');
      return reply(200, json(body));
    }
    throw blizzardError(404, 'Not Found');
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const record: RecordedRequest = { method, path: url.pathname, query: url.search, status: 0 };
    requests.push(record);
    const fault = takeFault(method, url.pathname);
    if (fault) record.fault = fault.kind;
    const handle = async (): Promise<void> => {
      if (fault?.kind === 'timeout') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return; // never answers
      }
      if (fault?.kind === '404') throw blizzardError(404, 'Not Found');
      if (fault && (fault.kind === '429' || fault.kind === '500' || fault.kind === '503')) {
        const status = Number(fault.kind);
        const headers: Record<string, string> =
          status === 500 ? {} : { 'retry-after': String(fault.retryAfterSeconds ?? 1) };
        throw new HttpError(
          status,
          {
            code: status,
            type: `BLZWEBAPI00000${status}`,
            detail: status === 429 ? 'Too Many Requests' : 'Server Error',
          },
          headers,
        );
      }
      record.status = await route(req, res, url, fault);
    };
    handle().catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const e = err instanceof HttpError ? err : new HttpError(500, { error: 'internal_error' });
      record.status = e.status;
      const text = JSON.stringify(e.body);
      res.writeHead(e.status, {
        'content-type': 'application/json;charset=UTF-8',
        'content-length': String(Buffer.byteLength(text)),
        ...e.headers,
      });
      res.end(text);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  return {
    url: origin,
    port: address.port,
    economy,
    schedule: economy.schedule,
    shownAt: (region, realmId, atMs) => dumps.shownAt(region, realmId, atMs),
    get hour() {
      return dumps.hour();
    },
    now,
    advanceHour(hours = 1) {
      dumps.setHour(dumps.hour() + hours);
      return dumps.hour();
    },
    setHour(h: number) {
      dumps.setHour(h);
    },
    inject(fault: FaultSpec) {
      faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    clearFaults() {
      faults.length = 0;
    },
    requests,
    revokeTokens() {
      tokens.clear();
    },
    close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
