import type { Backend } from './billing';
import { createCustomer, createSession, expireSession } from './checkout';
import type { FormParams } from './form';
import { paginate } from './lists';
import { renderCustomer, renderInvoice, renderPrice, renderSession, renderSubscription } from './objects';
import { bool, oneOf, str, strings } from './params';
import { createPortalSession } from './portal';
import { createPreview } from './preview';
import { updateSubscription } from './subscriptions';
import type { EventOrigin } from './webhooks';

/** The v1 endpoints our app calls, and nothing else (anything else is Stripe's "Unrecognized request URL"). */

export interface RouteContext {
  backend: Backend;
  /** Query for GET, form body for POST. */
  params: FormParams;
  /** Path parameter (`:id`), when the route has one. */
  id: string;
  origin: EventOrigin;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle: (ctx: RouteContext) => object;
}

const ID = '([^/]+)';

const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;

const SUBSCRIPTION_STATUSES = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;

export const routes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/v1\/prices$/,
    handle: ({ backend, params }) => {
      const active = bool(params, 'active');
      const type = oneOf(params, 'type', ['recurring', 'one_time'] as const);
      const lookupKeys = strings(params, 'lookup_keys');
      const currency = str(params, 'currency');
      const product = str(params, 'product');
      const prices = [...backend.store.prices.values()]
        .reverse()
        .filter(
          (price) =>
            (active === undefined || price.active === active) &&
            (type === undefined || type === 'recurring') &&
            (lookupKeys.length === 0 ||
              (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
            (currency === undefined || price.currency === currency) &&
            (product === undefined || price.product === product),
        )
        .map(renderPrice);
      return paginate(prices, params, '/v1/prices');
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/prices/${ID}$`),
    handle: ({ backend, id }) => renderPrice(backend.store.price(id)),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/customers$/,
    handle: ({ backend, params }) => createCustomer(backend, params),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/customers/${ID}$`),
    handle: ({ backend, id }) => renderCustomer(backend.store.customer(id)),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/checkout\/sessions$/,
    handle: ({ backend, params }) => createSession(backend, params),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/checkout/sessions/${ID}$`),
    handle: ({ backend, id }) => renderSession(backend.store, backend.store.session(id), backend.baseUrl),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/checkout/sessions/${ID}/expire$`),
    handle: ({ backend, id, origin }) => expireSession(backend, id, origin),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions$/,
    handle: ({ backend, params }) => {
      const customer = str(params, 'customer');
      const price = str(params, 'price');
      const status = oneOf(params, 'status', SUBSCRIPTION_STATUSES);
      const ended = ['canceled', 'incomplete_expired'];
      const subscriptions = [...backend.store.subscriptions.values()]
        .reverse()
        .filter(
          (sub) =>
            (customer === undefined || sub.customer === customer) &&
            (price === undefined || sub.items.some((item) => item.priceId === price)) &&
            // Without a status filter Stripe lists every subscription that hasn't ended.
            (status === undefined
              ? !ended.includes(sub.status)
              : status === 'all' ||
                (status === 'ended' ? ended.includes(sub.status) : sub.status === status)),
        )
        .map((sub) => renderSubscription(backend.store, sub));
      return paginate(subscriptions, params, '/v1/subscriptions');
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/subscriptions/${ID}$`),
    handle: ({ backend, id }) => renderSubscription(backend.store, backend.store.subscription(id)),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/subscriptions/${ID}$`),
    handle: ({ backend, id, params, origin }) => updateSubscription(backend, id, params, origin),
  },
  {
    method: 'GET',
    pattern: /^\/v1\/invoices$/,
    handle: ({ backend, params }) => {
      const customer = str(params, 'customer');
      const subscription = str(params, 'subscription');
      const status = oneOf(params, 'status', INVOICE_STATUSES);
      const invoices = [...backend.store.invoices.values()]
        .reverse()
        .filter(
          (invoice) =>
            (customer === undefined || invoice.customer === customer) &&
            (subscription === undefined || invoice.subscription === subscription) &&
            (status === undefined || invoice.status === status),
        )
        .map((invoice) => renderInvoice(backend.store, invoice));
      return paginate(invoices, params, '/v1/invoices');
    },
  },
  {
    method: 'POST',
    pattern: /^\/v1\/invoices\/create_preview$/,
    handle: ({ backend, params }) => createPreview(backend, params),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/billing_portal\/sessions$/,
    handle: ({ backend, params }) => createPortalSession(backend, params),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/invoices/${ID}$`),
    handle: ({ backend, id }) => renderInvoice(backend.store, backend.store.invoice(id)),
  },
];

export function findRoute(method: string, path: string): { route: Route; id: string } | undefined {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (match) return { route, id: decodeURIComponent(match[1] ?? '') };
  }
  return undefined;
}
