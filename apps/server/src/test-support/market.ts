import { createEconomy, startSimulatorServer } from '@goldroute/simulator';
import { sourceFromSimulator } from '../modules/market/embedded-source';
import { grantSubscription, startHarness } from './accounts';

export { grantSubscription };

const HOUR_MS = 3_600_000;

/** The real app fed by a tiny simulator the test controls (hours, faults), read through the real clients. */
export async function startMarketHarness(env: Record<string, string> = {}) {
  const economy = createEconomy({
    seed: 7,
    size: 'tiny',
    startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS,
  });
  const simulator = await startSimulatorServer({ economy, port: 0, host: '127.0.0.1', hour: 1 });
  const h = await startHarness(
    { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...env },
    { marketSource: sourceFromSimulator(economy, simulator) },
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
