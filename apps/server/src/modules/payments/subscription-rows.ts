import { currentProviderSubscription, providerSubscriptionRunning } from '@goldroute/domain';
import type { StripeSubscription, SubscriptionStatus } from '@goldroute/domain/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentSubscriptions } from '../../db/schema';
import type { ProviderSubscription } from './payment-provider';

type Row = typeof paymentSubscriptions.$inferSelect;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const orNull = (d: Date | null) => (d ? seconds(d) : null);

/** A stored row back in the provider's terms. */
export function rowToSubscription(row: Row): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status as SubscriptionStatus,
    itemId: row.itemId,
    priceId: row.priceId,
    startDate: seconds(row.startDate),
    currentPeriodEnd: seconds(row.currentPeriodEnd),
    cancelAt: orNull(row.cancelAt),
    canceledAt: orNull(row.canceledAt),
    endedAt: orNull(row.endedAt),
    latestInvoiceId: row.latestInvoiceId,
    userIdHint: row.userId,
  };
}

/** The subscription object of the User entity and of the payment calls (SPEC §3), for either provider. */
export function toWireSubscription(s: ProviderSubscription): StripeSubscription {
  return {
    status: s.status,
    start_date: s.startDate,
    cancel_at: s.cancelAt,
    items: { data: [{ price: { id: s.priceId }, current_period_end: s.currentPeriodEnd }] },
  };
}

/** Running now by the domain's access rule (active, trialing or past due, inside its period). */
export const isLive = (s: ProviderSubscription, nowSeconds: number) =>
  providerSubscriptionRunning(toWireSubscription(s), nowSeconds);

export async function loadProviderSubscriptions(db: Db, userId: string): Promise<ProviderSubscription[]> {
  const rows = await db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.userId, userId));
  return rows.map(rowToSubscription);
}

/** The subscription the user sees and acts on (the domain's pick), in the provider's terms. */
export function pickCurrent(subscriptions: readonly ProviderSubscription[], nowSeconds: number) {
  const wire = subscriptions.map((s) => ({ ...toWireSubscription(s), source: s }));
  return currentProviderSubscription(wire, nowSeconds)?.source ?? null;
}

export async function currentSubscriptionOf(db: Db, userId: string, nowSeconds: number) {
  return pickCurrent(await loadProviderSubscriptions(db, userId), nowSeconds);
}
