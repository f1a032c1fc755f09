import { ACCESS, hasToolAccess, type Region } from '@goldroute/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { createSharedReads } from '../../lib/shared-reads';
import type { ProviderSubscription } from '../payments/payment-provider';
import { loadProviderSubscriptions } from '../payments/subscription-rows';
import { deriveAccess, type SubscriptionRow } from '../users/access';
import type { RealmSelection } from './market.service';

/** How long a user's saved realms and subscription rows are reused by the data calls. */
export const MARKET_ACCESS_TTL_MS = 5_000;

interface AccessRecord {
  subscriptions: SubscriptionRow[];
  providerSubscriptions: ProviderSubscription[];
  role: string;
  realms: Record<Region, RealmSelection>;
}

export interface MarketAccess {
  hasAccess: boolean;
  savedRealms(region: Region): RealmSelection;
}

/**
 * What the data calls need of a user (access and saved realms), read with three small queries and reused for
 * a few seconds: a cached answer then costs no database round trip, and the calls that miss together share
 * one read. Settings changes drop the entry (a read under way then is not kept); access is derived again
 * on every call, so a subscription still ends on time.
 */
export function createMarketAccessReader(db: Db, clock: Clock) {
  async function load(userId: string): Promise<AccessRecord | null> {
    const [[row], subs, providerSubscriptions] = await Promise.all([
      db
        .select({
          role: users.role,
          buyUS: users.retailBuyingRealmsUS,
          sellUS: users.retailSellingRealmsUS,
          buyEU: users.retailBuyingRealmsEU,
          sellEU: users.retailSellingRealmsEU,
        })
        .from(users)
        .where(eq(users.id, userId)),
      db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      loadProviderSubscriptions(db, userId),
    ]);
    if (!row) return null;
    return {
      subscriptions: subs,
      providerSubscriptions,
      role: row.role,
      realms: {
        us: { buyingRealms: row.buyUS, sellingRealms: row.sellUS },
        eu: { buyingRealms: row.buyEU, sellingRealms: row.sellEU },
      },
    };
  }

  const records = createSharedReads(MARKET_ACCESS_TTL_MS, clock, load);

  return {
    /** Null when the user no longer exists. */
    async read(userId: string): Promise<MarketAccess | null> {
      const found = await records.get(userId);
      if (!found) return null;
      return {
        hasAccess: hasToolAccess(
          deriveAccess(found.subscriptions, found.providerSubscriptions, clock.now()),
          found.role,
        ),
        savedRealms: (region) => found.realms[region],
      };
    },
    forget: records.forget,
  };
}

export type MarketAccessReader = ReturnType<typeof createMarketAccessReader>;

/** The data calls' rule: the signed-in user's access record, else 401 (no such user) or 403 (no access). */
export async function requireMarketAccess(reader: MarketAccessReader, userId: string): Promise<MarketAccess> {
  const access = await reader.read(userId);
  if (!access) throw new HttpError(401, 'Authentication failed');
  if (!access.hasAccess) throw new HttpError(403, ACCESS.noSubscription);
  return access;
}
