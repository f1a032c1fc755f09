import { regionParamsSchema, shownReportSchema, statusResponseSchema } from '@goldroute/domain/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_REPLIES, replies } from '../../lib/route-schema';
import type { RateLimiter } from '../../plugins/rate-limits';
import { requireMarketAccess, type MarketAccessReader } from '../market/market-access';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import { STATUS_CACHE_MS, type FreshnessService } from './freshness.service';

export interface FreshnessRoutesOptions {
  freshness: FreshnessService;
  access: MarketAccessReader;
  requireAuth: ReturnType<typeof createAuthGuard>;
  limiter: RateLimiter;
}

const MINUTE = 60_000;
/** Shown reports per user and minute: one per snapshot and open tab; this only stops a runaway client. */
export const SHOWN_REPORTS_PER_MINUTE = 120;

const byUser = (request: FastifyRequest): string => request.auth?.userId ?? 'anonymous';

/** The public status of the market data, and the open tools' reports that measure it. */
export const freshnessRoutes: FastifyPluginAsyncZod<FreshnessRoutesOptions> = async (app, o) => {
  /** The data calls' own rule: signed in, with access. */
  async function requireToolAccess(request: FastifyRequest): Promise<void> {
    await requireMarketAccess(o.access, authOf(request).userId);
  }

  app.post(
    '/shared/data/shown/:region',
    {
      schema: {
        params: regionParamsSchema,
        body: shownReportSchema,
        response: { 204: z.undefined(), ...ERROR_REPLIES },
      },
      preValidation: [
        o.requireAuth,
        o.limiter.limit('data-shown', SHOWN_REPORTS_PER_MINUTE, MINUTE, byUser),
        requireToolAccess,
      ],
    },
    async (request, reply) => {
      await o.freshness.reportShown(request.params.region, request.body.lastModified);
      return reply.status(204).send();
    },
  );

  app.get(
    '/shared/status',
    { schema: { response: replies(statusResponseSchema) } },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${STATUS_CACHE_MS / 1000}`);
      return o.freshness.status();
    },
  );
};
