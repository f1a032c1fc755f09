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
  /**
   * Users with reads under way: how many, how many changes (fresh, forget) came meanwhile, and the read
   * the profile calls share. A read that began before a change is neither kept nor shared after it.
   */
  const reading = new Map<string, { reads: number; changes: number; shared?: Promise<User | null> }>();

  function changed(userId: string): void {
    views.delete(userId);
    const r = reading.get(userId);
    if (r) {
      r.changes++;
      delete r.shared;
    }
  }

  async function load(userId: string): Promise<User | null> {
    let r = reading.get(userId);
    if (!r) reading.set(userId, (r = { reads: 0, changes: 0 }));
    r.reads++;
    const since = r.changes;
    try {
      const view = await loadUserView(db, userId, clock.now());
      if (r.changes === since) {
        if (view) views.set(userId, view);
        else views.delete(userId);
      }
      return view;
    } finally {
      if (--r.reads === 0) reading.delete(userId);
    }
  }

  /** Read now (after a change, or when none is kept); null when the user no longer exists. */
  async function fresh(userId: string): Promise<User | null> {
    changed(userId);
    return load(userId);
  }

  return {
    fresh,
    /** The kept view, else a read (one for all the calls that ask meanwhile). */
    async cached(userId: string): Promise<User | null> {
      const kept = views.get(userId);
      if (kept) return kept;
      const shared = reading.get(userId)?.shared;
      if (shared) return shared;
      const view = load(userId);
      const r = reading.get(userId);
      if (r) r.shared = view;
      return view;
    },
    forget: (userId: string): void => changed(userId),
  };
}

export type UserViews = ReturnType<typeof createUserViews>;
