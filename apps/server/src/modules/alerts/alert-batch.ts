// Which realms of a published snapshot carry the region's newest batch. A batch's realms land within
// lateAfterMs of its first (a few minutes at most); a realm whose dump is older holds an earlier batch.
import { lateAfterMs } from '@goldroute/domain';
import type { PublishedMarket } from '../market/market-store';

/** The realms whose dump belongs to the snapshot's newest batch. */
export function batchRealms(market: PublishedMarket, intervalMs: number): Set<number> {
  const times = market.meta.realmTimes;
  const newest = Math.max(0, ...Object.values(times));
  const from = newest - lateAfterMs(intervalMs) / 1000;
  return new Set(
    Object.entries(times)
      .filter(([, at]) => at >= from)
      .map(([id]) => Number(id)),
  );
}

/** Whether every realm of the snapshot has the newest batch, the realms already known to be late aside. */
export function batchLanded(market: PublishedMarket, intervalMs: number): boolean {
  const inBatch = batchRealms(market, intervalMs);
  const late = new Set(market.meta.lateRealms ?? []);
  return Object.keys(market.meta.realmTimes).every((id) => inBatch.has(Number(id)) || late.has(Number(id)));
}
