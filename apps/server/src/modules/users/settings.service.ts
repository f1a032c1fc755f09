import type { Config } from '@goldroute/domain';
import type { FavoritesRequest, SettingsRequestParsed } from '@goldroute/domain/api';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favorites, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';

export const MAX_FAVORITES = 1000;
export const SETTINGS_SAVED = 'Settings saved successfully';

/** Which connected realms exist per region; null until market data has listed them. */
export interface RealmDirectory {
  realmIds(region: 'us' | 'eu'): ReadonlySet<number> | null;
}

export function createSettingsService(deps: {
  db: Db;
  clock: Clock;
  realms?: RealmDirectory | undefined;
  /** Told after a user's realm settings change (their cached market answers are stale). */
  onChange?: (userId: string) => void | Promise<void>;
}) {
  const { db, clock } = deps;

  function checkRealms(region: 'us' | 'eu', ids: readonly number[]): void {
    const known = deps.realms?.realmIds(region);
    if (!known) return;
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new HttpError(
        400,
        `Unknown ${region.toUpperCase()} realm id(s): ${unknown.slice(0, 10).join(', ')}`,
      );
    }
  }

  const unique = (ids: readonly number[] | undefined) => (ids ? [...new Set(ids)] : undefined);

  /** Saves the region and that region's realm lists; the other region's lists stay as they were. */
  async function saveSettings(userId: string, body: SettingsRequestParsed): Promise<void> {
    const lists =
      body.region === 'us'
        ? {
            retailBuyingRealmsUS: unique(body.retailBuyingRealmsUS),
            retailSellingRealmsUS: unique(body.retailSellingRealmsUS),
          }
        : {
            retailBuyingRealmsEU: unique(body.retailBuyingRealmsEU),
            retailSellingRealmsEU: unique(body.retailSellingRealmsEU),
          };
    for (const ids of Object.values(lists)) if (ids) checkRealms(body.region, ids);
    const defined = Object.fromEntries(Object.entries(lists).filter(([, v]) => v !== undefined));
    await db
      .update(users)
      .set({ region: body.region, ...defined, updatedAt: clock.now() })
      .where(eq(users.id, userId));
    await deps.onChange?.(userId);
  }

  async function savePersonalConfig(userId: string, config: Config): Promise<void> {
    await db.update(users).set({ config, updatedAt: clock.now() }).where(eq(users.id, userId));
  }

  /** ADD and DELETE are idempotent; the answer is always the whole list. */
  async function updateFavorite(userId: string, { uniqueItemKey, action }: FavoritesRequest): Promise<void> {
    if (action === 'DELETE') {
      await db
        .delete(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.uniqueItemKey, uniqueItemKey)));
      return;
    }
    const [row] = await db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId));
    if ((row?.n ?? 0) >= MAX_FAVORITES)
      throw new HttpError(400, `You can keep at most ${MAX_FAVORITES} favorites`);
    await db
      .insert(favorites)
      .values({ userId, uniqueItemKey, createdAt: clock.now() })
      .onConflictDoNothing();
  }

  return { saveSettings, savePersonalConfig, updateFavorite };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
