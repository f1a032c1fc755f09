import type Stripe from 'stripe';
import type { Backend } from './billing';
import { CHECKOUT_EVENTS, completeCheckout, expireLapsedSessions } from './checkout';
import { StripeHttp, type Fault, type RecordedRequest } from './http';
import { renderSession, renderSubscription } from './objects';
import { payOpenInvoices } from './portal';
import { Store } from './state';
import { cancelNow, renew } from './subscriptions';
import { Webhooks, type Delivery, type SignatureMode, type StripeEvent } from './webhooks';

/**
 * A loopback Stripe for tests: speaks Stripe's v1 wire protocol (API version 2026-10-28.endive) for the endpoints
 * our app calls, so the real `stripe` SDK can be pointed at it:
 *
 *   new Stripe(apiKey, { host: server.host, port: server.port, protocol: 'http', maxNetworkRetries: 0 })
 *
 * It also plays Stripe's side of the money flow (the customer paying at Checkout, renewals, failed payments,
 * period ends) and delivers signed webhooks to `webhookUrl`. The rest of this folder, one job per file: form
 * decoding (form, params), records (state), wire shapes (wire, objects, expand, lists), Stripe's side of billing
 * (billing, checkout, subscriptions), events (webhooks), routes, and the HTTP layer (http).
 */

export type { RecordedRequest, StripeEvent };
export { API_VERSION } from './webhooks';

export interface SeedPrice {
  id: string;
  lookup_key: string | null;
  unit_amount: number;
  currency: string;
  interval: 'month' | 'year';
  active?: boolean;
  /** Product id; by default `prod_` + the first word of the lookup key (prod_basic, prod_advanced). */
  product?: string;
}

export interface StripeServerOptions {
  /** Requests must carry `Authorization: Bearer <apiKey>`, else 401. */
  apiKey: string;
  /** whsec_... used to sign deliveries. */
  webhookSecret: string;
  /** Where events are POSTed; can be set later. */
  webhookUrl?: string;
  /** Unix seconds; tests move time with it. */
  now?: () => number;
  prices?: SeedPrice[];
}

export const DEFAULT_PRICES: readonly SeedPrice[] = [
  {
    id: 'price_basic_monthly',
    lookup_key: 'basic_monthly',
    unit_amount: 499,
    currency: 'usd',
    interval: 'month',
  },
  {
    id: 'price_basic_yearly',
    lookup_key: 'basic_yearly',
    unit_amount: 4990,
    currency: 'usd',
    interval: 'year',
  },
  {
    id: 'price_advanced_monthly',
    lookup_key: 'advanced_monthly',
    unit_amount: 799,
    currency: 'usd',
    interval: 'month',
  },
  {
    id: 'price_advanced_yearly',
    lookup_key: 'advanced_yearly',
    unit_amount: 7990,
    currency: 'usd',
    interval: 'year',
  },
];

export interface StripeServer {
  url: string;
  host: string;
  port: number;
  protocol: 'http';
  /** Every API request received, with query and body decoded from Stripe's bracket form encoding. */
  requests: RecordedRequest[];
  setWebhookUrl(url: string): void;
  /** Every event generated so far, in creation order. */
  events: StripeEvent[];
  /** Each webhook delivery attempt: our app's HTTP status (0 if unreachable) and response body. */
  deliveries: Delivery[];
  /** Automatic delivery (default on). Off: events are only recorded, and tests deliver them by hand. */
  setAutoDeliver(on: boolean): void;
  /** (Re)delivers a recorded event; `signature` 'bad' (wrong secret), 'missing', 'stale' (10 minutes old). */
  deliver(
    eventId: string,
    options?: { signature?: SignatureMode },
  ): Promise<{ status: number; body: string }>;
  /** Resolves once every automatic delivery queued so far has been attempted. */
  idle(): Promise<void>;
  /** The next `times` (default 1) matching requests fail with `status` (default 500), or answer after `delayMs`. */
  fault(f: Fault): void;
  clearFaults(): void;
  /** The customer pays at Checkout. Throws if the session is not open. */
  completeCheckout(
    sessionId: string,
    options?: { eventOrder?: string[] },
  ): Promise<{ redirectUrl: string; subscriptionId: string; customerId: string; invoiceId: string }>;
  /** The customer closes Checkout: nothing happens at Stripe; returns the cancel_url. */
  abandonCheckout(sessionId: string): string;
  /** End of the current period: renewal (paid, or failed → past_due), retry of a past_due invoice, or the end. */
  renew(subscriptionId: string, options?: { fail?: boolean }): Promise<void>;
  /** The customer pays their open invoices in the billing portal session; returns its return_url. */
  payInPortal(portalSessionId: string): Promise<string | null>;
  /** Ends a subscription now (reason defaults to payment_failed when past_due, else cancellation_requested). */
  cancelNow(subscriptionId: string, reason?: 'payment_failed' | 'cancellation_requested'): Promise<void>;
  subscription(id: string): Stripe.Subscription | undefined;
  checkoutSession(id: string): Stripe.Checkout.Session | undefined;
  setPriceActive(priceId: string, active: boolean): void;
  close(): Promise<void>;
}

export async function startStripeServer(options: StripeServerOptions): Promise<StripeServer> {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const store = new Store();
  seedPrices(store, options.prices ?? DEFAULT_PRICES, now());
  const webhooks = new Webhooks(options.webhookSecret, now);
  webhooks.url = options.webhookUrl;
  const backend: Backend = { store, webhooks, now, baseUrl: '' };
  const http = new StripeHttp(options.apiKey, backend);
  const port = await http.listen();
  const host = '127.0.0.1';
  backend.baseUrl = `http://${host}:${port}`;

  /** Runs one of Stripe's own actions as if time had reached now(), then queues the events it produced. */
  const act = <T>(action: () => T): Promise<T> => {
    try {
      expireLapsedSessions(backend);
      return Promise.resolve(action());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      webhooks.enqueue(webhooks.takePending());
    }
  };

  return {
    url: backend.baseUrl,
    host,
    port,
    protocol: 'http',
    requests: http.requests,
    events: webhooks.events,
    deliveries: webhooks.deliveries,
    setWebhookUrl: (url) => {
      webhooks.url = url;
    },
    setAutoDeliver: (on) => {
      webhooks.autoDeliver = on;
    },
    deliver: (eventId, deliverOptions) => webhooks.deliver(eventId, deliverOptions?.signature),
    idle: () => webhooks.idle(),
    fault: (f: Fault) => http.addFault(f),
    clearFaults: () => http.clearFaults(),
    completeCheckout: (sessionId, checkoutOptions) =>
      act(() => completeCheckout(backend, sessionId, checkoutOptions?.eventOrder ?? CHECKOUT_EVENTS)),
    abandonCheckout: (sessionId) => {
      const session = store.session(sessionId);
      if (session.cancel_url === null)
        throw new Error(`stripe-server: session ${sessionId} has no cancel_url`);
      return session.cancel_url;
    },
    renew: (subscriptionId, renewOptions) =>
      act(() => renew(backend, subscriptionId, renewOptions?.fail ?? false)),
    payInPortal: (portalSessionId) => act(() => payOpenInvoices(backend, portalSessionId)),
    cancelNow: (subscriptionId, reason) => act(() => cancelNow(backend, subscriptionId, reason)),
    // The wire objects carry the fields our app uses (checked against the SDK's types in objects.ts), not all.
    subscription: (id) => {
      const sub = store.subscriptions.get(id);
      return sub && (renderSubscription(store, sub) as unknown as Stripe.Subscription);
    },
    checkoutSession: (id) => {
      const session = store.sessions.get(id);
      return (
        session && (renderSession(store, session, backend.baseUrl) as unknown as Stripe.Checkout.Session)
      );
    },
    setPriceActive: (priceId, active) => {
      store.price(priceId).active = active;
    },
    close: () => http.close(),
  };
}

function seedPrices(store: Store, prices: readonly SeedPrice[], created: number): void {
  for (const seed of prices) {
    const product =
      seed.product ?? `prod_${(seed.lookup_key ?? seed.id.replace(/^price_/, '')).split('_')[0]}`;
    if (!store.products.has(product)) {
      const word = product.replace(/^prod_/, '').replace(/_/g, ' ');
      store.products.set(product, {
        id: product,
        name: word.charAt(0).toUpperCase() + word.slice(1),
        created,
      });
    }
    store.prices.set(seed.id, {
      id: seed.id,
      lookup_key: seed.lookup_key,
      unit_amount: seed.unit_amount,
      currency: seed.currency,
      interval: seed.interval,
      active: seed.active ?? true,
      product,
      created,
    });
  }
}
