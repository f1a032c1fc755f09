import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { paymentCustomers, paymentNotifications, paymentSubscriptions, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Mailer, MailMessage } from '../mail/mailer';
import { cancellationConfirmedMail, paymentFailedMail, subscriptionStartedMail } from '../mail/templates';
import type { PaymentProvider, ProviderSubscription } from './payment-provider';

const date = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const at = (unixSeconds: number | null) => (unixSeconds == null ? null : new Date(unixSeconds * 1000));

export interface SubscriptionSyncDeps {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  log: FastifyBaseLogger;
  mailer: Mailer;
  publicUrl: string;
  /** "Basic" / "Advanced" for a price id, for the mails. */
  planName(priceId: string): Promise<string>;
  /** Told after a user's subscription changed: their cached access checks are stale, in every process. */
  onChange(userId: string): Promise<void>;
}

export type SubscriptionSync = ReturnType<typeof createSubscriptionSync>;

/**
 * Keeps payment_subscriptions equal to the provider. Every change (a webhook, the demo provider's events,
 * our own calls) ends here: read the subscription from the provider, store it unless a read that started
 * later is already stored, then send the mails its state calls for, once each.
 */
export function createSubscriptionSync(deps: SubscriptionSyncDeps) {
  const { db, provider, clock, log } = deps;

  /** Links a provider customer to our user once; the link never moves to another user. */
  async function linkCustomer(userId: string, customerId: string): Promise<void> {
    await db
      .insert(paymentCustomers)
      .values({ userId, provider: provider.kind, customerId })
      .onConflictDoNothing();
  }

  /** Whose subscription this is: the customer's user, else the user our checkout named (if they exist). */
  async function ownerOf(subscription: ProviderSubscription, hint: string | null): Promise<string | null> {
    const known = async () =>
      (
        await db
          .select({ userId: paymentCustomers.userId })
          .from(paymentCustomers)
          .where(eq(paymentCustomers.customerId, subscription.customerId))
      )[0]?.userId ?? null;
    const owner = await known();
    if (owner) return owner;
    const candidate = subscription.userIdHint ?? hint;
    if (!candidate || !/^[0-9a-f-]{36}$/i.test(candidate)) return null;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, candidate));
    if (!user) return null;
    await linkCustomer(user.id, subscription.customerId);
    return known();
  }

  /** Each mail has a key saying what it is about; the first to claim the key sends it. */
  async function once(key: string, userId: string, mail: () => Promise<MailMessage>): Promise<void> {
    const claimed = await db
      .insert(paymentNotifications)
      .values({ key, userId })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return;
    try {
      await deps.mailer.send(await mail());
    } catch (err) {
      // Unclaimed again, so the next read of this subscription tries once more.
      await db.delete(paymentNotifications).where(eq(paymentNotifications.key, key));
      log.error({ err, key }, 'subscription mail not sent');
    }
  }

  async function notify(userId: string, s: ProviderSubscription): Promise<void> {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    const plan = () => deps.planName(s.priceId);
    const page = `${deps.publicUrl}/subscription`;
    if (s.status === 'active' || s.status === 'trialing')
      await once(`started:${s.id}`, userId, async () =>
        subscriptionStartedMail(user.email, await plan(), date(s.currentPeriodEnd), page),
      );
    if (s.status === 'past_due')
      await once(`payment-failed:${s.id}:${s.latestInvoiceId ?? s.currentPeriodEnd}`, userId, async () =>
        paymentFailedMail(user.email, await plan(), page),
      );
    if (s.cancelAt != null && (s.status === 'active' || s.status === 'trialing'))
      await once(`cancel:${s.id}:${s.canceledAt ?? s.cancelAt}`, userId, async () =>
        cancellationConfirmedMail(user.email, await plan(), date(s.cancelAt ?? s.currentPeriodEnd), page),
      );
  }

  /**
   * Stores a subscription read from the provider at `readAt` (when the read started). Returns the owner,
   * or null when the subscription belongs to nobody we know (logged, and acknowledged: never retried).
   */
  async function store(subscription: ProviderSubscription, readAt: Date, hint: string | null = null) {
    const userId = await ownerOf(subscription, hint);
    if (!userId) {
      log.warn(
        { subscription: subscription.id, customer: subscription.customerId },
        'payment provider subscription of an unknown customer: ignored',
      );
      return null;
    }
    const values = {
      id: subscription.id,
      provider: provider.kind,
      userId,
      customerId: subscription.customerId,
      status: subscription.status,
      priceId: subscription.priceId,
      itemId: subscription.itemId,
      startDate: new Date(subscription.startDate * 1000),
      currentPeriodEnd: new Date(subscription.currentPeriodEnd * 1000),
      cancelAt: at(subscription.cancelAt),
      canceledAt: at(subscription.canceledAt),
      endedAt: at(subscription.endedAt),
      latestInvoiceId: subscription.latestInvoiceId,
      syncedAt: readAt,
    };
    const { id: _id, userId: _owner, ...changes } = values;
    const written = await db
      .insert(paymentSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: paymentSubscriptions.id,
        set: changes,
        // A read that started earlier than the stored one is older news: it never wins.
        setWhere: and(
          lte(paymentSubscriptions.syncedAt, readAt),
          eq(paymentSubscriptions.userId, sql`excluded.user_id`),
        ),
      })
      .returning({ id: paymentSubscriptions.id });
    if (written.length > 0) await notify(userId, subscription);
    await deps.onChange(userId);
    return userId;
  }

  /** Reads the subscription from the provider now and stores it; null when the provider has no such one. */
  async function sync(subscriptionId: string, hint: string | null = null) {
    const readAt = clock.now();
    const subscription = await provider.retrieveSubscription(subscriptionId);
    if (!subscription) {
      log.warn({ subscription: subscriptionId }, 'payment provider does not know this subscription');
      return null;
    }
    return store(subscription, readAt, hint);
  }

  return { sync, store, linkCustomer };
}
