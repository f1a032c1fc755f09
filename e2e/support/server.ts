import type { BuildOptions } from '@goldroute/server';
import { startTestApp, type TestApp } from '@goldroute/server/test-support';
import { startSimulatedMarket } from '@goldroute/server/test-support/simulated-market';

/** The real server with the production build of the web app, on a loopback port, fresh database. */
export function startServer(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<TestApp> {
  return startTestApp(env, options);
}

/**
 * The server on a simulator that stays at one hour: no batch lands while a journey compares rows (the
 * embedded simulator publishes on the real clock, and a batch reloads the open tool). The app closes it.
 */
export async function startServerOnStillMarket(size: 'tiny' | 'small'): Promise<TestApp> {
  const market = await startSimulatedMarket({ size });
  return startTestApp({}, { marketSource: market.source });
}
