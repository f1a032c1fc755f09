import { ACCESS, TRADE_COLUMNS_TYPE, type Region } from '@goldroute/domain';
import {
  ahDataRequestSchema,
  dealHistoryQuerySchema,
  realmStatsRequestSchema,
  regionParamsSchema,
  type MarketSourceResponse,
} from '@goldroute/domain/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notModified } from '../../lib/etag';
import { parseOr400 } from '../../lib/parse';
import { HttpError } from '../../lib/http-error';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import type { DealHistory } from './deal-history';
import type { MarketAccessReader } from './market-access';
import type { AnswerEncoding, MarketService, RealmSelection } from './market.service';
import type { MarketStore } from './market-store';
import type { CachedResponse } from './personal-cache';
import type { RateLimiter } from '../../plugins/rate-limits';
import type { TokenPriceService } from './token-prices.service';

export interface MarketRoutesOptions {
  access: MarketAccessReader;
  market: MarketService;
  store: MarketStore;
  tokens: TokenPriceService;
  history: DealHistory;
  requireAuth: ReturnType<typeof createAuthGuard>;
  limiter: RateLimiter;
  /** The market data is the built-in simulator's (MarketRuntime.simulated). */
  simulated: boolean;
}

const MINUTE = 60_000;
/** Data calls per user and minute: the tools poll far less; this only stops a runaway client. */
export const MARKET_CALLS_PER_MINUTE = 120;
/**
 * New searches (answers not in the cache) per user in 10 minutes. Set so a heavy honest user never meets it:
 * one who edits realm lists with the live preview, or ticks realms one by one, starts a search every few
 * seconds at the most (300 is one every 2 s for the whole 10 minutes), while the per-minute call limit
 * already caps a burst. It bounds a runaway client: at most ~30 searches a minute, each a fraction of a
 * second of engine time, with the shared cache's entries counted per user (personal-cache.ts).
 */
export const MARKET_SEARCHES_PER_10_MINUTES = 300;

const byUser = (request: FastifyRequest): string => request.auth?.userId ?? 'anonymous';

const regionOf = (request: FastifyRequest): Region => parseOr400(regionParamsSchema, request.params).region;

/** The quality (q) an Accept header gives a media type, through its own entry or a wildcard; 0: none. */
function quality(accept: string, type: string): number {
  const [group] = type.split('/');
  let best = 0;
  let specificity = -1;
  for (const entry of accept.split(',')) {
    const [range = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const level = range === type ? 2 : range === `${group}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (level <= specificity) continue;
    const q = params.find((p) => p.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    specificity = level;
    best = Number.isFinite(value) ? value : 0;
  }
  return best;
}

/**
 * The compact encoding when the request's Accept names it (the web client's does) and ranks it no lower
 * than JSON; the SPEC JSON for every other client, including those that send no Accept or only wildcards.
 */
function answerEncoding(request: FastifyRequest): AnswerEncoding {
  const accept = request.headers.accept ?? '';
  if (!accept.toLowerCase().includes(TRADE_COLUMNS_TYPE)) return 'json';
  const columns = quality(accept, TRADE_COLUMNS_TYPE);
  return columns > 0 && columns >= quality(accept, 'application/json') ? 'columns' : 'json';
}

const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

/**
 * Sends a cached answer: 304 when the client has it, gzip when accepted, the bytes otherwise. `negotiated`:
 * the answer depends on Accept too, which caches between us and the client must know (Vary).
 */
function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedResponse,
  negotiated = false,
) {
  void reply.header('vary', negotiated ? 'accept, accept-encoding' : 'accept-encoding');
  if (notModified(request, reply, cached.etag)) return reply.send();
  void reply.type(cached.type);
  if (acceptsGzip(request)) {
    return reply.header('content-encoding', 'gzip').send(cached.gzip);
  }
  return reply.send(cached.body());
}

/** The data calls of SPEC §7, plus the realm list for the settings screen and whether the data is simulated. */
export async function marketRoutes(app: FastifyInstance, o: MarketRoutesOptions): Promise<void> {
  const guard = [o.requireAuth, o.limiter.limit('market-user', MARKET_CALLS_PER_MINUTE, MINUTE, byUser)];
  const searches = o.limiter.limit('market-search', MARKET_SEARCHES_PER_10_MINUTES, 10 * MINUTE, byUser);
  /** The budget check, run only when an answer has to be computed. */
  const searchBudget = (request: FastifyRequest, reply: FastifyReply) => () =>
    searches.call(app, request, reply) as Promise<void>;
  /** Signed in, with access, and (when a body names a userId) asking for their own data only. */
  async function subscriber(request: FastifyRequest, bodyUserId: string | undefined) {
    const { userId } = authOf(request);
    if (bodyUserId !== undefined && bodyUserId !== userId)
      throw new HttpError(403, 'You can only read your own data');
    const access = await o.access.read(userId);
    if (!access) throw new HttpError(401, 'Authentication failed');
    if (!access.hasAccess) throw new HttpError(403, ACCESS.noSubscription);
    return { userId, savedRealms: access.savedRealms };
  }

  app.get('/shared/data/token/:region', async (request, reply) => {
    const answer = await o.tokens.answer(regionOf(request));
    if (!answer) throw new HttpError(503, 'The token price is not known yet');
    void reply.header('vary', 'accept-encoding');
    if (notModified(request, reply, answer.etag, 'no-cache')) return reply.send();
    void reply.type('application/json; charset=utf-8');
    if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
    return reply.send(answer.json);
  });

  app.get('/shared/data/timer/:region', async (request) => o.market.timer(regionOf(request)));

  app.get('/shared/data/market-source', async (): Promise<MarketSourceResponse> => ({
    simulated: o.simulated,
  }));

  app.get('/shared/data/realms/:region', async (request) => {
    const realms = o.store.realms(regionOf(request));
    if (!realms) throw new HttpError(503, 'The realm list is still loading. Please try again in a minute.');
    return realms;
  });

  for (const call of ['undercut', 'dropship'] as const) {
    app.post(`/retail/market/ah-data-${call}/:region`, { preHandler: guard }, async (request, reply) => {
      const region = regionOf(request);
      const body = parseOr400(ahDataRequestSchema, request.body);
      const user = await subscriber(request, body.userId);
      const saved = user.savedRealms(region);
      // The TSM generator sends only userId: then the user's saved realms are used.
      const selection: RealmSelection = {
        buyingRealms: body.retailBuyingRealms ?? saved.buyingRealms,
        sellingRealms: body.retailSellingRealms ?? saved.sellingRealms,
      };
      o.market.checkRealms(region, selection);
      const budget = searchBudget(request, reply);
      const encoding = answerEncoding(request);
      const cached = await (call === 'undercut'
        ? o.market.flipping(region, user.userId, selection, budget, encoding)
        : o.market.dropship(region, user.userId, selection, budget, encoding));
      return sendCached(request, reply, cached, true);
    });
  }

  app.get('/retail/market/deal-history/:region', { preHandler: guard }, async (request) => {
    const region = regionOf(request);
    const query = parseOr400(dealHistoryQuerySchema, request.query);
    await subscriber(request, undefined);
    const history = await o.history(region, query);
    if (!history) throw new HttpError(404, 'This item is not listed in the latest snapshot');
    return history;
  });

  app.post('/retail/market/realm-stats/:region', { preHandler: guard }, async (request, reply) => {
    const region = regionOf(request);
    const body = parseOr400(realmStatsRequestSchema, request.body);
    const user = await subscriber(request, body.userId);
    const cached = await o.market.realmStats(region, user.userId, searchBudget(request, reply));
    return sendCached(request, reply, cached);
  });
}
