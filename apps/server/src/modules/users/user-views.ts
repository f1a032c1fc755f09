import type { User } from '@goldroute/domain/api';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createTtlCache } from '../../lib/ttl-cache';
import { loadUserView } from './user-view';

/**
 * How long GET /shared/users/profile reuses a user's view. Every change this process makes reloads it;
 * changes to access (settings, payments, admin grants) drop it in every process through the market's
 * user-changed message; so a subscription ending or a role taken away shows within the same 5 s as the
 * access checks of the data calls (market-access.ts). Sessions are checked apart, on every call.
 */
export const USER_VIEW_TTL_MS = 5_000;

/** The users' views (loadUserView): the one every screen loads, kept a few seconds per process. */
export function createUserViews(db: Db, clock: Clock) {
  const views = createTtlCache<string, User>(USER_VIEW_TTL_MS, clock);

  /** Read now (after a change, or when none is kept); null when the user no longer exists. */
  async function fresh(userId: string): Promise<User | null> {
    const view = await loadUserView(db, userId, clock.now());
    if (view) views.set(userId, view);
    else views.delete(userId);
    return view;
  }

  return {
    fresh,
    /** The kept view, else fresh. */
    cached: async (userId: string): Promise<User | null> => views.get(userId) ?? fresh(userId),
    forget: (userId: string): void => views.delete(userId),
  };
}

export type UserViews = ReturnType<typeof createUserViews>;
