// Admin calls of SPEC §7: stats, the user search and the subscription-time grant (all admin-only, guarded).
import type { SubscriptionType } from '@goldroute/domain';
import type { AddSubscriptionTimeResponse, GetUsersResponse } from '@goldroute/domain/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Session } from '../../lib/session';
import { readStats } from './stats';

/** A guarded call of the session (`useSession().request`). */
export type AdminRequest = Session['request'];

/** Users listed per search; the dropdown says how many more match. */
export const USER_SEARCH_LIMIT = 50;
/** The user search waits this long after the last keystroke. */
export const USER_SEARCH_DEBOUNCE_MS = 250;

export const ADMIN_PATHS = {
  stats: '/shared/admin/stats',
  users: (search: string, limit: number = USER_SEARCH_LIMIT) => {
    const params = new URLSearchParams();
    const text = search.trim();
    if (text) params.set('search', text);
    params.set('limit', String(limit));
    return `/shared/admin/get-users?${params.toString()}`;
  },
  addSubscriptionTime: (userId: string, type: SubscriptionType, months: number) =>
    `/shared/admin/add-subscription-time/${encodeURIComponent(userId)}/${type}/${months}`,
} as const;

export const ADMIN_STATS_KEY = ['admin', 'stats'] as const;

/** The stats page's data; always fetched fresh when the page opens. */
export const adminStatsQueryOptions = (request: AdminRequest) =>
  queryOptions({
    queryKey: ADMIN_STATS_KEY,
    queryFn: async ({ signal }) => readStats(await request<unknown>(ADMIN_PATHS.stats, { signal })),
    staleTime: 0,
  });

/** Users whose e-mail contains `search` (server-side), up to 50, with how many match in all. */
export const adminUsersQueryOptions = (request: AdminRequest, search: string) =>
  queryOptions({
    queryKey: ['admin', 'users', search.trim()],
    queryFn: ({ signal }) => request<GetUsersResponse>(ADMIN_PATHS.users(search), { signal }),
    // The last list stays while the next search runs, so the dropdown does not flash empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** GET /shared/admin/add-subscription-time/{userId}/{type}/{months}. */
export function addSubscriptionTime(
  request: AdminRequest,
  userId: string,
  type: SubscriptionType,
  months: number,
): Promise<AddSubscriptionTimeResponse> {
  return request<AddSubscriptionTimeResponse>(ADMIN_PATHS.addSubscriptionTime(userId, type, months));
}

/** A clear or refresh path under /shared/data answers `{ message }` (older servers: a string). */
export async function runCacheAction(request: AdminRequest, path: string): Promise<string | null> {
  const body = await request<unknown>(path);
  if (typeof body === 'string') return body || null;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message?: unknown }).message;
    return typeof message === 'string' && message ? message : null;
  }
  return null;
}
