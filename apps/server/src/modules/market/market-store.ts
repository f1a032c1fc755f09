import type { Region } from '@goldroute/domain';
import type { LateRealm, Realm } from '@goldroute/domain/api';
import type { MarketSnapshot } from '@goldroute/market';

/** What the admin page reports of a region's data besides the snapshot itself. */
export interface MarketMeta {
  /** Last-Modified of each connected realm's dump, unix seconds, by realm id. */
  realmTimes: Record<string, number>;
  /** Rows of TSM's region pricing the snapshot was built with. */
  tsmItems: number;
  tsmPets: number;
  /** Realms the region's last batch left behind for LATE_AFTER_SECONDS (their deals are stale). */
  lateRealms?: readonly number[];
}

const NO_META: MarketMeta = { realmTimes: {}, tsmItems: 0, tsmPets: 0 };

export interface PublishedMarket {
  snapshot: MarketSnapshot;
  meta: MarketMeta;
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

    publish(region: Region, snapshot: MarketSnapshot, meta: MarketMeta = NO_META): void {
      markets.set(region, {
        snapshot,
        meta,
        lastModified: Math.floor(snapshot.lastModified / 1000),
        version: ++version,
      });
      for (const l of listeners) l(region);
    },

    setRealms(region: Region, realms: Realm[]): void {
      realmLists.set(region, realms);
    },

    /** `first`: heard before the listeners already added (the push to open tools goes before warming). */
    onPublish(listener: (region: Region) => void, options: { first?: boolean } = {}): void {
      if (options.first) listeners.unshift(listener);
      else listeners.push(listener);
    },

    /** Realm ids per region for settings validation; null until the realm list is known. */
    realmIds(region: Region): ReadonlySet<number> | null {
      const list = realmLists.get(region);
      return list ? new Set(list.map((r) => r.id)) : null;
    },
  };
}

export type MarketStore = ReturnType<typeof createMarketStore>;

/** The late realms of a published snapshot with their labels and dump times, for the banner and the status. */
export function lateRealmsOf(store: MarketStore, region: Region, market: PublishedMarket): LateRealm[] {
  const late = market.meta.lateRealms ?? [];
  if (late.length === 0) return [];
  const labels = new Map(store.realms(region)?.map((r) => [r.id, r.label]));
  return late.map((id) => ({
    id,
    label: labels.get(id) ?? `Realm ${id}`,
    lastModified: market.meta.realmTimes[String(id)] ?? 0,
  }));
}
