import type { PricesResponse } from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const PRICES_PATH = '/shared/payments/prices';

/**
 * GET /shared/payments/prices for visitors (the landing page): public, no bearer. The subscription
 * screen asks with the bearer under its own key (features/subscription/api.ts), so the two never mix.
 */
export const pricesQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'prices', 'public'],
    queryFn: ({ signal }) => apiRequest<PricesResponse>(PRICES_PATH, { signal }),
    staleTime: 10 * 60 * 1000,
    select: (response) => response.data,
  });
