import { hasToolAccess } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites, subscriptions, users } from '../../db/schema';
import { loadProviderSubscriptions } from '../payments/subscription-rows';
import { deriveAccess } from './access';

/** The User entity of SPEC §3, built explicitly so no column (hashes, timestamps) ever leaks. */
export async function loadUserView(db: Db, userId: string, now: Date): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) return null;
  const [subs, provider, favs] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    loadProviderSubscriptions(db, userId),
    db
      .select({ key: favorites.uniqueItemKey })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .orderBy(asc(favorites.createdAt), asc(favorites.uniqueItemKey)),
  ]);
  const access = deriveAccess(subs, provider, now);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    hasAccess: hasToolAccess(access, row.role),
    isActive: access.isActive,
    isExpired: access.isExpired,
    inCancelation: access.inCancelation,
    region: row.region,
    favorites: favs.map((f) => f.key),
    config: (row.config as User['config']) ?? null,
    retailBuyingRealmsUS: row.retailBuyingRealmsUS,
    retailSellingRealmsUS: row.retailSellingRealmsUS,
    retailBuyingRealmsEU: row.retailBuyingRealmsEU,
    retailSellingRealmsEU: row.retailSellingRealmsEU,
    goldSubscription: access.goldSubscription as User['goldSubscription'],
    stripeSubscription: access.stripeSubscription,
    discord:
      row.discordId && row.discordUsername ? { id: row.discordId, username: row.discordUsername } : null,
  };
}
