// Post-login routing (SPEC §4) and pagination (SPEC §2, §9).
import type { User } from './api/users';
import { PAGINATION_SPAN } from './constants';
import type { Region } from './enums';

export function flippingToolPath(region: Region): string {
  return `/retail-cross-realm-flipping-tool/${region}`;
}

type RoutingUser = Pick<
  User,
  | 'hasAccess'
  | 'region'
  | 'retailBuyingRealmsUS'
  | 'retailSellingRealmsUS'
  | 'retailBuyingRealmsEU'
  | 'retailSellingRealmsEU'
>;

/** The five steps of SPEC §4 "Post-login routing", in order. */
export function postLoginPath(user: RoutingUser): string {
  if (!user.hasAccess) return '/subscription';
  if (!user.region) return '/config';
  if (
    user.region === 'us' &&
    (user.retailSellingRealmsUS.length === 0 || user.retailBuyingRealmsUS.length === 0)
  ) {
    return '/config';
  }
  if (
    user.region === 'eu' &&
    (user.retailSellingRealmsEU.length === 0 || user.retailBuyingRealmsEU.length === 0)
  ) {
    return '/config';
  }
  return flippingToolPath(user.region);
}

export const PAGE_SIZE = 100;

export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/** Keeps a page number inside 1..totalPages (1 when there are no pages). */
export function clampPage(page: number, totalPages: number): number {
  if (totalPages < 1) return 1;
  return Math.min(totalPages, Math.max(1, Math.trunc(page)));
}

/** Page numbers shown: up to `span` pages either side of the current page, never past the ends. */
export function paginationWindow(
  currentPage: number,
  totalPages: number,
  span: number = PAGINATION_SPAN,
): number[] {
  if (totalPages < 1) return [];
  const current = clampPage(currentPage, totalPages);
  const first = Math.max(1, current - span);
  const last = Math.min(totalPages, current + span);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The rows of one page (pages count from 1). */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number = PAGE_SIZE): T[] {
  const start = (clampPage(page, pageCount(rows.length, pageSize)) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}
