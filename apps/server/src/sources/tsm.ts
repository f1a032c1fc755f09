import { DEFAULT_RETRY, fetchWithRetry, readJson, UpstreamError, type RetryPolicy } from './http-json';
import { createOAuthToken } from './oauth-token';

export interface TsmOptions {
  /** The OAuth client id TSM issues for API-key logins (configured, TSM_CLIENT_ID). */
  clientId: string;
  /** The user's TSM API key. */
  apiKey: string;
  /** e.g. https://auth.tradeskillmaster.com/oauth2/token */
  authUrl: string;
  /** e.g. https://pricing-api.tradeskillmaster.com */
  pricingUrl: string;
  retry?: RetryPolicy;
}

/** One row of TSM's region pricing; prices in copper, saleRate a share (0.4 = 40% of postings sell). */
export interface TsmRegionRow {
  itemId: number | null;
  petSpeciesId: number | null;
  marketValue: number;
  avgSalePrice: number;
  saleRate: number;
  soldPerDay: number;
  historical: number;
  quantity: number;
}

const REGION_IDS = { us: 1, eu: 2 } as const;

export function createTsmClient(options: TsmOptions) {
  const retry = options.retry ?? DEFAULT_RETRY;
  const token = createOAuthToken({
    name: 'TSM auth',
    url: options.authUrl,
    request: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: options.clientId,
        grant_type: 'api_token',
        scope: 'app:realm-api app:pricing-api',
        token: options.apiKey,
      }),
    },
    retry,
  });

  return {
    /** Region-wide pricing for every item and pet species. */
    async regionPricing(region: 'us' | 'eu'): Promise<TsmRegionRow[]> {
      const res = await fetchWithRetry(
        `${options.pricingUrl.replace(/\/+$/, '')}/region/${REGION_IDS[region]}`,
        { headers: { authorization: `Bearer ${await token.get()}`, 'accept-encoding': 'gzip' } },
        retry,
      );
      if (!res.ok) throw new UpstreamError(`TSM pricing answered HTTP ${res.status}`, res.status);
      const rows = await readJson<Record<string, unknown>[]>(res, 'TSM pricing');
      if (!Array.isArray(rows)) throw new UpstreamError('TSM pricing is not a list');
      return rows.map(toRow);
    },
  };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

// Older TSM rows call the sale rate salePct.
function toRow(r: Record<string, unknown>): TsmRegionRow {
  return {
    itemId: typeof r.itemId === 'number' ? r.itemId : null,
    petSpeciesId: typeof r.petSpeciesId === 'number' ? r.petSpeciesId : null,
    marketValue: num(r.marketValue),
    avgSalePrice: num(r.avgSalePrice),
    saleRate: num(r.saleRate ?? r.salePct),
    soldPerDay: num(r.soldPerDay),
    historical: num(r.historical),
    quantity: num(r.quantity),
  };
}

export type TsmClient = ReturnType<typeof createTsmClient>;
