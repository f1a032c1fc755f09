import type { FastifyInstance } from 'fastify';
import type { Readiness } from './readiness';

/**
 * /healthz: the process is up. /readyz: it should get traffic (the database answers, no job is overdue);
 * public, so it says only that: the reasons and every job's record are the admin's
 * (GET /shared/admin/readiness).
 */
export async function healthRoutes(app: FastifyInstance, options: { readiness: Readiness }): Promise<void> {
  app.get('/healthz', { config: { probe: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { probe: true } }, async (request, reply) => {
    const report = await options.readiness.check();
    if (report.status === 'ready') return { status: 'ready' };
    request.log.warn({ reasons: report.reasons }, 'not ready');
    return reply.status(503).send({ status: 'not ready' });
  });
}
