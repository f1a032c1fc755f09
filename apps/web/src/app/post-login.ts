import { isAdmin, postLoginPath } from '@goldroute/domain';
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

/**
 * Whether this user may open the page the guards (router.tsx) protect at `pathname`: tools need
 * hasAccess, admin pages the admin role, every other page only a session. Account pages never count
 * as an origin to go back to.
 */
export function mayOpen(pathname: string, user: User): boolean {
  const firstSegment = `/${pathname.split('/')[1] ?? ''}`;
  if (ACCOUNT_PAGES.has(firstSegment)) return false;
  if (TOOLS.some((tool) => startsWithSegment(pathname, tool.basePath))) return user.hasAccess;
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
