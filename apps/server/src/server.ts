import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { HASH_GATE } from './modules/users/passwords';

/**
 * libuv's threads run the password hashes (HASH_GATE.inFlight at once) and also gzip, file reads, DNS and
 * WebCrypto. Below this, a flood of logins leaves the rest fewer than libuv's default 4. The size is read
 * once, when the thread pool first starts, which happens while modules load, before any line here runs:
 * so it is set in the start command (`npm run serve` sets 8), never from this file.
 */
const THREADS_WANTED = HASH_GATE.inFlight + 4;

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

  const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  if (threads < THREADS_WANTED)
    server.log.warn(
      `libuv has ${threads} threads (UV_THREADPOOL_SIZE) and password hashes may take ${HASH_GATE.inFlight} of them: ` +
        `start with UV_THREADPOOL_SIZE=8 (as npm run serve does) so a flood of logins cannot slow other calls`,
    );
  await server.listen({ port: config.port, host: config.host });
  server.log.info(`GoldRoute is running at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
