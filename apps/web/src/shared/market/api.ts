// Market data calls of SPEC §7 "Data" for the three data tools, plus the favourite star (SPEC §4). The
// deal calls ask for the compact encoding (smaller and quicker to read than JSON: docs/targets.md) and
// hand the tools its decoded columns.
import {
  AUTH_MESSAGES,
  TIMER_POLL_SECONDS,
  TOASTS,
  type FavoriteAction,
  type Region,
  type TradeItem,
} from '@goldroute/domain';
import {
  TRADE_COLUMNS_TYPE,
  UnknownFormatError,
  decodeMarketAnswer,
  encodeDropshipAnswer,
  encodeFlippingAnswer,
  type GroupColumns,
  type MarketColumns,
  type TradeColumns,
} from '@goldroute/domain/wire';
import { dealHistoryResponseSchema, timerResponseSchema } from '@goldroute/domain/api';
import { measured } from '../../lib/measured';
import type {
  AhDataDropshipResponse,
  AhDataRequest,
  AhDataResponse,
  DealHistoryQuery,
  DealHistoryResponse,
  FavoritesResponse,
  MarketSourceResponse,
  TimerResponse,
  User,
} from '@goldroute/domain/api';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { ApiError, BinaryAnswer, apiRequest } from '../../lib/api-client';
import { AuthStoreContext, useAuth } from '../../lib/auth-store';
import type { Session } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { notifyError, notifySuccess } from '../../lib/toasts';

export const MARKET_PATHS = {
  undercut: (region: Region) => `/retail/market/ah-data-undercut/${region}`,
  dropship: (region: Region) => `/retail/market/ah-data-dropship/${region}`,
  timer: (region: Region) => `/shared/data/timer/${region}`,
  shown: (region: Region) => `/shared/data/shown/${region}`,
  source: '/shared/data/market-source',
  dealHistory: (region: Region, query: DealHistoryQuery) => {
    const params = new URLSearchParams({
      uniqueItemKey: query.uniqueItemKey,
      buyRealm: String(query.buyRealm),
      sellRealm: String(query.sellRealm),
    });
    return `/retail/market/deal-history/${region}?${params.toString()}`;
  },
  favorites: '/shared/users/favorites',
} as const;

export const TIMER_POLL_MS = TIMER_POLL_SECONDS * 1000;

/** The user's saved realm lists for a region, as the data calls take them. */
export function savedRealms(
  user: User | null,
  region: Region,
): Pick<AhDataRequest, 'retailBuyingRealms' | 'retailSellingRealms'> {
  if (!user) return {};
  return region === 'us'
    ? { retailBuyingRealms: user.retailBuyingRealmsUS, retailSellingRealms: user.retailSellingRealmsUS }
    : { retailBuyingRealms: user.retailBuyingRealmsEU, retailSellingRealms: user.retailSellingRealmsEU };
}

/** A deal call over the user's saved realms of the region, for the user. */
function savedRealmsRequest(user: User | null, region: Region): AhDataRequest {
  return { ...savedRealms(user, region), userId: user?.id };
}

/** Data calls are never cached across mounts: a tool page always shows the newest snapshot. */
const DATA_OPTIONS = { staleTime: 0, gcTime: 0, retry: false } as const;

/** A flipping answer as the tools read it: its rows as columns, and the data's time (SPEC data.update). */
export interface MarketRowsData {
  rows: TradeColumns;
  lastModified: number;
}

/** A dropship answer: the variants of every group as rows, and the groups over them. */
export interface DropshipData extends MarketRowsData {
  groups: GroupColumns;
}

/**
 * POSTs a deal call asking for the compact encoding and decodes it. A server (or a proxy) that answers the
 * SPEC JSON instead is understood too: its rows are turned into the same columns. A compact answer of a
 * format this build does not know (a tab left open across a deploy) is asked for again as JSON.
 */
async function dealAnswer(
  session: Session,
  path: string,
  body: AhDataRequest,
  signal: AbortSignal,
  fromJson: (json: unknown) => Uint8Array,
  compact = true,
): Promise<MarketColumns> {
  const answer = await session.request<unknown>(path, {
    method: 'POST',
    body,
    signal,
    ...(compact ? { binary: TRADE_COLUMNS_TYPE } : {}),
  });
  try {
    const bytes = answer instanceof BinaryAnswer ? answer.bytes : fromJson(answer);
    return measured('goldroute:decode', () => decodeMarketAnswer(bytes));
  } catch (err) {
    if (compact && err instanceof UnknownFormatError) {
      return dealAnswer(session, path, body, signal, fromJson, false);
    }
    throw new ApiError(200, AUTH_MESSAGES.invalidResponse);
  }
}

/** How each deal route's SPEC JSON answer is turned into the compact columns. */
const DEAL_FROM_JSON = {
  undercut: (json: unknown) => {
    const { data } = json as AhDataResponse;
    return encodeFlippingAnswer(data.items, data.update.lastModified);
  },
  dropship: (json: unknown) => {
    const { data } = json as AhDataDropshipResponse;
    return encodeDropshipAnswer(data.items, data.update.lastModified, data.groupsFound);
  },
} as const;

/** The query of one deal route: keyed by route, region and request; `shape` picks what the tool reads. */
function dealQueryOptions<T>(
  route: keyof typeof DEAL_FROM_JSON,
  session: Session,
  region: Region,
  body: AhDataRequest,
  enabled: boolean,
  shape: (columns: MarketColumns) => T,
) {
  return queryOptions({
    queryKey: ['market', route, region, body],
    queryFn: async ({ signal }): Promise<T> =>
      shape(await dealAnswer(session, MARKET_PATHS[route](region), body, signal, DEAL_FROM_JSON[route])),
    enabled,
    ...DATA_OPTIONS,
  });
}

export const undercutQueryOptions = (
  session: Session,
  region: Region,
  body: AhDataRequest,
  enabled: boolean,
) =>
  dealQueryOptions('undercut', session, region, body, enabled, ({ rows, lastModified }): MarketRowsData => ({
    rows,
    lastModified,
  }));

export const dropshipQueryOptions = (
  session: Session,
  region: Region,
  body: AhDataRequest,
  enabled: boolean,
) =>
  dealQueryOptions(
    'dropship',
    session,
    region,
    body,
    enabled,
    ({ rows, groups, lastModified }): DropshipData => {
      if (!groups) throw new ApiError(200, AUTH_MESSAGES.invalidResponse);
      return { rows, groups, lastModified };
    },
  );

/** The two realms of a deal whose 14-day history its detail view shows. */
export function dealHistoryQuery(
  item: Pick<TradeItem, 'uniqueItemKey' | 'buyingConnectedRealmId' | 'sellingConnectedRealmId'>,
): DealHistoryQuery {
  return {
    uniqueItemKey: item.uniqueItemKey,
    buyRealm: item.buyingConnectedRealmId,
    sellRealm: item.sellingConnectedRealmId,
  };
}

/**
 * GET the 14-day history of a deal's two realms, for its details. Days change only with the hourly data, so a
 * deal opened again within a few minutes shows at once.
 */
export const dealHistoryQueryOptions = (session: Session, region: Region, query: DealHistoryQuery) =>
  queryOptions({
    queryKey: ['market', 'deal-history', region, query],
    queryFn: async ({ signal }) => {
      const raw = await session.request<unknown>(MARKET_PATHS.dealHistory(region, query), { signal });
      // Checked, not trusted: the chart indexes into these arrays.
      const parsed = dealHistoryResponseSchema.safeParse(raw);
      if (!parsed.success) throw new ApiError(200, AUTH_MESSAGES.invalidResponse);
      return parsed.data satisfies DealHistoryResponse;
    },
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

export function useDealHistory(region: Region, query: DealHistoryQuery) {
  const session = useSession();
  return useQuery(dealHistoryQueryOptions(session, region, query));
}

/**
 * SPEC §4 data timer: the server's lastModified and late realms, polled every 60 s (public call). The
 * snapshot stream (./live) sets the same data the moment a snapshot is published; the poll stays as the
 * fallback when the stream is down.
 */
export const timerQueryOptions = (region: Region) =>
  queryOptions({
    queryKey: ['market', 'timer', region],
    queryFn: async ({ signal }): Promise<TimerResponse> => {
      const parsed = timerResponseSchema.safeParse(
        await apiRequest<unknown>(MARKET_PATHS.timer(region), { signal }),
      );
      if (!parsed.success) throw new ApiError(200, AUTH_MESSAGES.invalidResponse);
      return parsed.data;
    },
    refetchInterval: TIMER_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });

/**
 * Whether the server's market data is the built-in simulator's (public call). The source is fixed for the
 * server's life, so it is asked once; a failed call counts as real data, which changes nothing on screen.
 */
export const marketSourceQueryOptions = queryOptions({
  queryKey: ['market', 'source'],
  queryFn: ({ signal }) => apiRequest<MarketSourceResponse>(MARKET_PATHS.source, { signal }),
  staleTime: Infinity,
  retry: false,
});

export function useSimulatedMarket(): boolean {
  return useQuery(marketSourceQueryOptions).data?.simulated === true;
}

/** Who asks a market call: the session that sends it, the user, and whether the user has access. */
function useMarketCaller() {
  const session = useSession();
  const { userData, hasAccess } = useAuth();
  return { session, userData, hasAccess };
}

/** Flipping tool: the undercut call over the user's saved realms of the region. */
export function useFlippingData(region: Region) {
  const { session, userData, hasAccess } = useMarketCaller();
  return useQuery(undercutQueryOptions(session, region, savedRealmsRequest(userData, region), hasAccess));
}

/** TSM list generator: the undercut call with only the user id. */
export function useTsmData(region: Region) {
  const { session, userData, hasAccess } = useMarketCaller();
  return useQuery(undercutQueryOptions(session, region, { userId: userData?.id }, hasAccess));
}

/** Dropship tool: groups over the user's saved realms of the region. */
export function useDropshipData(region: Region) {
  const { session, userData, hasAccess } = useMarketCaller();
  return useQuery(dropshipQueryOptions(session, region, savedRealmsRequest(userData, region), hasAccess));
}

export function useDataTimer(region: Region) {
  return useQuery(timerQueryOptions(region));
}

/** SPEC §8 favourites: 401 is a lost session, anything else a generic failure. */
export function favoriteErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 401
    ? AUTH_MESSAGES.sessionExpired
    : TOASTS.favoriteFailed;
}

export interface FavoriteToggle {
  uniqueItemKey: string;
  action: FavoriteAction;
}

/** The star: ADD or DELETE; the local favourites list is replaced by the server's answer. */
export function useFavoriteMutation() {
  const session = useSession();
  const store = useContext(AuthStoreContext);
  return useMutation({
    mutationFn: ({ uniqueItemKey, action }: FavoriteToggle) =>
      session.request<FavoritesResponse>(MARKET_PATHS.favorites, {
        method: 'POST',
        body: { uniqueItemKey, action },
      }),
    onSuccess: (response, { action }) => {
      // The store's current user, not the one of the render that started the call.
      const user = store?.getState().userData;
      if (store && user) store.setUser({ ...user, favorites: response.data.favorites });
      notifySuccess(action === 'ADD' ? TOASTS.favoriteAdded : TOASTS.favoriteRemoved);
    },
    onError: (error) => notifyError(favoriteErrorMessage(error)),
  });
}
