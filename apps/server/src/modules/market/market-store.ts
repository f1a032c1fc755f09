import type { Region } from '@goldroute/domain';
import type { Realm } from '@goldroute/domain/api';
import type { MarketSnapshot } from '@goldroute/market';

export interface PublishedMarket {
  snapshot: MarketSnapshot;
  /** Newest dump's Last-Modified, unix seconds. */
  lastModified: number;
  /** Bumped on every publish; part of cache keys and ETags. */
  version: number;
}

/**
 * The current immutable snapshot of each region and its realm list. Ingestion publishes; the calls read.
 * Listeners (the personal cache) hear of every publish.
 */
export function createMarketStore() {
  const markets = new Map<Region, PublishedMarket>();
  const realmLists = new Map<Region, Realm[]>();
  const listeners: ((region: Region) => void)[] = [];
  let version = 0;

  return {
    current: (region: Region): PublishedMarket | undefined => markets.get(region),
    realms: (region: Region): Realm[] | undefined => realmLists.get(region),

    publish(region: Region, snapshot: MarketSnapshot): void {
      markets.set(region, {
        snapshot,
        lastModified: Math.floor(snapshot.lastModified / 1000),
        version: ++version,
      });
      for (const l of listeners) l(region);
    },

    setRealms(region: Region, realms: Realm[]): void {
      realmLists.set(region, realms);
    },

    onPublish(listener: (region: Region) => void): void {
      listeners.push(listener);
    },

    /** Realm ids per region for settings validation; null until the realm list is known. */
    realmIds(region: Region): ReadonlySet<number> | null {
      const list = realmLists.get(region);
      return list ? new Set(list.map((r) => r.id)) : null;
    },
  };
}

export type MarketStore = ReturnType<typeof createMarketStore>;
