// One process of the load benchmark (load.bench.ts): the real app, `buildApp` + `loadConfig` from
// @goldroute/server, configured by the environment the parent passes (PROCESS_ROLE, DATABASE_URL,
// REDIS_URL, TRUST_PROXY, DATA_DIR...). BENCH_REDIS_PREFIX keeps its Redis keys and channel apart from
// anything else on the same Redis. Reports its port over IPC once its first refresh is done (a worker:
// both regions ingested and handed over; a web process: the snapshots in Redis loaded).
import { buildApp } from '@goldroute/server';
import { loadConfig } from '@goldroute/server/config';

const prefix = process.env.BENCH_REDIS_PREFIX;
const app = await buildApp(loadConfig(), prefix ? { redisPrefix: prefix } : {});
await app.server.listen({ port: 0, host: '127.0.0.1' });
await app.market.refreshNow();
const address = app.server.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => {
  void app.server.close().then(() => process.exit(0));
});
