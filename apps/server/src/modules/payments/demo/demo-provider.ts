import { randomBytes } from 'node:crypto';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { DemoPriceConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { demoCheckoutSessions, demoPrices, demoSubscriptions } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import {
  ProviderRefusedError,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderEvent,
  type ProviderSubscription,
} from '../payment-provider';
import { addInterval } from './demo-calendar';
import { checkoutOf, toPrice, toProviderSubscription, type DemoCheckoutView } from './demo-objects';
import { changeLines, createDemoInvoiceBooks, periodLine, totalOf } from './demo-invoices';
import { createDemoPortal } from './demo-portal';

// The built-in payment provider of the embedded default. It keeps its own books (demo_* tables) and tells
// us what happened through events, exactly as Stripe would, so the payments service cannot tell the two
// apart. Nobody is charged: its checkout page says so.

export const demoId = (prefix: string) => `${prefix}_demo_${randomBytes(12).toString('base64url')}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

type SubscriptionRow = typeof demoSubscriptions.$inferSelect;
type PriceRow = typeof demoPrices.$inferSelect;
type EventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'customer.subscription.created'
  | 'customer.subscription.updated'
  | 'customer.subscription.deleted'
  | 'invoice.paid'
  | 'invoice.payment_failed';

export type DemoProvider = ReturnType<typeof createDemoProvider>;

export type { DemoCheckoutView };

export function createDemoProvider(deps: {
  db: Db;
  clock: Clock;
  prices: DemoPriceConfig[];
  currency: string;
}) {
  const { db, clock } = deps;
  let listener: (event: ProviderEvent) => Promise<void> = async () => undefined;
  const books = createDemoInvoiceBooks({ db, clock, currency: deps.currency, newId: () => demoId('in') });

  /** Prices are immutable, as at Stripe: a new amount is a new price, and the old one is retired. */
  const priceId = (p: DemoPriceConfig) => `price_demo_${p.lookupKey}_${p.unitAmount}${deps.currency}`;

  async function syncPrices(): Promise<void> {
    const ids = deps.prices.map(priceId);
    await db
      .insert(demoPrices)
      .values(
        deps.prices.map((p) => ({
          id: priceId(p),
          lookupKey: p.lookupKey,
          unitAmount: p.unitAmount,
          currency: deps.currency,
          interval: p.interval,
          active: true,
        })),
      )
      .onConflictDoUpdate({ target: demoPrices.id, set: { active: true } });
    await db.update(demoPrices).set({ active: false }).where(notInArray(demoPrices.id, ids));
  }

  async function priceRow(id: string): Promise<PriceRow | undefined> {
    return (await db.select().from(demoPrices).where(eq(demoPrices.id, id)))[0];
  }

  async function subscriptionRow(id: string): Promise<SubscriptionRow | undefined> {
    return (await db.select().from(demoSubscriptions).where(eq(demoSubscriptions.id, id)))[0];
  }

  async function emit(
    type: EventType,
    refs: {
      subscriptionId?: string;
      customerId?: string;
      checkoutSessionId?: string;
      clientReferenceId?: string;
    },
  ): Promise<void> {
    await listener({
      id: demoId('evt'),
      type,
      created: seconds(clock.now()),
      checkoutSessionId: refs.checkoutSessionId ?? null,
      subscriptionId: refs.subscriptionId ?? null,
      customerId: refs.customerId ?? null,
      clientReferenceId: refs.clientReferenceId ?? null,
    });
  }

  async function updated(id: string, type: EventType = 'customer.subscription.updated') {
    const row = await subscriptionRow(id);
    if (!row) throw new ProviderRefusedError(`No such subscription: '${id}'`);
    await emit(type, { subscriptionId: row.id, customerId: row.customerId });
    return toProviderSubscription(row);
  }

  /** The subscription row and both prices of a change, refused as Stripe refuses it. */
  async function changeOf(subscription: ProviderSubscription, newPriceId: string) {
    const row = await subscriptionRow(subscription.id);
    const [from, to] = await Promise.all([priceRow(row?.priceId ?? ''), priceRow(newPriceId)]);
    if (!row || row.status === 'canceled') throw new ProviderRefusedError('This subscription has ended');
    if (!from || !to?.active) throw new ProviderRefusedError(`No such active price: '${newPriceId}'`);
    return { row, from, to };
  }

  const portal = createDemoPortal({
    db,
    clock,
    newId: () => demoId('bps'),
    settle: (subscriptionId) => provider.settlePastDue(subscriptionId),
    openInvoices: async (customerId) => (await books.list(customerId)).filter((i) => i.status === 'open'),
  });

  const provider = {
    kind: 'demo' as const,

    /** Where the provider reports what happened (the payments service's event handler). */
    onEvent(handler: (event: ProviderEvent) => Promise<void>) {
      listener = handler;
    },

    syncPrices,

    async listPrices() {
      const rows = await db.select().from(demoPrices).where(eq(demoPrices.active, true));
      return rows.map(toPrice);
    },

    async retrievePrice(id: string) {
      const row = await priceRow(id);
      return row ? toPrice(row) : null;
    },

    // One customer per user: asking twice gives the same one, like an idempotent Stripe call.
    async createCustomer({ userId }: { userId: string }) {
      return `cus_demo_${userId.replaceAll('-', '')}`;
    },

    async createCheckout(input: Parameters<PaymentProvider['createCheckout']>[0]): Promise<ProviderCheckout> {
      const price = await priceRow(input.priceId);
      if (!price?.active) throw new ProviderRefusedError(`No such active price: '${input.priceId}'`);
      await db
        .insert(demoCheckoutSessions)
        .values({
          id: demoId('cs'),
          idempotencyKey: input.idempotencyKey,
          customerId: input.customerId,
          clientReferenceId: input.userId,
          priceId: input.priceId,
          status: 'open',
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          expiresAt: new Date(input.expiresAt * 1000),
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: demoCheckoutSessions.idempotencyKey });
      const [row] = await db
        .select()
        .from(demoCheckoutSessions)
        .where(eq(demoCheckoutSessions.idempotencyKey, input.idempotencyKey));
      if (!row) throw new ProviderRefusedError('Checkout session could not be created');
      return checkoutOf(row);
    },

    async retrieveCheckout(id: string) {
      const [row] = await db.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, id));
      return row ? checkoutOf(row) : null;
    },

    async expireCheckout(id: string) {
      const closed = await db
        .update(demoCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.status, 'open')))
        .returning();
      if (closed[0]) await emit('checkout.session.expired', { checkoutSessionId: id });
    },

    async retrieveSubscription(id: string) {
      const row = await subscriptionRow(id);
      return row ? toProviderSubscription(row) : null;
    },

    /**
     * Same interval: the price changes now and the difference for the rest of the period is charged
     * (a credit when it is cheaper). Other interval: a new period starts now, with the unused part of the
     * old one credited, as Stripe does when the billing interval changes. Invoiced and paid at once.
     */
    async changePrice(subscription: ProviderSubscription, newPriceId: string, prorationDate?: number) {
      const { row, from, to } = await changeOf(subscription, newPriceId);
      const now = clock.now();
      const at = prorationDate === undefined ? now : new Date(prorationDate * 1000);
      const period = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
      const sameInterval = from.interval === to.interval;
      const next = sameInterval ? period : { start: now, end: addInterval(now, to.interval) };
      const invoiceId = await books.record({
        subscriptionId: row.id,
        customerId: row.customerId,
        paid: true,
        reason: 'subscription_update',
        priceId: to.id,
        lines: changeLines(from, to, period, at),
        period: { start: now, end: next.end },
      });
      await db
        .update(demoSubscriptions)
        .set({
          priceId: newPriceId,
          currentPeriodStart: next.start,
          currentPeriodEnd: next.end,
          latestInvoiceId: invoiceId,
          updatedAt: now,
        })
        .where(eq(demoSubscriptions.id, row.id));
      await emit('invoice.paid', { subscriptionId: row.id, customerId: row.customerId });
      return updated(row.id);
    },

    async previewChange(subscription: ProviderSubscription, newPriceId: string, prorationDate: number) {
      const { row, from, to } = await changeOf(subscription, newPriceId);
      const period = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
      const lines = changeLines(from, to, period, new Date(prorationDate * 1000));
      const periodEnd =
        from.interval === to.interval ? row.currentPeriodEnd : addInterval(clock.now(), to.interval);
      return {
        total: totalOf(lines),
        startingBalance: await books.balanceOf(row.customerId),
        currency: to.currency,
        lines,
        periodEnd: seconds(periodEnd),
        prorationDate,
      };
    },

    listInvoices: books.list,
    retrieveInvoice: books.retrieve,
    createPortalSession: portal.createSession,

    /**
     * A failed payment paid after all (a retry, or the customer in the portal): the subscription is active
     * again and its open invoice paid, with Stripe's events. False when it was no longer past due.
     */
    async settlePastDue(subscriptionId: string): Promise<boolean> {
      const [row] = await db
        .update(demoSubscriptions)
        .set({ status: 'active', nextRetryAt: null, retriesLeft: 0, updatedAt: clock.now() })
        .where(and(eq(demoSubscriptions.id, subscriptionId), eq(demoSubscriptions.status, 'past_due')))
        .returning();
      if (!row) return false;
      if (row.latestInvoiceId) await books.markPaid(row.latestInvoiceId);
      await emit('invoice.paid', { subscriptionId: row.id, customerId: row.customerId });
      await emit('customer.subscription.updated', { subscriptionId: row.id, customerId: row.customerId });
      return true;
    },

    async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
      const now = clock.now();
      const changed = await db
        .update(demoSubscriptions)
        .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? now : null, updatedAt: now })
        .where(and(eq(demoSubscriptions.id, subscriptionId), inArray(demoSubscriptions.status, ['active'])))
        .returning();
      if (!changed[0])
        throw new ProviderRefusedError('Only an active subscription can be cancelled or resumed');
      return updated(subscriptionId);
    },

    /** The checkout page's view of a session; null when unknown. */
    async describeCheckout(id: string): Promise<DemoCheckoutView | null> {
      const [row] = await db.select().from(demoCheckoutSessions).where(eq(demoCheckoutSessions.id, id));
      const price = row && (await priceRow(row.priceId));
      if (!row || !price) return null;
      const expired = row.status === 'open' && row.expiresAt <= clock.now();
      return {
        id: row.id,
        status: expired ? 'expired' : row.status,
        price: toPrice(price),
        cancelUrl: row.cancelUrl,
      };
    },

    /**
     * Pay on the checkout page: the session completes once (a second Pay finds it complete), the
     * subscription starts for one interval with a paid first invoice, and the events go out in Stripe's
     * order. Returns where the browser goes next.
     */
    async pay(id: string): Promise<string | null> {
      const now = clock.now();
      const subscriptionId = demoId('sub');
      const [session] = await db
        .update(demoCheckoutSessions)
        .set({ status: 'complete', subscriptionId })
        .where(and(eq(demoCheckoutSessions.id, id), eq(demoCheckoutSessions.status, 'open')))
        .returning();
      if (!session) return null;
      if (session.expiresAt <= now) {
        await db
          .update(demoCheckoutSessions)
          .set({ status: 'expired', subscriptionId: null })
          .where(eq(demoCheckoutSessions.id, id));
        return null;
      }
      const price = await priceRow(session.priceId);
      if (!price) throw new ProviderRefusedError(`No such price: '${session.priceId}'`);
      const period = { start: now, end: addInterval(now, price.interval) };
      const sub = { id: subscriptionId, customerId: session.customerId };
      const invoiceId = await books.record({
        subscriptionId: sub.id,
        customerId: sub.customerId,
        paid: true,
        reason: 'subscription_create',
        priceId: price.id,
        lines: [periodLine(price)],
        period,
      });
      await db.insert(demoSubscriptions).values({
        ...sub,
        status: 'active',
        priceId: price.id,
        itemId: demoId('si'),
        startDate: now,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        latestInvoiceId: invoiceId,
        updatedAt: now,
      });
      const refs = { subscriptionId, customerId: session.customerId };
      await emit('checkout.session.completed', {
        ...refs,
        checkoutSessionId: id,
        clientReferenceId: session.clientReferenceId,
      });
      await emit('customer.subscription.created', refs);
      await emit('invoice.paid', refs);
      return session.successUrl.replace('{CHECKOUT_SESSION_ID}', id);
    },

    /** The test switch: the next payment of this subscription (renewal or retry) fails. */
    async failNextPayment(subscriptionId: string): Promise<boolean> {
      const rows = await db
        .update(demoSubscriptions)
        .set({ failNextPayment: true, updatedAt: clock.now() })
        .where(eq(demoSubscriptions.id, subscriptionId))
        .returning({ id: demoSubscriptions.id });
      return rows.length > 0;
    },

    emit,
    books,
    portal,
    subscriptionRow,
    priceRow,
  };
  return provider satisfies PaymentProvider;
}
