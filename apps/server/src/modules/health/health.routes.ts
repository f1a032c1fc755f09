import { errorResponseSchema, probeResponseSchema } from '@goldroute/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_REPLIES } from '../../lib/route-schema';
import type { Readiness } from './readiness';

// Not ready is a probe answer; a 503 of the error handler (a database out of reach) keeps its own shape.
const PROBE_REPLIES = {
  ...ERROR_REPLIES,
  200: probeResponseSchema,
  503: z.union([probeResponseSchema, errorResponseSchema]),
} as const;

/**
 * /healthz: the process is up. /readyz: it should get traffic (the database answers, no job is overdue);
 * public, so it says only that: the reasons and every job's record are the admin's
 * (GET /shared/admin/readiness).
 */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, options) => {
  app.get('/healthz', { config: { probe: true }, schema: { response: PROBE_REPLIES } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { config: { probe: true }, schema: { response: PROBE_REPLIES } },
    async (request, reply) => {
      const report = await options.readiness.check();
      if (report.status === 'ready') return { status: 'ready' };
      request.log.warn({ reasons: report.reasons }, 'not ready');
      return reply.status(503).send({ status: 'not ready' });
    },
  );
};
