// GET /shared/status: the public freshness of the market data.
import { statusResponseSchema, type StatusResponse } from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const STATUS_PATH = '/shared/status';

/** The server keeps its answer a few seconds; the page reads it again every half minute while open. */
export const STATUS_REFRESH_MS = 30_000;

export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['status'],
    queryFn: async ({ signal }): Promise<StatusResponse> =>
      statusResponseSchema.parse(await apiRequest<unknown>(STATUS_PATH, { signal })),
    refetchInterval: STATUS_REFRESH_MS,
  });
