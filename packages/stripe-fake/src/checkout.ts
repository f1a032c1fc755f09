import { createInvoice, periodLine, resetPeriod, type Backend } from './billing';
import { invalidRequest, missingParam } from './errors';
import type { FormParams } from './form';
import { newId } from './ids';
import { renderCustomer, renderInvoice, renderSession, renderSubscription } from './objects';
import { int, mergeMetadata, obj, objs, str } from './params';
import type { CustomerRecord, SessionRecord, SubscriptionRecord } from './state';
import { AUTOMATIC, type EventOrigin, type EventType } from './webhooks';
import type { WireSession } from './wire';

/** Customers and Checkout: creating a session, and the customer's side of it (paying, or letting it expire). */

export function createCustomer(backend: Backend, params: FormParams) {
  const customer: CustomerRecord = {
    id: newId('cus_'),
    email: str(params, 'email') ?? null,
    name: str(params, 'name') ?? null,
    metadata: mergeMetadata({}, params),
    created: backend.now(),
    balance: 0,
  };
  backend.store.customers.set(customer.id, customer);
  return renderCustomer(customer);
}

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 3600;

/** POST /v1/checkout/sessions, for the subset our app uses: one recurring price, subscription mode. */
export function createSession(backend: Backend, params: FormParams): WireSession {
  const { store } = backend;
  const now = backend.now();
  const mode = str(params, 'mode');
  if (mode === undefined) throw missingParam('mode');
  if (mode !== 'subscription') {
    throw invalidRequest(`stripe-server only supports mode=subscription (got '${mode}').`, 'mode');
  }
  const successUrl = str(params, 'success_url');
  if (!successUrl) throw missingParam('success_url');

  const lineItems = objs(params, 'line_items');
  const [lineItem] = lineItems;
  if (!lineItem) throw missingParam('line_items');
  if (lineItems.length > 1) throw invalidRequest('stripe-server supports a single line item.', 'line_items');
  const priceId = str(lineItem, 'price', 'line_items[0][price]');
  if (!priceId) throw missingParam('line_items[0][price]');
  const price = store.price(priceId, 'line_items[0][price]', 400);
  if (!price.active) {
    throw invalidRequest(
      'The price specified is inactive. This field only accepts active prices.',
      'line_items[0][price]',
    );
  }
  const quantity = int(lineItem, 'quantity', 'line_items[0][quantity]');
  if (quantity === undefined) {
    throw invalidRequest(
      'Quantity is required. Add `quantity` to `line_items[0]`',
      'line_items[0][quantity]',
    );
  }
  if (quantity < 1) throw invalidRequest('Quantity must be at least 1.', 'line_items[0][quantity]');

  const customer = str(params, 'customer');
  const customerEmail = str(params, 'customer_email');
  if (customer && customerEmail) {
    throw invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer',
    );
  }
  if (customer) store.customer(customer, 'customer', 400);

  const expiresAt = int(params, 'expires_at') ?? now + MAX_EXPIRY_SECONDS;
  if (expiresAt < now + MIN_EXPIRY_SECONDS || expiresAt > now + MAX_EXPIRY_SECONDS) {
    throw invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes and at most 24 hours after Checkout Session creation.',
      'expires_at',
    );
  }
  const subscriptionData = obj(params, 'subscription_data');

  const session: SessionRecord = {
    id: newId('cs_test_', 58),
    created: now,
    status: 'open',
    payment_status: 'unpaid',
    priceId: price.id,
    quantity,
    customer: customer ?? null,
    customer_email: customerEmail ?? null,
    client_reference_id: str(params, 'client_reference_id') ?? null,
    success_url: successUrl,
    cancel_url: str(params, 'cancel_url') ?? null,
    metadata: mergeMetadata({}, params),
    subscriptionMetadata: subscriptionData ? mergeMetadata({}, subscriptionData) : {},
    expires_at: expiresAt,
    subscription: null,
    invoice: null,
  };
  store.sessions.set(session.id, session);
  return renderSession(store, session, backend.baseUrl);
}

/** POST /v1/checkout/sessions/:id/expire, and the lapse of `expires_at`: only an open session can expire. */
export function expireSession(backend: Backend, id: string, origin: EventOrigin): WireSession {
  const session = backend.store.session(id);
  if (session.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
    );
  }
  session.status = 'expired';
  const object = renderSession(backend.store, session, backend.baseUrl);
  backend.webhooks.emit('checkout.session.expired', object, origin);
  return object;
}

/** Stripe expires sessions when their time is up; here that is noticed whenever the server is touched. */
export function expireLapsedSessions(backend: Backend): void {
  const now = backend.now();
  for (const session of backend.store.sessions.values()) {
    if (session.status === 'open' && session.expires_at <= now) expireSession(backend, session.id, AUTOMATIC);
  }
}

export const CHECKOUT_EVENTS: readonly EventType[] = [
  'checkout.session.completed',
  'customer.subscription.created',
  'invoice.paid',
];

/**
 * The customer pays: Stripe creates the customer (if the session only had an email), an active subscription with
 * the session's price for one period from now, and a paid first invoice, then completes the session.
 */
export function completeCheckout(
  backend: Backend,
  id: string,
  eventOrder: readonly string[] = CHECKOUT_EVENTS,
) {
  const { store } = backend;
  const session = store.session(id);
  if (session.status !== 'open')
    throw new Error(`stripe-server: Checkout Session ${id} is ${session.status}`);
  const order = [...eventOrder].sort().join();
  if (eventOrder.length !== CHECKOUT_EVENTS.length || order !== [...CHECKOUT_EVENTS].sort().join()) {
    throw new Error(`stripe-server: eventOrder must order exactly ${CHECKOUT_EVENTS.join(', ')}`);
  }
  const now = backend.now();

  const customerId =
    session.customer ??
    createCustomer(backend, session.customer_email ? { email: session.customer_email } : {}).id;
  const sub: SubscriptionRecord = {
    id: newId('sub_'),
    customer: customerId,
    created: now,
    start_date: now,
    status: 'active',
    items: [
      {
        id: newId('si_'),
        priceId: session.priceId,
        quantity: session.quantity,
        created: now,
        current_period_start: now,
        current_period_end: now,
      },
    ],
    anchor: now,
    cycle: 0,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    cancellation: { comment: null, feedback: null, feedback_option: null, reason: null },
    latest_invoice: null,
    metadata: { ...session.subscriptionMetadata },
    pendingLines: [],
  };
  resetPeriod(store, sub, now);
  store.subscriptions.set(sub.id, sub);
  const invoice = createInvoice(
    backend,
    sub,
    'subscription_create',
    sub.items.map((item) => periodLine(store, item)),
    { paid: true },
  );
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customerId,
    subscription: sub.id,
    invoice: invoice.id,
  } satisfies Partial<SessionRecord>);

  const objects: Record<string, object> = {
    'checkout.session.completed': renderSession(store, session, backend.baseUrl),
    'customer.subscription.created': renderSubscription(store, sub),
    'invoice.paid': renderInvoice(store, invoice),
  };
  for (const type of eventOrder) backend.webhooks.emit(type as EventType, objects[type] ?? {}, AUTOMATIC);

  return {
    redirectUrl: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
    subscriptionId: sub.id,
    customerId,
    invoiceId: invoice.id,
  };
}
