import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';

/** /healthz: the process is up. /readyz: the database answers too. */
export async function healthRoutes(app: FastifyInstance, options: { database: Database }): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      await options.database.ping();
      return { status: 'ready', database: options.database.kind };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ error: 'Database not reachable' });
    }
  });
}
