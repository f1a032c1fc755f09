// Stored provider subscriptions (payment_subscriptions) read back in the provider's terms. Which of them
// gives access, and which one the user sees, is the access module's to say (users/access.ts).
import type { SubscriptionStatus } from '@goldroute/domain/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentSubscriptions } from '../../db/schema';
import { pickCurrent } from '../users/access';
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

export async function loadProviderSubscriptions(db: Db, userId: string): Promise<ProviderSubscription[]> {
  const rows = await db.select().from(paymentSubscriptions).where(eq(paymentSubscriptions.userId, userId));
  return rows.map(rowToSubscription);
}

/** The user's current subscription (the access module's pick) as stored now. */
export async function currentSubscriptionOf(db: Db, userId: string, nowSeconds: number) {
  return pickCurrent(await loadProviderSubscriptions(db, userId), nowSeconds);
}
