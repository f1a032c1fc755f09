// The billing calls of the subscription screen: invoices, one receipt, a plan change's price, the
// provider's billing page. All guarded (bearer + refresh through the session).
import {
  billingPortalResponseSchema,
  invoiceSchema,
  invoicesResponseSchema,
  previewChangeResponseSchema,
  type Invoice,
  type PreviewChangeResponse,
} from '@goldroute/domain/api';
import { queryOptions } from '@tanstack/react-query';
import type { Session } from '../../lib/session';

export const BILLING_PATHS = {
  invoices: '/shared/payments/invoices',
  invoice: (id: string) => `/shared/payments/invoices/${encodeURIComponent(id)}`,
  previewChange: '/shared/payments/preview-change',
  billingPortal: '/shared/payments/billing-portal',
} as const;

type Request = Session['request'];

/** Every invoice list and receipt in the cache: stale once a payment or a change happened. */
export const invoicesKey = ['payments', 'invoices'] as const;

export const invoicesQueryOptions = (request: Request, userId: string) =>
  queryOptions({
    queryKey: [...invoicesKey, userId],
    queryFn: async ({ signal }): Promise<Invoice[]> =>
      invoicesResponseSchema.parse(await request(BILLING_PATHS.invoices, { signal })).data,
  });

export const invoiceQueryOptions = (request: Request, userId: string, id: string) =>
  queryOptions({
    queryKey: [...invoicesKey, userId, id],
    queryFn: async ({ signal }): Promise<Invoice> =>
      invoiceSchema.parse(await request(BILLING_PATHS.invoice(id), { signal })),
    retry: false,
  });

/** What changing to `newPriceId` costs now; its prorationDate goes back with the change. */
export const previewChangeQueryOptions = (request: Request, userId: string, newPriceId: string) =>
  queryOptions({
    queryKey: ['payments', 'preview-change', userId, newPriceId],
    queryFn: async (): Promise<PreviewChangeResponse> =>
      previewChangeResponseSchema.parse(
        await request(BILLING_PATHS.previewChange, { method: 'POST', body: { newPriceId } }),
      ),
    // Always worked out afresh when the dialog opens: the figure moves with time.
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });

/** The provider's billing page (Stripe's customer portal, or the demo's own). */
export async function openBillingPortal(request: Request): Promise<string> {
  const answer = await request(BILLING_PATHS.billingPortal, { method: 'POST', body: {} });
  return billingPortalResponseSchema.parse(answer).url;
}
