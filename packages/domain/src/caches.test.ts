import { describe, expect, it } from 'vitest';
import * as c from './caches';

describe('"Caches that cannot be cleared" (SPEC §9)', () => {
  it('"Caches that cannot be cleared"', () => {
    expect(c.UNCLEARABLE_CACHES).toEqual([
      'blizzardAuctionHouseData',
      'tsmRegionDataItemsList',
      'tsmRegionDataPetsList',
      'mediaCache',
      'mediaFetchQueue',
      'auctionsWithUnknownItemLevel',
    ]);
  });

  it.each([
    ['mediaCache', false],
    ['blizzardAuctionHouseData', false],
    ['craftedItems', true],
    ['tsm', true],
  ])('isClearableCache(%s) is %s', (name, expected) => {
    expect(c.isClearableCache(name)).toBe(expected);
  });
});

describe('the refresh paths of SPEC §7, per cache', () => {
  it('fills the region and the product in', () => {
    expect(c.marketRefreshPath('us')).toBe('/shared/data/retail/refresh/us');
    expect(c.tsmRefreshPath('eu')).toBe('/shared/data/tsm/refresh/eu');
    expect(c.cacheClearPath('personal', '2')).toBe('/shared/data/clear-cache/personal/eu');
    expect(c.cacheClearPath('raidbotsBonus', 'global')).toBe('/shared/data/raidbots/bonus/refresh');
    expect(c.cacheClearPath('mediaCache', '1')).toBeNull();
    expect(c.cacheClearPath('market', '1')).toBeNull();
  });

  it('lists every clear path by cache, and every route with whether it takes a region', () => {
    expect(Object.keys(c.CACHE_CLEAR_PATHS)).toEqual([
      'personal',
      'raidbotsBonus',
      'raidbotsCurve',
      'itemCatalog',
      'patchNumbers',
      'petNames',
      'fakeItems',
      'craftedItems',
    ]);
    expect(c.CACHE_ROUTES.filter((r) => r.regional).map((r) => [r.name, r.action])).toEqual([
      ['market', 'refresh'],
      ['tsm', 'refresh'],
      ['personal', 'clear'],
    ]);
  });

  it('region keys: "global" covers both regions, "1" is NA, anything else EU', () => {
    expect(c.regionsOfCacheKey('global')).toEqual(['us', 'eu']);
    expect(c.regionsOfCacheKey('1')).toEqual(['us']);
    expect(c.regionsOfCacheKey('2')).toEqual(['eu']);
    expect(c.regionOfKey('1')).toBe('us');
    expect(c.regionOfKey('7')).toBe('eu');
    expect(c.CACHE_REGION_LABELS[c.REGION_CACHE_KEYS.eu]).toBe('EU');
  });
});
