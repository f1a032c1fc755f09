import { ACCESS, type Region } from '@goldroute/domain';
import { ahDataRequestSchema, realmStatsRequestSchema, regionParamsSchema } from '@goldroute/domain/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseOr400 } from '../../lib/parse';
import { HttpError } from '../../plugins/errors';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import type { MarketAccessReader } from './market-access';
import type { MarketService, RealmSelection } from './market.service';
import type { MarketStore } from './market-store';
import type { CachedResponse } from './personal-cache';
import type { TokenPriceService } from './token-prices.service';

export interface MarketRoutesOptions {
  access: MarketAccessReader;
  market: MarketService;
  store: MarketStore;
  tokens: TokenPriceService;
  requireAuth: ReturnType<typeof createAuthGuard>;
}

const regionOf = (request: FastifyRequest): Region => parseOr400(regionParamsSchema, request.params).region;

/** Sends a cached answer: 304 when the client has it, gzip when accepted, JSON text otherwise. */
function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  void reply
    .header('etag', cached.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === cached.etag) return reply.status(304).send();
  void reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(cached.gzip);
  }
  return reply.send(cached.json());
}

/** The data calls of SPEC §7, plus the realm list for the settings screen. */
export async function marketRoutes(app: FastifyInstance, o: MarketRoutesOptions): Promise<void> {
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

  app.get('/shared/data/token/:region', async (request) => {
    const token = await o.tokens.read(regionOf(request));
    if (!token) throw new HttpError(503, 'The token price is not known yet');
    return token;
  });

  app.get('/shared/data/timer/:region', async (request) => o.market.timer(regionOf(request)));

  app.get('/shared/data/realms/:region', async (request) => {
    const realms = o.store.realms(regionOf(request));
    if (!realms) throw new HttpError(503, 'The realm list is still loading. Please try again in a minute.');
    return realms;
  });

  for (const call of ['undercut', 'dropship'] as const) {
    app.post(
      `/retail/market/ah-data-${call}/:region`,
      { preHandler: o.requireAuth },
      async (request, reply) => {
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
        const cached = await (call === 'undercut'
          ? o.market.flipping(region, user.userId, selection)
          : o.market.dropship(region, user.userId, selection));
        return sendCached(request, reply, cached);
      },
    );
  }

  app.post('/retail/market/realm-stats/:region', { preHandler: o.requireAuth }, async (request, reply) => {
    const region = regionOf(request);
    const body = parseOr400(realmStatsRequestSchema, request.body);
    const user = await subscriber(request, body.userId);
    return sendCached(request, reply, await o.market.realmStats(region, user.userId));
  });
}
