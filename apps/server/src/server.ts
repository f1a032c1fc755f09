import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

// Listening and shutdown only; everything else is built in app.ts.
async function main(): Promise<void> {
  const config = loadConfig();
  const { server } = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
  server.log.info(`GoldRoute is running at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
