import type { BuildOptions } from '@goldroute/server';
import { startTestApp, type TestApp } from '@goldroute/server/test-support';

/** The real server with the production build of the web app, on a loopback port, fresh database. */
export function startServer(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  return startTestApp(env, options);
}
