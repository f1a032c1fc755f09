// What the scaled-mode tests (workers and web processes on PostgreSQL and Redis) share.
import type { Economy, SimulatorServer } from '@goldroute/simulator';
import { sourceFromSimulator } from '../modules/market/embedded-source';
import type { MarketSource } from '../modules/market/market-source';

/** A worker's market source on the test's simulator; the simulator outlives the worker (closing it is a no-op). */
export function workerSource(economy: Economy, simulator: SimulatorServer): MarketSource {
  return { ...sourceFromSimulator(economy, simulator), close: async () => {} };
}

/** Deletes every Redis key of this test's deployment prefix (queues, schedulers, snapshots, limits). */
export async function dropRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}
