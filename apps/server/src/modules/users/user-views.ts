import type { User } from '@goldroute/domain/api';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createSharedReads } from '../../lib/shared-reads';
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
  const views = createSharedReads<string, User>(USER_VIEW_TTL_MS, clock, (userId) =>
    loadUserView(db, userId, clock.now()),
  );
  return {
    /** Read now (after a change); null when the user no longer exists. */
    fresh: views.fresh,
    /** The kept view, else a read (one for all the calls that ask meanwhile). */
    cached: views.get,
    forget: views.forget,
  };
}

export type UserViews = ReturnType<typeof createUserViews>;
