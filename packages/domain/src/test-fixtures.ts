// Test-only builders (not re-exported from index; tests elsewhere import "@goldroute/domain/test-fixtures"):
// one valid trade item, user and filter set to vary per case.
import type { User } from './api/users';
import { SYSTEM_DEFAULT_FILTERS, type Filters } from './filters';
import type { TradeEvidence, TradeItem } from './trade-item';

/** Evidence of a deal a realm was seen paying for: 8 sales at 20,000g, nothing off. */
export function makeTradeEvidence(overrides: Partial<TradeEvidence> = {}): TradeEvidence {
  return {
    salesSeen14d: 8,
    medianSale14d: 20000,
    sellListingsNearPrice: 3,
    sellQuantityNearPrice: 3,
    realmsOffering: 12,
    buyQuantity: 2,
    sellListingAgeSnapshots: 3,
    buyListingAgeSnapshots: 4,
    buyRealmUpdatedAt: 1_732_000_000,
    sellRealmUpdatedAt: 1_732_000_000,
    hoursObserved: 336,
    sellLowQuartile14d: 19000,
    regionMedianLowest: 21000,
    sellItemFloor14d: 20500,
    sellPostedHours: 48,
    ...overrides,
  };
}

export function makeTradeItem(overrides: Partial<TradeItem> = {}): TradeItem {
  return {
    uniqueTradeKey: 'trade-1',
    uniqueItemKey: 'item-1',
    id: 19019,
    realPetId: null,
    npcId: null,
    name: 'Thunderfury, Blessed Blade of the Windseeker',
    class: 'Weapon',
    subclass: 'Sword',
    bonus: [],
    mediaURL: 'https://example.test/icon.jpg',
    quality: 'legendary',
    itemLevel: 80,
    patchNumber: 1,
    crafted: false,
    sockets: [],
    tertiaryStats: [],
    craftedStats: [],
    saleRate: 0.1,
    avgSale: 20000,
    marketValue: 15000,
    historical: 14000,
    buyBuyout: 10000,
    sellBuyout: 20000,
    sellAHCut: 19000,
    sellVsBuy: 9000,
    saleAvgVsBuy: 9000,
    buyingConnectedRealmId: 11,
    buyingConnectedRealmName: 'Stormrage',
    buyingConnectedRealmPopulation: 'HIGH',
    sellingConnectedRealmId: 22,
    sellingConnectedRealmName: 'Area 52',
    sellingConnectedRealmPopulation: 'FULL',
    realisticProfit: 9000,
    saleChance: 0.62,
    confidence: 'high',
    flags: [],
    evidence: makeTradeEvidence(),
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'player@example.com',
    role: 'user',
    hasAccess: true,
    isActive: true,
    isExpired: false,
    inCancelation: false,
    region: 'us',
    favorites: [],
    config: null,
    retailBuyingRealmsUS: [11],
    retailSellingRealmsUS: [22],
    retailBuyingRealmsEU: [],
    retailSellingRealmsEU: [],
    goldSubscription: null,
    stripeSubscription: null,
    ...overrides,
  };
}

/** The system default filters with some values changed. */
export function makeFilters(overrides: Partial<Filters> = {}): Filters {
  return { ...SYSTEM_DEFAULT_FILTERS, ...overrides };
}
