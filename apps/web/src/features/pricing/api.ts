import type { PricesResponse } from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** GET /shared/payments/prices: public, the landing and subscription screens share it. */
export const pricesQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'prices'],
    queryFn: ({ signal }) => apiRequest<PricesResponse>('/shared/payments/prices', { signal }),
    staleTime: 10 * 60 * 1000,
    select: (response) => response.data,
  });
