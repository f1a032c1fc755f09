import { ACCESS, isAdmin, postLoginPath } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import type { To } from 'react-router';
import { paths } from './paths';
import { TOOLS } from './tools';

/** Where a guard redirect came from (GuardRedirectState.from), as far as login needs it. */
export interface OriginLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

const ACCOUNT_PAGES = new Set<string>([
  paths.login,
  paths.register,
  paths.forgotPassword,
  '/confirm-email',
  '/reset-password',
]);

const startsWithSegment = (pathname: string, base: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

const isToolPath = (pathname: string) => TOOLS.some((tool) => startsWithSegment(pathname, tool.basePath));

/**
 * Whether this user may open the page the guards (router.tsx) protect at `pathname`: tools need
 * hasAccess, admin pages the admin role, every other page only a session. Account pages never count
 * as an origin to go back to.
 */
export function mayOpen(pathname: string, user: User): boolean {
  const firstSegment = `/${pathname.split('/')[1] ?? ''}`;
  if (ACCOUNT_PAGES.has(firstSegment)) return false;
  if (isToolPath(pathname)) return user.hasAccess;
  if (startsWithSegment(pathname, '/admin')) return isAdmin(user.role);
  return true;
}

/**
 * SPEC §4 post-login routing: back to the page a guard sent the user away from when they may open it,
 * otherwise the five steps of postLoginPath.
 */
export function destinationAfterLogin(user: User, from: OriginLocation | null | undefined): To {
  if (from && typeof from.pathname === 'string' && mayOpen(from.pathname, user)) {
    return { pathname: from.pathname, search: from.search ?? '', hash: from.hash ?? '' };
  }
  return postLoginPath(user);
}

/** What the page reached after login is told in the location state: why the user is there instead. */
export interface ArrivalState {
  notice: string;
}

/**
 * SPEC §6: a user sent away from a tool for want of a subscription is told so where they land (the
 * subscription page, by the first post-login step), rather than seeing plans without a reason.
 */
export function arrivalStateAfterLogin(
  user: User,
  from: OriginLocation | null | undefined,
): ArrivalState | undefined {
  if (user.hasAccess || !from || typeof from.pathname !== 'string' || !isToolPath(from.pathname)) {
    return undefined;
  }
  return { notice: ACCESS.noSubscription };
}

export function readArrivalNotice(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const notice = (state as Record<string, unknown>).notice;
  return typeof notice === 'string' ? notice : undefined;
}
