import { TRADE_COLUMNS_TYPE } from '@goldroute/domain/wire';
import {
  ahDataDropshipRequestSchema,
  ahDataDropshipResponseSchema,
  ahDataUndercutRequestSchema,
  ahDataUndercutResponseSchema,
  dealHistoryQuerySchema,
  dealHistoryResponseSchema,
  marketSourceResponseSchema,
  realmsResponseSchema,
  realmStatsRequestSchema,
  realmStatsResponseSchema,
  regionParamsSchema,
  timerResponseSchema,
  tokenResponseSchema,
} from '@goldroute/domain/api';
import type { ZodType } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../lib/cached-reply';
import { HttpError } from '../../lib/http-error';
import { prefersOverJson } from '../../lib/negotiation';
import { ERROR_REPLIES, replies } from '../../lib/route-schema';
import type { RateLimiter } from '../../plugins/rate-limits';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import type { DealHistory } from './deal-history';
import { requireMarketAccess, type MarketAccessReader } from './market-access';
import type { MarketStore } from './market-store';
import type { AnswerEncoding, MarketService, RealmSelection } from './market.service';
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

/**
 * The compact encoding when the request's Accept names it (the web client's does) and prefers it to JSON;
 * the SPEC JSON for every other client, including those that send no Accept or only wildcards.
 */
const answerEncoding = (request: FastifyRequest): AnswerEncoding =>
  prefersOverJson(request, TRADE_COLUMNS_TYPE) ? 'columns' : 'json';

/**
 * The 200 of an answer sent as cached bytes (the SPEC JSON, or the compact encoding a client asked for,
 * often gzip'd): its JSON is declared for the contract, but bytes are sent as they are, never serialised.
 */
const cachedJson = (schema: ZodType) => ({
  200: { content: { 'application/json': { schema } } },
  ...ERROR_REPLIES,
});

/** The data calls of SPEC §7, plus the realm list for the settings screen and whether the data is simulated. */
export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, o) => {
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
    const access = await requireMarketAccess(o.access, userId);
    return { userId, savedRealms: access.savedRealms };
  }

  app.get(
    '/shared/data/token/:region',
    { schema: { params: regionParamsSchema, response: cachedJson(tokenResponseSchema) } },
    async (request, reply) => {
      const answer = await o.tokens.answer(request.params.region);
      if (!answer) throw new HttpError(503, 'The token price is not known yet');
      const cached = { ...answer, type: 'application/json; charset=utf-8', body: () => answer.json };
      return sendCached(request, reply, cached, { cacheControl: 'no-cache' });
    },
  );

  app.get(
    '/shared/data/timer/:region',
    { schema: { params: regionParamsSchema, response: replies(timerResponseSchema) } },
    async (request) => o.market.timer(request.params.region),
  );

  app.get(
    '/shared/data/market-source',
    { schema: { response: replies(marketSourceResponseSchema) } },
    async () => ({ simulated: o.simulated }),
  );

  app.get(
    '/shared/data/realms/:region',
    { schema: { params: regionParamsSchema, response: replies(realmsResponseSchema) } },
    async (request) => {
      const realms = o.store.realms(request.params.region);
      if (!realms) throw new HttpError(503, 'The realm list is still loading. Please try again in a minute.');
      return realms;
    },
  );

  for (const call of ['undercut', 'dropship'] as const) {
    app.post(
      `/retail/market/ah-data-${call}/:region`,
      {
        schema: {
          params: regionParamsSchema,
          body: call === 'undercut' ? ahDataUndercutRequestSchema : ahDataDropshipRequestSchema,
          response: cachedJson(
            call === 'undercut' ? ahDataUndercutResponseSchema : ahDataDropshipResponseSchema,
          ),
        },
        preValidation: guard,
      },
      async (request, reply) => {
        const { region } = request.params;
        const body = request.body;
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
        return sendCached(request, reply, cached, { negotiated: true });
      },
    );
  }

  app.get(
    '/retail/market/deal-history/:region',
    {
      schema: {
        params: regionParamsSchema,
        querystring: dealHistoryQuerySchema,
        response: replies(dealHistoryResponseSchema),
      },
      preValidation: guard,
    },
    async (request) => {
      await subscriber(request, undefined);
      const history = await o.history(request.params.region, request.query);
      if (!history) throw new HttpError(404, 'This item is not listed in the latest snapshot');
      return history;
    },
  );

  app.post(
    '/retail/market/realm-stats/:region',
    {
      schema: {
        params: regionParamsSchema,
        body: realmStatsRequestSchema,
        response: cachedJson(realmStatsResponseSchema),
      },
      preValidation: guard,
    },
    async (request, reply) => {
      const body = request.body;
      const user = await subscriber(request, body.userId);
      const cached = await o.market.realmStats(
        request.params.region,
        user.userId,
        searchBudget(request, reply),
      );
      return sendCached(request, reply, cached);
    },
  );
};
