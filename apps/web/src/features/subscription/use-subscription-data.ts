import { TOASTS, type Price } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../lib/auth-store';
import { notifyError } from '../../lib/toasts';
import { useSession } from '../../lib/use-session';
import { fetchProfile, subscriberPricesQueryOptions } from './api';
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
  const profileQuery = useQuery({
    queryKey: ['users', 'profile', user.id],
    // No abort signal: StrictMode's trial unmount would cancel and repeat the call, and a profile
    // that arrives is worth storing even if the screen has gone.
    queryFn: async () => {
      const fresh = await fetchProfile(request);
      setUser(fresh);
      return fresh;
    },
    enabled: loadProfile,
    staleTime: 0,
  });

  const prices = pricesQuery.isError ? [] : (pricesQuery.data ?? []);
  const fallback = !pricesQuery.isPending && showsFallback(prices, user);

  useEffect(() => {
    if (fallback) notifyError(TOASTS.pricesFailed);
  }, [fallback, pricesQuery.errorUpdatedAt, pricesQuery.dataUpdatedAt]);

  useEffect(() => {
    if (profileQuery.isError) notifyError(TOASTS.profileRefreshFailed);
  }, [profileQuery.isError, profileQuery.errorUpdatedAt]);

  const { refetch } = pricesQuery;
  return {
    loading: pricesQuery.isPending || profileQuery.isLoading,
    prices,
    fallback,
    retryingPrices: pricesQuery.isFetching,
    retryPrices: () => void refetch(),
  };
}
