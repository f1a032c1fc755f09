import { and, eq, lte, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { demoCheckoutSessions, demoInvoices, demoSubscriptions } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import { addInterval } from './demo-calendar';
import { periodLine } from './demo-invoices';
import type { DemoProvider } from './demo-provider';

/** A failed renewal is retried this often, this many times, before the subscription is cancelled. */
export const DEMO_RETRY_HOURS = 24;
export const DEMO_RETRIES = 3;
const HOUR_MS = 3_600_000;

type Row = typeof demoSubscriptions.$inferSelect;

/**
 * The demo provider's clock work, run on a schedule: renewals at the end of each period (a payment that
 * succeeds, or fails when the test switch says so and leaves the subscription past due), retries of failed
 * payments, the end of subscriptions set to cancel, and checkout sessions that expire. Each step claims
 * its row with a conditional update, so two runs at once (two processes) never renew one period twice.
 */
export function createDemoBilling(provider: DemoProvider, deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Claims the row in the state it was read in; false when another run got there first. */
  async function claim(row: Row, set: Partial<Row>): Promise<boolean> {
    const changed = await db
      .update(demoSubscriptions)
      .set({ ...set, updatedAt: clock.now() })
      .where(and(eq(demoSubscriptions.id, row.id), eq(demoSubscriptions.updatedAt, row.updatedAt)))
      .returning({ id: demoSubscriptions.id });
    return changed.length > 0;
  }

  const refs = (row: Row) => ({ subscriptionId: row.id, customerId: row.customerId });

  async function endAtPeriodEnd(row: Row): Promise<void> {
    if (!(await claim(row, { status: 'canceled', endedAt: row.currentPeriodEnd }))) return;
    await provider.emit('customer.subscription.deleted', refs(row));
  }

  async function renew(row: Row): Promise<void> {
    const price = await provider.priceRow(row.priceId);
    if (!price) return;
    // A renewal the customer's credit pays in full asks the card for nothing: it cannot fail.
    const due = price.unitAmount + (await provider.books.balanceOf(row.customerId));
    const fail = row.failNextPayment && due > 0;
    const period = { start: row.currentPeriodEnd, end: addInterval(row.currentPeriodEnd, price.interval) };
    // The period moves on either way, as at Stripe: a failed renewal leaves an unpaid invoice for it.
    const claimed = await claim(row, {
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      failNextPayment: false,
      status: fail ? 'past_due' : 'active',
      nextRetryAt: fail ? new Date(clock.now().getTime() + DEMO_RETRY_HOURS * HOUR_MS) : null,
      retriesLeft: fail ? DEMO_RETRIES : 0,
    });
    if (!claimed) return;
    const invoiceId = await provider.books.record({
      subscriptionId: row.id,
      customerId: row.customerId,
      paid: !fail,
      reason: 'subscription_cycle',
      priceId: price.id,
      lines: [periodLine(price)],
      period,
    });
    await db
      .update(demoSubscriptions)
      .set({ latestInvoiceId: invoiceId })
      .where(eq(demoSubscriptions.id, row.id));
    await provider.emit(fail ? 'invoice.payment_failed' : 'invoice.paid', refs(row));
    await provider.emit('customer.subscription.updated', refs(row));
  }

  async function retry(row: Row): Promise<void> {
    const now = clock.now();
    if (!row.failNextPayment) {
      await provider.settlePastDue(row.id);
      return;
    }
    if (row.retriesLeft > 1) {
      const next = new Date(now.getTime() + DEMO_RETRY_HOURS * HOUR_MS);
      if (
        !(await claim(row, { failNextPayment: false, retriesLeft: row.retriesLeft - 1, nextRetryAt: next }))
      )
        return;
      await provider.emit('invoice.payment_failed', refs(row));
      return;
    }
    // The last retry failed too: the provider gives up and cancels, as Stripe's default setting does.
    if (!(await claim(row, { status: 'canceled', endedAt: now, failNextPayment: false, nextRetryAt: null })))
      return;
    if (row.latestInvoiceId)
      await db.update(demoInvoices).set({ status: 'void' }).where(eq(demoInvoices.id, row.latestInvoiceId));
    await provider.emit('customer.subscription.deleted', refs(row));
  }

  async function expireCheckouts(now: Date): Promise<void> {
    const expired = await db
      .update(demoCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(demoCheckoutSessions.status, 'open'), lte(demoCheckoutSessions.expiresAt, now)))
      .returning({ id: demoCheckoutSessions.id });
    for (const { id } of expired) await provider.emit('checkout.session.expired', { checkoutSessionId: id });
  }

  /** Settles everything due now; a period missed while the app was down is caught up one run at a time. */
  async function runDue(): Promise<void> {
    const now = clock.now();
    await expireCheckouts(now);
    const due = await db
      .select()
      .from(demoSubscriptions)
      .where(
        or(
          and(eq(demoSubscriptions.status, 'active'), lte(demoSubscriptions.currentPeriodEnd, now)),
          and(eq(demoSubscriptions.status, 'past_due'), lte(demoSubscriptions.nextRetryAt, now)),
        ),
      );
    for (const row of due) {
      if (row.status === 'past_due') await retry(row);
      else if (row.cancelAtPeriodEnd) await endAtPeriodEnd(row);
      else await renew(row);
    }
  }

  return { runDue };
}
