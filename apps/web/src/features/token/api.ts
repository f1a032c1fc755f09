import { TOKEN_POLL_MINUTES, type Region } from '@goldroute/domain';
import type { TokenResponse } from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** SPEC §9: the token price is polled every 15 minutes. */
const TOKEN_POLL_MS = TOKEN_POLL_MINUTES * 60 * 1000;

export const tokenPriceQueryOptions = (region: Region) =>
  queryOptions({
    queryKey: ['token-price', region],
    queryFn: ({ signal }) => apiRequest<TokenResponse>(`/shared/data/token/${region}`, { signal }),
    refetchInterval: TOKEN_POLL_MS,
    staleTime: TOKEN_POLL_MS,
  });
