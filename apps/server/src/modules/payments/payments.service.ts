import { CHECKOUT_SESSION_PARAM, CHECKOUT_SUCCESS_PARAM, TOASTS, type Price } from '@goldroute/domain';
import type { StripeSubscription } from '@goldroute/domain/api';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { paymentCheckouts, paymentCustomers, paymentEvents, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/http-error';
import { isLive, toWireSubscription } from '../users/access';
import type { PaymentProvider, ProviderEvent, ProviderSubscription } from './payment-provider';
import type { PriceList } from './price-list';
import { withProvider as withProviderCall } from './provider-call';
import { currentSubscriptionOf } from './subscription-rows';
import type { SubscriptionSync } from './subscription-sync';

export const PAYMENT_ERRORS = {
  unknownPrice: 'This plan is not available',
  alreadySubscribed: 'You already have a subscription: change your plan instead',
  noSubscription: 'You have no active subscription',
  samePrice: 'This is already your current plan',
  alreadyCancelling: 'Your subscription is already set to cancel',
  notCancelling: 'Your subscription is not set to cancel',
  pastDue: 'Your last payment failed: this can be done once the payment has gone through',
  checkoutNotFound: 'Checkout session not found',
  invoiceNotFound: 'Invoice not found',
  previewExpired: 'This price was worked out too long ago: look at the change again before confirming it',
  noBillingAccount: 'You have no billing account yet: subscribe to a plan first',
} as const;

/** How long the figure of a change preview can be confirmed at (its proration date sent back). */
export const PREVIEW_VALID_SECONDS = 60 * 60;

/** Checkout links live this long (Stripe's minimum is 30 minutes). */
const CHECKOUT_MINUTES = 31;
/** A checkout this close to expiring is not handed out again. */
const REUSE_MARGIN_MINUTES = 5;

/** Events we act on; anything else is acknowledged and ignored. */
const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * The money path of SPEC §7 for either provider. Every call first checks the caller's own state, then asks
 * the provider, then stores what the provider answered; when the provider fails, nothing of ours changes
 * and the caller gets the spec's text.
 */
export function createPaymentsService(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  sync: SubscriptionSync;
  prices: PriceList;
  publicUrl: string;
}) {
  const { db, clock, provider, sync, log, prices } = deps;
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  // Stripe needs absolute URLs; the demo checkout lives on our own origin, so a path does.
  const base = provider.kind === 'stripe' ? deps.publicUrl : '';

  const withProvider = <T>(failure: string, run: () => Promise<T>) => withProviderCall(log, failure, run);

  async function activePrice(priceId: string, failure: string): Promise<Price> {
    const price = await withProvider(failure, () => prices.findActive(priceId));
    if (!price) throw new HttpError(400, PAYMENT_ERRORS.unknownPrice);
    return price;
  }

  /** The caller's current provider subscription, as last read from the provider. */
  const current = (userId: string) => currentSubscriptionOf(db, userId, nowSeconds());

  async function customerOf(userId: string): Promise<string> {
    const find = async () =>
      (
        await db
          .select({ id: paymentCustomers.customerId })
          .from(paymentCustomers)
          .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.kind)))
      )[0]?.id;
    const known = await find();
    if (known) return known;
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(401, 'Authentication failed');
    // One key per user: a double click creates one customer at the provider, not two.
    const created = await provider.createCustomer({
      email: user.email,
      userId,
      idempotencyKey: `customer-${userId}`,
    });
    await sync.linkCustomer(userId, created);
    return (await find()) ?? created;
  }

  async function checkout(userId: string, priceId: string): Promise<{ paymentSessionUrl: string }> {
    await activePrice(priceId, TOASTS.checkoutFailed);
    const existing = await current(userId);
    if (existing && isLive(existing, nowSeconds()))
      throw new HttpError(409, PAYMENT_ERRORS.alreadySubscribed);
    return withProvider(TOASTS.checkoutFailed, async () => {
      const customerId = await customerOf(userId);
      const [open] = await db
        .select()
        .from(paymentCheckouts)
        .where(and(eq(paymentCheckouts.userId, userId), eq(paymentCheckouts.status, 'open')));
      const reusable =
        clock.now().getTime() + REUSE_MARGIN_MINUTES * 60_000 < (open?.expiresAt.getTime() ?? 0);
      if (open && open.priceId === priceId && reusable) return { paymentSessionUrl: open.url };
      if (open) {
        // Another plan was picked: the old link stops working, so at most one checkout can be paid.
        await provider.expireCheckout(open.id);
        await db.update(paymentCheckouts).set({ status: 'expired' }).where(eq(paymentCheckouts.id, open.id));
      }
      const [made] = await db
        .select({ n: count() })
        .from(paymentCheckouts)
        .where(eq(paymentCheckouts.userId, userId));
      // Whole minutes, so two clicks in the same minute send the same parameters under the same key (a key
      // reused with other parameters is an idempotency error at Stripe); still at least 30 minutes ahead.
      const expiresAt = Math.floor((nowSeconds() + CHECKOUT_MINUTES * 60) / 60) * 60;
      const session = await provider.createCheckout({
        customerId,
        userId,
        priceId,
        successUrl: `${base}/subscription?${CHECKOUT_SUCCESS_PARAM}=true&${CHECKOUT_SESSION_PARAM}={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${base}/subscription`,
        expiresAt,
        // Two clicks at once send the same key and get the same session back. Clicks either side of a minute
        // get two sessions; the open-checkout index keeps one and the other is expired below.
        idempotencyKey: `checkout-${userId}-${made?.n ?? 0}-${priceId}-${expiresAt}`,
      });
      const recorded = await db
        .insert(paymentCheckouts)
        .values({
          id: session.id,
          provider: provider.kind,
          userId,
          priceId,
          url: session.url,
          status: 'open',
          expiresAt: new Date(session.expiresAt * 1000),
        })
        .onConflictDoNothing()
        .returning();
      if (recorded.length > 0) return { paymentSessionUrl: session.url };
      // A simultaneous request recorded its session first: hand out that one and close ours.
      const [winner] = await db
        .select()
        .from(paymentCheckouts)
        .where(and(eq(paymentCheckouts.userId, userId), eq(paymentCheckouts.status, 'open')));
      if (winner?.id !== session.id) await provider.expireCheckout(session.id);
      return { paymentSessionUrl: winner?.url ?? session.url };
    });
  }

  const refusePastDue = (s: ProviderSubscription) => {
    if (s.status === 'past_due') throw new HttpError(409, PAYMENT_ERRORS.pastDue);
  };

  /** The caller's subscription that a plan change applies to, with the checks every change makes. */
  async function changeable(userId: string, newPriceId: string): Promise<ProviderSubscription> {
    const existing = await current(userId);
    if (!existing || !isLive(existing, nowSeconds())) throw new HttpError(409, PAYMENT_ERRORS.noSubscription);
    refusePastDue(existing);
    if (existing.priceId === newPriceId) throw new HttpError(400, PAYMENT_ERRORS.samePrice);
    return existing;
  }

  /** Runs a change at the provider on the caller's running subscription and stores the answer. */
  async function update(
    userId: string,
    failure: string,
    check: (s: ProviderSubscription) => void,
    change: (s: ProviderSubscription) => Promise<ProviderSubscription>,
  ): Promise<StripeSubscription> {
    const existing = await current(userId);
    if (!existing || !isLive(existing, nowSeconds())) throw new HttpError(409, PAYMENT_ERRORS.noSubscription);
    check(existing);
    const readAt = clock.now();
    const changed = await withProvider(failure, () => change(existing));
    await sync.store(changed, readAt, userId);
    return toWireSubscription(changed);
  }

  /**
   * `prorationDate`: the time of the preview the user confirmed, so the charge is the figure they saw. Only
   * a recent one is taken: an old date would prorate an upgrade over time already used.
   */
  async function changeSubscription(
    userId: string,
    newPriceId: string,
    prorationDate?: number,
  ): Promise<StripeSubscription> {
    if (
      prorationDate !== undefined &&
      (prorationDate > nowSeconds() + 60 || prorationDate < nowSeconds() - PREVIEW_VALID_SECONDS)
    )
      throw new HttpError(400, PAYMENT_ERRORS.previewExpired);
    await activePrice(newPriceId, TOASTS.changeFailed);
    return update(
      userId,
      TOASTS.changeFailed,
      (s) => {
        refusePastDue(s);
        if (s.priceId === newPriceId) throw new HttpError(400, PAYMENT_ERRORS.samePrice);
      },
      (s) => provider.changePrice(s, newPriceId, prorationDate),
    );
  }

  const cancelSubscription = (userId: string) =>
    update(
      userId,
      TOASTS.cancelFailed,
      (s) => {
        refusePastDue(s);
        if (s.cancelAt != null) throw new HttpError(409, PAYMENT_ERRORS.alreadyCancelling);
      },
      (s) => provider.setCancelAtPeriodEnd(s.id, true),
    );

  const resumeSubscription = (userId: string) =>
    update(
      userId,
      TOASTS.resumeFailed,
      (s) => {
        refusePastDue(s);
        if (s.cancelAt == null) throw new HttpError(409, PAYMENT_ERRORS.notCancelling);
      },
      (s) => provider.setCancelAtPeriodEnd(s.id, false),
    );

  /** A completed checkout: remember whose customer it was, and read its subscription. */
  async function completeCheckout(
    checkoutId: string,
    found: { customerId: string | null; subscriptionId: string | null; clientReferenceId: string | null },
  ) {
    const [ours] = await db.select().from(paymentCheckouts).where(eq(paymentCheckouts.id, checkoutId));
    await db.update(paymentCheckouts).set({ status: 'complete' }).where(eq(paymentCheckouts.id, checkoutId));
    const owner = ours?.userId ?? found.clientReferenceId;
    if (owner && found.customerId && ours) await sync.linkCustomer(owner, found.customerId);
    if (found.subscriptionId) await sync.sync(found.subscriptionId, owner);
  }

  /** The checkout return: the owner asks us to read their finished session now, not wait for the webhook. */
  async function syncCheckout(userId: string, sessionId: string) {
    const [ours] = await db
      .select()
      .from(paymentCheckouts)
      .where(and(eq(paymentCheckouts.id, sessionId), eq(paymentCheckouts.userId, userId)));
    if (!ours) throw new HttpError(404, PAYMENT_ERRORS.checkoutNotFound);
    const session = await withProvider(TOASTS.profileRefreshFailed, () =>
      provider.retrieveCheckout(sessionId),
    );
    if (!session) throw new HttpError(404, PAYMENT_ERRORS.checkoutNotFound);
    if (session.status === 'complete')
      await withProvider(TOASTS.profileRefreshFailed, () => completeCheckout(session.id, session));
    if (session.status === 'expired')
      await db.update(paymentCheckouts).set({ status: 'expired' }).where(eq(paymentCheckouts.id, session.id));
    return { status: session.status };
  }

  /**
   * A provider event, applied once by its id. We act on what the event points at, read fresh from the
   * provider, never on the state it carries: so a late or repeated event cannot undo a newer one. A failure
   * forgets the id again, so the provider's redelivery is applied.
   */
  async function handleEvent(event: ProviderEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    if (!HANDLED_EVENTS.has(event.type)) return 'ignored';
    const claimed = await db
      .insert(paymentEvents)
      .values({ id: event.id, provider: provider.kind, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return 'duplicate';
    try {
      if (event.type === 'checkout.session.expired' && event.checkoutSessionId) {
        await db
          .update(paymentCheckouts)
          .set({ status: 'expired' })
          .where(and(eq(paymentCheckouts.id, event.checkoutSessionId), eq(paymentCheckouts.status, 'open')));
      } else if (event.type === 'checkout.session.completed' && event.checkoutSessionId) {
        await completeCheckout(event.checkoutSessionId, event);
      } else if (event.subscriptionId) {
        await sync.sync(event.subscriptionId);
      }
      return 'applied';
    } catch (err) {
      await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
      throw err;
    }
  }

  /** Active prices, plus the caller's current one even when it is retired (SPEC §5 "Prices"). */
  async function visiblePrices(
    userId: string | null,
    /** The caller's plan from what is kept of them (the profile view, a few seconds): no query per call. */
    currentPriceOf: (userId: string) => Promise<string | undefined> = async (id) =>
      (await current(id))?.priceId,
  ): Promise<Price[]> {
    const active = await withProvider(TOASTS.pricesFailed, () => prices.active());
    const mine = userId ? await currentPriceOf(userId) : undefined;
    if (!mine || active.some((p) => p.id === mine)) return active;
    const retired = await withProvider(TOASTS.pricesFailed, () => prices.find(mine)).catch(() => null);
    return retired ? [...active, retired] : active;
  }

  return {
    activePrice,
    changeable,
    visiblePrices,
    checkout,
    changeSubscription,
    cancelSubscription,
    resumeSubscription,
    syncCheckout,
    handleEvent,
  };
}
