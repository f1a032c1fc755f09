import { ACCESS } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { HttpError } from '../../lib/http-error';
import type { UserViews } from './user-views';

/** The user's view as it is now (after a change, or to answer with it); a 401 when the account is gone. */
export async function currentUser(views: UserViews, userId: string): Promise<User> {
  const user = await views.fresh(userId);
  if (!user) throw new HttpError(401, 'Authentication failed');
  return user;
}

/** A 403 with SPEC's text unless the user may use the tools now (what favourites, presets and alerts need). */
export async function requireToolAccess(views: UserViews, userId: string): Promise<void> {
  if (!(await currentUser(views, userId)).hasAccess) throw new HttpError(403, ACCESS.noSubscription);
}
