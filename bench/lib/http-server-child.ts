// The real server app for the HTTP benchmark, in its own process so the load generator does not
// share its event loop: buildApp + loadConfig from @goldroute/server, configured by the environment
// the parent passes. Reports its port over IPC once the first market snapshots are published.
import { buildApp } from '@goldroute/server';
import { loadConfig } from '@goldroute/server/config';

const app = await buildApp(loadConfig());
await app.server.listen({ port: 0, host: '127.0.0.1' });
// Waits for the first snapshots when the runtime offers it (the market module is being written).
const market = (app as { market?: { refreshNow?: () => Promise<void> } }).market;
await market?.refreshNow?.();
const address = app.server.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => {
  void app.server.close().then(() => process.exit(0));
});
