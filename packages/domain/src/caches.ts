// The one catalogue of what the admin stats page lists under cacheData (SPEC §3 Admin entities, §4 Admin,
// §9): every cache's name, the GET under /shared/data that clears or refreshes it, and the region keys the
// counts go under. The server registers, counts and routes by it; the web builds its rows and buttons
// from it, so a name or a path is written here and nowhere else.
import { REGION_LIST, type Region } from './enums';

/** Region keys of the cache table: "global", "1" (NA) or "2" (EU). */
export type CacheRegionKey = 'global' | '1' | '2';

/** The key a region's counts go under (the region numbers of the stats). */
export const REGION_CACHE_KEYS: Readonly<Record<Region, Exclude<CacheRegionKey, 'global'>>> = {
  us: '1',
  eu: '2',
};

export const CACHE_REGION_LABELS: Readonly<Record<CacheRegionKey, string>> = {
  global: 'global',
  '1': 'NA',
  '2': 'EU',
};

/** The region a stats key names: "1" is NA, anything else EU. */
export const regionOfKey = (key: string): Region => (key === '1' ? 'us' : 'eu');

/** The regions a cache region key covers: both for "global". */
export const regionsOfCacheKey = (key: CacheRegionKey): Region[] =>
  REGION_LIST.filter((region) => key === 'global' || REGION_CACHE_KEYS[region] === key);

/** SPEC §7 `{product}` of the market re-poll path. */
export const MARKET_PRODUCTS = ['retail'] as const;

/**
 * A count the cache table shows that is not a cache: auctions whose item level the loaded bonus data cannot
 * resolve (it is behind the game after a patch).
 */
export const UNKNOWN_ITEM_LEVEL_ROW = 'auctionsWithUnknownItemLevel';

/** What a cache's path does: re-poll a region's data (an action, nothing held to count), or clear a cache. */
export type CacheAction = 'refresh' | 'clear';

interface CatalogueEntry {
  /** Absent for the caches the page lists but never offers to clear (SPEC §9). */
  action?: CacheAction;
  /** A Fastify route pattern: `:region` is us or eu, `:product` one of MARKET_PRODUCTS. */
  path?: string;
}

/** Every cache and action by name, with the path that acts on it (none for those that cannot be cleared). */
export const CACHES = {
  market: { action: 'refresh', path: '/shared/data/:product/refresh/:region' },
  tsm: { action: 'refresh', path: '/shared/data/tsm/refresh/:region' },
  personal: { action: 'clear', path: '/shared/data/clear-cache/personal/:region' },
  raidbotsBonus: { action: 'clear', path: '/shared/data/raidbots/bonus/refresh' },
  raidbotsCurve: { action: 'clear', path: '/shared/data/raidbots/curve/refresh' },
  itemCatalog: { action: 'clear', path: '/shared/data/saddlebag/data/refresh' },
  patchNumbers: { action: 'clear', path: '/shared/data/saddlebag/patch-numbers/refresh' },
  petNames: { action: 'clear', path: '/shared/data/saddlebag/pet-names/refresh' },
  fakeItems: { action: 'clear', path: '/shared/data/fakeItems/refresh' },
  craftedItems: { action: 'clear', path: '/shared/data/craftedItems/refresh' },
  blizzardAuctionHouseData: {},
  tsmRegionDataItemsList: {},
  tsmRegionDataPetsList: {},
  mediaCache: {},
  mediaFetchQueue: {},
  [UNKNOWN_ITEM_LEVEL_ROW]: {},
} as const satisfies Readonly<Record<string, CatalogueEntry>>;

export type CacheName = keyof typeof CACHES;

const NAMES = Object.keys(CACHES) as CacheName[];
const entryOf = (name: CacheName): CatalogueEntry => CACHES[name];

/** A route pattern filled in for a region (the market's product is the one SPEC names). */
const fillPath = (pattern: string, region: Region) =>
  pattern.replace(':product', MARKET_PRODUCTS[0]).replace(':region', region);

/** The caches the stats page lists but never offers to clear, and the unknown-item-level count. */
export const UNCLEARABLE_CACHES: readonly CacheName[] = NAMES.filter((name) => !entryOf(name).path);

export function isClearableCache(name: string): boolean {
  return !(UNCLEARABLE_CACHES as readonly string[]).includes(name);
}

/** What the server routes: each cache or action with a path, whether it takes a region, what it does. */
export interface CacheRoute {
  name: CacheName;
  action: CacheAction;
  /** The route pattern. */
  path: string;
  regional: boolean;
}

export const CACHE_ROUTES: readonly CacheRoute[] = NAMES.flatMap((name) => {
  const { action, path } = entryOf(name);
  return action && path ? [{ name, action, path, regional: path.includes(':region') }] : [];
});

/** Re-poll a region's market data now (SPEC §7 `/{product}/refresh/{region}`), or its TSM figures. */
export const marketRefreshPath = (region: Region): string => fillPath(CACHES.market.path, region);
export const tsmRefreshPath = (region: Region): string => fillPath(CACHES.tsm.path, region);

/**
 * The SPEC §7 path under /shared/data that clears or refreshes each cache the admin page lists. A cache
 * without one cannot be cleared there ("Cannot clear cache for {name}"), as the five SPEC §9 lists.
 */
export const CACHE_CLEAR_PATHS: Readonly<Record<string, (region: Region) => string>> = Object.fromEntries(
  CACHE_ROUTES.filter((route) => route.action === 'clear').map((route) => [
    route.name,
    (region: Region) => fillPath(route.path, region),
  ]),
);

/** The path that clears a cache row, or null ("Cannot clear cache for {name}"). */
export function cacheClearPath(name: string, regionKey: string): string | null {
  const path = CACHE_CLEAR_PATHS[name];
  return path ? path(regionOfKey(regionKey)) : null;
}
