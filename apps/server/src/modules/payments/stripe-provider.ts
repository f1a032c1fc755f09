import { planTypeFromLookupKey, type Price } from '@goldroute/domain';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@goldroute/domain/api';
import Stripe from 'stripe';
import { toInvoice } from './stripe-invoices';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type CheckoutStatus,
  type PaymentProvider,
  type ProviderCheckout,
  type ProviderEvent,
  type ProviderSubscription,
} from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a loopback server of ours in tests. */
  apiUrl: string;
  timeoutMs: number;
  /** Retries of a failed call (the SDK adds an idempotency key, so a retried write happens once). */
  maxNetworkRetries?: number;
}

/** The webhook's signature did not verify: a 400 that changes nothing. */
export class WebhookSignatureError extends Error {
  constructor() {
    super('Invalid webhook signature');
    this.name = 'WebhookSignatureError';
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function toPrice(p: Stripe.Price): Price | null {
  const raw = p.recurring?.interval;
  const interval = raw === 'month' ? 'month' : raw === 'year' ? 'year' : null;
  if (!interval || p.unit_amount == null) return null;
  return {
    id: p.id,
    active: p.active,
    unit_amount: p.unit_amount,
    currency: p.currency,
    recurring: { interval },
    lookup_key: p.lookup_key,
  };
}

function toSubscription(s: Stripe.Subscription): ProviderSubscription {
  const item = s.items.data[0];
  if (!item) throw new ProviderUnavailableError(`Stripe subscription ${s.id} has no item`);
  return {
    id: s.id,
    customerId: idOf(s.customer) ?? '',
    // A status newer than our list counts as not running, like an incomplete one.
    status: (SUBSCRIPTION_STATUSES as readonly string[]).includes(s.status)
      ? (s.status as SubscriptionStatus)
      : 'incomplete',
    itemId: item.id,
    priceId: item.price.id,
    startDate: s.start_date,
    currentPeriodEnd: item.current_period_end,
    // Stripe reports a cancel at period end through cancel_at too; older objects only through the flag.
    cancelAt: s.cancel_at ?? (s.cancel_at_period_end ? item.current_period_end : null),
    canceledAt: s.canceled_at,
    endedAt: s.ended_at,
    latestInvoiceId: idOf(s.latest_invoice),
    userIdHint: s.metadata?.userId ?? null,
  };
}

function toCheckout(c: Stripe.Checkout.Session): ProviderCheckout {
  return {
    id: c.id,
    url: c.url ?? '',
    status: (c.status ?? 'open') as CheckoutStatus,
    customerId: idOf(c.customer),
    subscriptionId: idOf(c.subscription),
    clientReferenceId: c.client_reference_id,
    expiresAt: c.expires_at,
  };
}

/** Which subscription an invoice belongs to, in the current API shape and the one before 2025-03-31. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const parent = idOf(invoice.parent?.subscription_details?.subscription);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return parent ?? idOf(legacy);
}

/** Stripe's own errors become ours: its 4xx refusals stay refusals, everything else means "unavailable". */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeCardError ||
      err instanceof Stripe.errors.StripeInvalidRequestError
    )
      throw new ProviderRefusedError(`Stripe refused ${what}: ${err.message}`, { cause: err });
    throw new ProviderUnavailableError(`Stripe failed ${what}: ${String(err)}`, { cause: err });
  }
}

/** A 404 of Stripe's for the object asked for. */
const isMissing = (err: unknown) =>
  err instanceof ProviderRefusedError &&
  err.cause instanceof Stripe.errors.StripeInvalidRequestError &&
  err.cause.statusCode === 404;

async function orNull<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider & {
  /** Verifies the Stripe-Signature of a webhook on its raw bytes and reduces the event. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
} {
  const api = new URL(settings.apiUrl);
  const stripe = new Stripe(settings.secretKey, {
    host: api.hostname,
    port: api.port ? Number(api.port) : api.protocol === 'http:' ? 80 : 443,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    timeout: settings.timeoutMs,
    maxNetworkRetries: settings.maxNetworkRetries ?? 1,
    appInfo: { name: 'GoldRoute' },
  });

  return {
    kind: 'stripe',

    async listPrices() {
      const prices = await call('listing prices', () =>
        stripe.prices
          .list({ active: true, type: 'recurring', limit: 100 })
          .autoPagingToArray({ limit: 1000 }),
      );
      return prices
        .map(toPrice)
        .filter((p): p is Price => p !== null && planTypeFromLookupKey(p.lookup_key) !== 'Standard');
    },

    retrievePrice: (id) =>
      orNull(async () => toPrice(await call('reading a price', () => stripe.prices.retrieve(id)))),

    async createCustomer({ email, userId, idempotencyKey }) {
      const customer = await call('creating a customer', () =>
        stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey }),
      );
      return customer.id;
    },

    async createCheckout(input) {
      const session = await call('creating a checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: input.userId,
            line_items: [{ price: input.priceId, quantity: 1 }],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: input.expiresAt,
            metadata: { userId: input.userId },
            subscription_data: { metadata: { userId: input.userId } },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toCheckout(session);
    },

    retrieveCheckout: (id) =>
      orNull(async () =>
        toCheckout(await call('reading a checkout session', () => stripe.checkout.sessions.retrieve(id))),
      ),

    async expireCheckout(id) {
      try {
        await call('expiring a checkout session', () => stripe.checkout.sessions.expire(id));
      } catch (err) {
        // Already complete or expired: nothing left to close.
        if (!(err instanceof ProviderRefusedError)) throw err;
      }
    },

    retrieveSubscription: (id) =>
      orNull(async () =>
        toSubscription(await call('reading a subscription', () => stripe.subscriptions.retrieve(id))),
      ),

    // The difference is invoiced and charged at once (always_invoice), as the demo provider does, so the
    // change preview is what the user pays now.
    async changePrice(subscription, priceId, prorationDate) {
      const updated = await call('changing the plan', () =>
        stripe.subscriptions.update(subscription.id, {
          items: [{ id: subscription.itemId, price: priceId }],
          proration_behavior: 'always_invoice',
          ...(prorationDate === undefined ? {} : { proration_date: prorationDate }),
        }),
      );
      return toSubscription(updated);
    },

    async previewChange(subscription, priceId, prorationDate) {
      const preview = await call('previewing the plan change', () =>
        stripe.invoices.createPreview({
          customer: subscription.customerId,
          subscription: subscription.id,
          subscription_details: {
            items: [{ id: subscription.itemId, price: priceId }],
            proration_behavior: 'always_invoice',
            proration_date: prorationDate,
          },
        }),
      );
      const invoice = toInvoice(preview);
      return {
        total: invoice.total,
        startingBalance: invoice.startingBalance,
        currency: invoice.currency,
        lines: invoice.lines,
        periodEnd: invoice.periodEnd,
        prorationDate,
      };
    },

    async listInvoices(customerId) {
      const invoices = await call('listing invoices', () =>
        stripe.invoices.list({ customer: customerId, limit: 100 }).autoPagingToArray({ limit: 1000 }),
      );
      return invoices.map(toInvoice);
    },

    retrieveInvoice: (id) =>
      orNull(async () => toInvoice(await call('reading an invoice', () => stripe.invoices.retrieve(id)))),

    async createPortalSession({ customerId, returnUrl }) {
      const session = await call('opening the billing portal', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const updated = await call(cancel ? 'cancelling' : 'resuming', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
      return toSubscription(updated);
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      const base = { id: event.id, type: event.type, created: event.created };
      const none = {
        checkoutSessionId: null,
        subscriptionId: null,
        customerId: null,
        clientReferenceId: null,
      };
      const object = event.data.object as { object?: string };
      switch (object.object) {
        case 'checkout.session': {
          const c = object as Stripe.Checkout.Session;
          return {
            ...base,
            checkoutSessionId: c.id,
            subscriptionId: idOf(c.subscription),
            customerId: idOf(c.customer),
            clientReferenceId: c.client_reference_id,
          };
        }
        case 'subscription': {
          const s = object as Stripe.Subscription;
          return { ...base, ...none, subscriptionId: s.id, customerId: idOf(s.customer) };
        }
        case 'invoice': {
          const i = object as Stripe.Invoice;
          return { ...base, ...none, subscriptionId: invoiceSubscription(i), customerId: idOf(i.customer) };
        }
        default:
          return { ...base, ...none };
      }
    },
  };
}
