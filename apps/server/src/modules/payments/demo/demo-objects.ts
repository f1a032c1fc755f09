import type { Price } from '@goldroute/domain';
import type { demoCheckoutSessions, demoPrices, demoSubscriptions } from '../../../db/schema';
import type { ProviderCheckout, ProviderSubscription } from '../payment-provider';

// The demo provider's rows in the provider's terms, as Stripe's objects reach the payments service.

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const orNull = (d: Date | null) => (d ? seconds(d) : null);

type SubscriptionRow = typeof demoSubscriptions.$inferSelect;
type PriceRow = typeof demoPrices.$inferSelect;

export function toProviderSubscription(row: SubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    itemId: row.itemId,
    priceId: row.priceId,
    startDate: seconds(row.startDate),
    currentPeriodEnd: seconds(row.currentPeriodEnd),
    cancelAt: row.cancelAtPeriodEnd ? seconds(row.currentPeriodEnd) : null,
    canceledAt: orNull(row.canceledAt),
    endedAt: orNull(row.endedAt),
    latestInvoiceId: row.latestInvoiceId,
    userIdHint: null,
  };
}

export const toPrice = (row: PriceRow): Price => ({
  id: row.id,
  active: row.active,
  unit_amount: row.unitAmount,
  currency: row.currency,
  recurring: { interval: row.interval },
  lookup_key: row.lookupKey,
});

export interface DemoCheckoutView {
  id: string;
  status: 'open' | 'complete' | 'expired';
  price: Price;
  cancelUrl: string;
}

export function checkoutOf(row: typeof demoCheckoutSessions.$inferSelect): ProviderCheckout {
  return {
    id: row.id,
    url: `/demo-checkout/${row.id}`,
    status: row.status,
    customerId: row.customerId,
    subscriptionId: row.subscriptionId,
    clientReferenceId: row.clientReferenceId,
    expiresAt: seconds(row.expiresAt),
  };
}
