import type { BuildOptions } from '../app';
import { grantSubscription, startHarness } from './accounts';
import { startSimulatedMarket } from './simulated-market';

export { grantSubscription };

/** The real app fed by a tiny simulator the test controls (hours, faults), read through the real clients. */
export async function startMarketHarness(env: Record<string, string> = {}, options: BuildOptions = {}) {
  const { economy, simulator, source } = await startSimulatedMarket();
  const h = await startHarness(
    { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env },
    { ...options, marketSource: source },
  );
  await h.app.market.refreshNow();

  /** A signed-in user with subscription time. */
  async function subscriber(email: string) {
    const session = await h.signUp(email);
    await grantSubscription(h.app.database.db, session.user.id);
    return session;
  }

  return { ...h, economy, simulator, subscriber };
}
