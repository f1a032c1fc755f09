import {
  LABELS,
  TOASTS,
  WOW_TOKEN_UPDATE_EVENT,
  formatGold,
  formatPercent,
  type Region,
} from '@goldroute/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { tokenPriceQueryOptions } from './api';
import { Sparkline } from './sparkline';

/** The region a `wowTokenUpdate` event names: `detail.region`, or the detail itself as a string. */
export function eventRegion(event: Event): string | undefined {
  const detail: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof detail === 'string') return detail;
  if (typeof detail === 'object' && detail !== null && 'region' in detail) {
    const region = (detail as { region?: unknown }).region;
    return typeof region === 'string' ? region : undefined;
  }
  return undefined;
}

/** Header token price: "Loading..." while loading, "WoW Token: Error" on failure (SPEC §2). */
export function TokenPrice({ region }: { region: Region }) {
  const queryClient = useQueryClient();
  const query = useQuery(tokenPriceQueryOptions(region));

  useEffect(() => {
    if (query.isError) toast.error(TOASTS.tokenPriceFailed, { toastId: `token-price-${region}` });
  }, [query.isError, region]);

  // SPEC §4: a window event wowTokenUpdate for the same region refreshes the price.
  useEffect(() => {
    const onUpdate = (event: Event) => {
      if (eventRegion(event)?.toLowerCase() === region) {
        void queryClient.invalidateQueries({ queryKey: tokenPriceQueryOptions(region).queryKey });
      }
    };
    window.addEventListener(WOW_TOKEN_UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(WOW_TOKEN_UPDATE_EVENT, onUpdate);
  }, [queryClient, region]);

  let content: ReactNode;
  let tone = 'text-slate-300';
  if (query.isPending) content = LABELS.tokenLoading;
  else if (query.isError) {
    content = LABELS.tokenError;
    tone = 'text-red-300';
  } else {
    const change = query.data.changePercentage;
    const up = change >= 0;
    content = (
      <>
        <span>WoW Token: {formatGold(query.data.price)}</span>
        <span
          data-testid="token-change"
          className={`inline-flex items-center gap-0.5 tabular-nums ${up ? 'text-emerald-300' : 'text-red-300'}`}
        >
          <span aria-hidden="true">{up ? '▲' : '▼'}</span>
          {up ? '+' : ''}
          {formatPercent(change)}
        </span>
        <Sparkline history={query.data.historicalData} up={up} />
      </>
    );
    tone = 'text-gold-200';
  }

  return (
    <span
      data-testid="token-price"
      aria-live="polite"
      className={`inline-flex items-center gap-2 rounded-full whitespace-nowrap bg-white/5 px-3 py-1.5 text-xs font-medium ring-1 ring-white/10 ${tone}`}
    >
      <span
        aria-hidden="true"
        className="size-2 rounded-full bg-gold-400 shadow-[0_0_8px] shadow-gold-400/70"
      />
      {content}
    </span>
  );
}
