import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { JobRuns } from '../../jobs/job-runs';

/**
 * /healthz: the process is up. /readyz: the database answers too; it lists the deployment's scheduled jobs
 * (last run, duration, last error) for whoever watches the deployment.
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database; jobs: Pick<JobRuns, 'list'> },
): Promise<void> {
  app.get('/healthz', { config: { probe: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { config: { probe: true } }, async (request, reply) => {
    try {
      await options.database.ping();
      return { status: 'ready', database: options.database.kind, jobs: await options.jobs.list() };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ error: 'Database not reachable' });
    }
  });
}
