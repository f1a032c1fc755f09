import { createEconomy, startSimulatorServer, type EconomySize } from '@goldroute/simulator';
import { sourceFromSimulator } from '../modules/market/embedded-source';

export { createTestClock, type TestClock } from './test-clock';

const HOUR_MS = 3_600_000;

/**
 * A simulator the caller moves by hand (hours, faults), started on loopback, and the market source that reads
 * it through the real Blizzard and TSM clients: hand `source` to the app as its `marketSource`. Hour 1 is the
 * last whole hour, so its dumps are a little in the past, as real ones are.
 */
export async function startSimulatedMarket(options: { seed?: number; size?: EconomySize } = {}) {
  const economy = createEconomy({
    seed: options.seed ?? 7,
    size: options.size ?? 'tiny',
    startTime: Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS,
  });
  const simulator = await startSimulatorServer({ economy, port: 0, host: '127.0.0.1', hour: 1 });
  return { economy, simulator, source: sourceFromSimulator(economy, simulator) };
}
