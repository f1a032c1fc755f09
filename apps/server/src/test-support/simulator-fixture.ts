import { createEconomy, startSimulatorServer, type SimulatorServer } from '@goldroute/simulator';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { openTestDatabase } from './test-database';

/**
 * A tiny simulator on loopback and a fresh database for one test file: started before its tests, faults
 * cleared before each, both closed after. Read `sim` and `db` inside tests (they exist from beforeAll on).
 */
export function useSimulatorAndDatabase(seed: number) {
  const economy = createEconomy({ seed, size: 'tiny' });
  const fixture = {
    economy,
    sim: undefined as unknown as SimulatorServer,
    db: undefined as unknown as Awaited<ReturnType<typeof openTestDatabase>>,
  };
  beforeAll(async () => {
    fixture.sim = await startSimulatorServer({ economy, port: 0 });
    fixture.db = await openTestDatabase();
  });
  afterAll(async () => {
    await fixture.sim.close();
    await fixture.db.close();
  });
  beforeEach(() => fixture.sim.clearFaults());
  return fixture;
}
