import { TOASTS, type Price } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { profileQueryOptions, subscriberPricesQueryOptions } from './api';
import { showsFallback } from './subscription-status';

export interface SubscriptionData {
  /** Prices or profile still on their first load. */
  loading: boolean;
  /** The price list to pick from; empty when the call failed (the cards then show the fallback plan). */
  prices: Price[];
  /** Only the stand-in $4.99 plan can be shown: checkout is impossible until prices load. */
  fallback: boolean;
  retryingPrices: boolean;
  retryPrices: () => void;
}

/**
 * Loads the prices (with the bearer, so a retired current price comes along) and, unless a checkout
 * return is about to reload it anyway, a fresh profile. "Failed to load pricing information" when only
 * the fallback plan can be shown; "Failed to refresh user data" when the profile cannot be loaded (the
 * stored user stays).
 */
export function useSubscriptionData(user: User, { loadProfile }: { loadProfile: boolean }): SubscriptionData {
  const { request } = useSession();
  const { setUser } = useAuth();
  const pricesQuery = useQuery(subscriberPricesQueryOptions(request, user.id));
  const profileQuery = useQuery({ ...profileQueryOptions(request, user.id, setUser), enabled: loadProfile });

  // A failed refetch keeps the list loaded before (TanStack keeps the data): the fallback plan stands in
  // for prices never loaded, not for a moment's outage, such as right after a change of plan.
  const prices = pricesQuery.data ?? [];
  const fallback = !pricesQuery.isPending && showsFallback(prices, user);

  useEffect(() => {
    if (fallback) notifyError(TOASTS.pricesFailed);
  }, [fallback, pricesQuery.errorUpdatedAt, pricesQuery.dataUpdatedAt]);

  useEffect(() => {
    if (profileQuery.isError) notifyError(TOASTS.profileRefreshFailed);
  }, [profileQuery.isError, profileQuery.errorUpdatedAt]);

  const { refetch } = pricesQuery;
  return {
    // Only this screen's own first load: a background reload (useReloadProfile) shares the query.
    loading: pricesQuery.isPending || (loadProfile && profileQuery.isLoading),
    prices,
    fallback,
    retryingPrices: pricesQuery.isFetching,
    retryPrices: () => void refetch(),
  };
}
