import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { healthRoutes } from './modules/health/health.routes';
import { registerErrorHandler } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSpa } from './plugins/spa';

export interface App {
  server: FastifyInstance;
  database: Database;
}

/** Builds the whole application without listening; tests and server.ts both start here. */
export async function buildApp(config: Config, options: { database?: Database } = {}): Promise<App> {
  const database = options.database ?? (await openDatabase(config));
  const server = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.nodeEnv === 'production',
    // Poisoned JSON ("__proto__", "constructor.prototype") is refused with 400 rather than silently stripped.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  registerErrorHandler(server);
  await registerSecurityHeaders(server, { https: config.publicUrl.startsWith('https://') });
  await server.register(compress, { threshold: 1024 });
  await server.register(healthRoutes, { database });
  await registerSpa(server, config.webDistDir);

  if (!options.database) server.addHook('onClose', () => database.close());
  return { server, database };
}
