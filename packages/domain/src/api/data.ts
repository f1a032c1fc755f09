// Data calls (SPEC §7 "Data") and the realm list. Prices are gold; times are unix seconds.
import { z } from 'zod';
import type { TradeEvidence, TradeItem } from '../trade-item';
import { CONFIDENCE_LEVELS, DEAL_FLAGS } from '../deal-evidence';
import { MAX_LIST_LENGTH, idStringSchema } from './common';
import { lateRealmSchema } from './freshness';

// GET /shared/data/token/{region}
export const tokenHistoryEntrySchema = z.object({ price: z.number(), timestamp: z.number() });
export const tokenResponseSchema = z.object({
  price: z.number(),
  changePercentage: z.number(),
  /** Covers the last 14 days (TOKEN_HISTORY_DAYS). */
  historicalData: z.array(tokenHistoryEntrySchema),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

// GET /shared/data/timer/{region}
export const timerResponseSchema = z.object({
  lastModified: z.number(),
  /** Realms left behind by the region's last batch (freshness.ts), shown with their age on the banner. */
  lateRealms: z.array(lateRealmSchema).default([]),
});
export type TimerResponse = z.infer<typeof timerResponseSchema>;

// GET /shared/data/market-source: whether realms, prices and deals come from the built-in simulator (the
// embedded default without Blizzard credentials), so the web can say so; false for Blizzard's data.
export const marketSourceResponseSchema = z.object({ simulated: z.boolean() });
export type MarketSourceResponse = z.infer<typeof marketSourceResponseSchema>;

// GET /shared/data/realms/{region}: the realm groups offered on /config.
export const realmSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  population: z.string(),
  russian: z.boolean(),
});
export type Realm = z.infer<typeof realmSchema>;
export const realmsResponseSchema = z.array(realmSchema);
export type RealmsResponse = z.infer<typeof realmsResponseSchema>;

/** Evidence of a deal from our own snapshots (docs/deal-trust.md); see TradeEvidence and DealEvidence. */
export const tradeEvidenceSchema = z.object({
  salesSeen14d: z.number().int().nonnegative(),
  medianSale14d: z.number().nullable(),
  sellListingsNearPrice: z.number().int().nonnegative(),
  sellQuantityNearPrice: z.number().nonnegative(),
  realmsOffering: z.number().int().nonnegative(),
  buyQuantity: z.number().nonnegative(),
  sellListingAgeSnapshots: z.number().int().nonnegative(),
  buyListingAgeSnapshots: z.number().int().nonnegative(),
  buyRealmUpdatedAt: z.number(),
  sellRealmUpdatedAt: z.number(),
  hoursObserved: z.number().int().nonnegative(),
  sellLowQuartile14d: z.number().nullable(),
  regionMedianLowest: z.number().nonnegative(),
  sellItemFloor14d: z.number().nullable(),
  sellPostedHours: z.union([z.literal(12), z.literal(24), z.literal(48)]).nullable(),
}) satisfies z.ZodType<TradeEvidence>;

export const tradeItemSchema = z.object({
  uniqueTradeKey: z.string(),
  uniqueItemKey: z.string(),
  id: z.union([z.number(), z.string()]),
  realPetId: z.number().nullable(),
  npcId: z.number().nullable(),
  name: z.string(),
  class: z.string(),
  subclass: z.string(),
  bonus: z.array(z.number()),
  mediaURL: z.string(),
  quality: z.string(),
  // null: unknown (bonus data behind the game), never a guessed level.
  itemLevel: z.number().nullable(),
  patchNumber: z.number(),
  crafted: z.boolean(),
  sockets: z.array(z.number()),
  tertiaryStats: z.array(z.string()),
  craftedStats: z.array(z.string()),
  saleRate: z.number(),
  avgSale: z.number(),
  marketValue: z.number(),
  historical: z.number(),
  buyBuyout: z.number(),
  sellBuyout: z.number(),
  sellAHCut: z.number(),
  sellVsBuy: z.number(),
  saleAvgVsBuy: z.number(),
  buyingConnectedRealmId: z.number(),
  buyingConnectedRealmName: z.string(),
  buyingConnectedRealmPopulation: z.string(),
  sellingConnectedRealmId: z.number(),
  sellingConnectedRealmName: z.string(),
  sellingConnectedRealmPopulation: z.string(),
  realisticProfit: z.number(),
  saleChance: z.number().min(0).max(1),
  confidence: z.enum(CONFIDENCE_LEVELS),
  flags: z.array(z.enum(DEAL_FLAGS)),
  evidence: tradeEvidenceSchema,
}) satisfies z.ZodType<TradeItem>;

const realmIdListSchema = z.array(z.number().int()).max(MAX_LIST_LENGTH);

/**
 * POST /retail/market/ah-data-dropship/{region} and ah-data-undercut/{region}. The TSM generator
 * sends only userId, so the realm lists are optional. The server must take the user from the
 * bearer token; userId is accepted for compatibility, never trusted.
 */
export const ahDataRequestSchema = z.object({
  retailSellingRealms: realmIdListSchema.optional(),
  retailBuyingRealms: realmIdListSchema.optional(),
  userId: idStringSchema.optional(),
});
export type AhDataRequest = z.infer<typeof ahDataRequestSchema>;
export const ahDataDropshipRequestSchema = ahDataRequestSchema;
export type AhDataDropshipRequest = AhDataRequest;
export const ahDataUndercutRequestSchema = ahDataRequestSchema;
export type AhDataUndercutRequest = AhDataRequest;

/** The flipping call answers one row per variant: its best buying and selling realm. */
export const ahDataResponseSchema = z.object({
  data: z.object({
    items: z.array(tradeItemSchema),
    update: z.object({ lastModified: z.number() }),
  }),
});
export type AhDataResponse = z.infer<typeof ahDataResponseSchema>;
export const ahDataUndercutResponseSchema = ahDataResponseSchema;
export type AhDataUndercutResponse = AhDataResponse;

/**
 * The dropship call answers groups (item id, quality, item level) whose variants are every buying realm
 * paired with its best selling realm, sorted by expected profit descending; the groups whose best variant
 * has the highest expected profit are kept, and `groupsFound` says how many there were before that cut.
 */
export const dropshipGroupSchema = z.object({
  key: z.string(),
  mainItem: tradeItemSchema,
  variants: z.array(tradeItemSchema),
  bestProfit: z.number(),
  totalCount: z.number(),
});
export const ahDataDropshipResponseSchema = z.object({
  data: z.object({
    items: z.array(dropshipGroupSchema),
    groupsFound: z.number().int().nonnegative().optional(),
    update: z.object({ lastModified: z.number() }),
  }),
});
export type AhDataDropshipResponse = z.infer<typeof ahDataDropshipResponseSchema>;

/**
 * GET /retail/market/deal-history/{region}?uniqueItemKey=&buyRealm=&sellRealm= (not in SPEC): the 14-day
 * history of one deal's two realms, for its detail view. Same access as the market calls.
 */
export const dealHistoryQuerySchema = z.object({
  uniqueItemKey: z.string().min(1).max(200),
  buyRealm: z.coerce.number().int().positive(),
  sellRealm: z.coerce.number().int().positive(),
});
export type DealHistoryQuery = z.infer<typeof dealHistoryQuerySchema>;
/** One realm's day: lowest unit price listed (gold), most listings in one snapshot, sales seen and their median (gold). */
export const realmDaySchema = z.object({
  lowest: z.number().nullable(),
  listings: z.number().int().nonnegative(),
  sales: z.number().int().nonnegative(),
  median: z.number().nullable(),
});
export type RealmDay = z.infer<typeof realmDaySchema>;
export const dealHistoryResponseSchema = z.object({
  /** Hourly snapshots of the sell realm in the 14 days (evidence so far). */
  hoursObserved: z.number().int().nonnegative(),
  /** The 14 UTC days ending today, oldest first ("YYYY-MM-DD"). */
  days: z.array(z.object({ day: z.string(), buy: realmDaySchema, sell: realmDaySchema })),
});
export type DealHistoryResponse = z.infer<typeof dealHistoryResponseSchema>;

// POST /retail/market/realm-stats/{region}
export const realmStatsRequestSchema = z.object({ userId: idStringSchema.optional() });
export type RealmStatsRequest = z.infer<typeof realmStatsRequestSchema>;

export const overallStatsSchema = z.object({
  totalRealms: z.number(),
  totalAuctions: z.number(),
  avgPriceRatio: z.number(),
  percentCheaper: z.number(),
});
export const realmStatsRowSchema = z.object({
  realmId: z.number(),
  realmName: z.string(),
  realmPopulation: z.string(),
  totalAuctions: z.number(),
  avgPriceRatio: z.number(),
  cheaperThanRegion: z.number(),
  expensiveThanRegion: z.number(),
  percentCheaper: z.number(),
  percentExpensive: z.number(),
  percentEqual: z.number(),
});
export type RealmStatsRow = z.infer<typeof realmStatsRowSchema>;
export const realmStatsResponseSchema = z.object({
  data: z.object({ overallStats: overallStatsSchema, realmStats: z.array(realmStatsRowSchema) }),
});
export type RealmStatsResponse = z.infer<typeof realmStatsResponseSchema>;
