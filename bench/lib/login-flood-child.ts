// The real server app for the login-flood benchmark, in its own process. With UNGATED=1 the argon2 gate is
// opened wide, to measure what the gate saves against the same flood.
import { buildApp } from '@goldroute/server';
import { loadConfig } from '@goldroute/server/config';
import { configureHashGate } from '../../apps/server/src/modules/users/passwords';

if (process.env.UNGATED === '1') configureHashGate({ inFlight: 10_000, queued: 0 });
const app = await buildApp(loadConfig());
await app.server.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => {
  void app.server.close().then(() => process.exit(0));
});
