import { buildApp, type App, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { migratedTemplate } from './migrated-template';
import { createTestDatabase } from './test-database';

export interface TestApp extends App {
  baseUrl: string;
  config: Config;
  close(): Promise<void>;
}

/** Starts the real app on a loopback port against a fresh database (or the open one given, which outlives the app). */
export async function startTestApp(
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database: Awaited<ReturnType<typeof createTestDatabase>> = options.database
    ? { dataDir: 'memory://', drop: async () => undefined }
    : await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    RATE_LIMIT_ENABLED: 'false',
    MARKET_SOURCE: 'off',
    // A replay of 14 days of dumps would load every test server for minutes; the trust tests ask for it.
    EVIDENCE_REPLAY_DAYS: '0',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  // An in-memory embedded database starts from the shared migrated copy; this function then owns and closes it.
  const embedded =
    !options.database && !config.databaseUrl && config.dataDir === 'memory://'
      ? await openDatabase({ dataDir: 'memory://', startFrom: await migratedTemplate() })
      : undefined;
  const app = await buildApp(config, embedded ? { ...options, database: embedded } : options);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('test app has no port');
  return {
    ...app,
    config,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.server.close();
      await embedded?.close();
      await database.drop();
    },
  };
}
