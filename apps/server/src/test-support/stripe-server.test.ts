import { createServer } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_VERSION, startStripeServer, type StripeServer } from './stripe-server';

/**
 * Wire compatibility of the Stripe stand-in, proven with the real SDK: every API call below goes through `stripe`,
 * and every webhook is received over HTTP and verified with `stripe.webhooks.constructEvent`.
 */

const API_KEY = 'sk_test_stripe_server_suite_4242';
const WEBHOOK_SECRET = 'whsec_stripe_server_suite';
const noon = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, 12) / 1000;
const DAY = 24 * 3600;
// Jan 31: the monthly period clamps to Feb 28 (2026 is no leap year), and the next one goes back to Mar 31.
const START = noon(2026, 1, 31);

let clock = START;
let server: StripeServer;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

/** Stands in for our app's webhook endpoint: keeps the raw body, verifies it exactly as the app must. */
async function startReceiver() {
  const receipts: { raw: string; event: Stripe.Event | null; error: string | null }[] = [];
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const event = stripe.webhooks.constructEvent(
          raw,
          req.headers['stripe-signature'] ?? '',
          WEBHOOK_SECRET,
        );
        receipts.push({ raw, event, error: null });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        receipts.push({ raw, event: null, error: message });
        res.writeHead(400, { 'content-type': 'text/plain' }).end(message);
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/webhooks/stripe`,
    receipts,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

function client(apiKey = API_KEY, timeout = 5000) {
  return new Stripe(apiKey, {
    host: server.host,
    port: server.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    timeout,
  });
}

/** The error a call fails with (the test fails if it succeeds). */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function openSession(price = 'price_basic_monthly', extra: Stripe.Checkout.SessionCreateParams = {}) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price, quantity: 1 }],
    customer_email: 'buyer@example.com',
    client_reference_id: 'user-7',
    success_url: 'https://app.test/billing/success?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.test/billing',
    subscription_data: { metadata: { userId: '7' } },
    metadata: { userId: '7' },
    ...extra,
  });
}

/** A paid subscription started at `clock`, with its deliveries done. */
async function subscribe(price = 'price_basic_monthly') {
  const session = await openSession(price);
  const paid = await server.completeCheckout(session.id);
  await server.idle();
  const subscription = await stripe.subscriptions.retrieve(paid.subscriptionId);
  return { ...paid, session, subscription, itemId: subscription.items.data[0]!.id };
}

function eventsSince(mark: number) {
  return server.events.slice(mark);
}

/**
 * Events since `mark` about one subscription: itself, or its invoices. Moving the clock also expires sessions other
 * tests left open, and those events are not what a subscription test is about.
 */
function eventsAbout(mark: number, subscriptionId: string) {
  return eventsSince(mark).filter((event) => {
    const object = event.data.object as {
      id: string;
      parent?: { subscription_details?: { subscription?: string } };
    };
    return (
      object.id === subscriptionId || object.parent?.subscription_details?.subscription === subscriptionId
    );
  });
}

beforeAll(async () => {
  server = await startStripeServer({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, now: () => clock });
  stripe = client();
  receiver = await startReceiver();
  server.setWebhookUrl(receiver.url);
});

afterAll(async () => {
  await server.close();
  await receiver.close();
});

beforeEach(() => {
  clock = START;
  server.clearFaults();
  server.setAutoDeliver(true);
});

describe('wire basics', () => {
  it("speaks the SDK's pinned API version and answers with request ids", async () => {
    expect(Stripe.API_VERSION).toBe(API_VERSION);
    const price = await stripe.prices.retrieve('price_basic_monthly');
    expect(price.lastResponse.requestId).toMatch(/^req_\w{14}$/);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/prices/price_basic_monthly',
      stripeVersion: API_VERSION,
    });
  });

  it('rejects a wrong API key with StripeAuthenticationError', async () => {
    const error = await failure(client('sk_test_not_our_key_wxyz').prices.retrieve('price_basic_monthly'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+wxyz$/);
  });

  it('answers an unknown object with 404 resource_missing and an unknown URL with 404', async () => {
    const missing = await failure(stripe.subscriptions.retrieve('sub_x'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      message: "No such subscription: 'sub_x'",
    });
    const unknown = await failure(stripe.coupons.list());
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/coupons\)/);
  });
});

describe('prices', () => {
  it('lists by lookup key with products expanded', async () => {
    const prices = await stripe.prices.list({
      active: true,
      type: 'recurring',
      lookup_keys: ['basic_monthly', 'advanced_yearly'],
      expand: ['data.product'],
    });
    expect(prices.object).toBe('list');
    expect(prices.url).toBe('/v1/prices');
    expect(prices.has_more).toBe(false);
    const byKey = Object.fromEntries(prices.data.map((p) => [p.lookup_key, p]));
    expect(Object.keys(byKey).sort()).toEqual(['advanced_yearly', 'basic_monthly']);
    expect(byKey.basic_monthly).toMatchObject({
      id: 'price_basic_monthly',
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 499,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      product: { id: 'prod_basic', object: 'product', name: 'Basic' },
    });
    expect(byKey.advanced_yearly).toMatchObject({ unit_amount: 7990, recurring: { interval: 'year' } });
    expect(server.requests.at(-1)?.query).toMatchObject({
      lookup_keys: ['basic_monthly', 'advanced_yearly'],
      expand: ['data.product'],
    });
  });

  it('paginates for the SDK (limit 2 → two pages, auto-pagination sees all four)', async () => {
    const first = await stripe.prices.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = await stripe.prices.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(second.has_more).toBe(false);
    expect(second.data.map((p) => p.id)).not.toContain(first.data[0]!.id);

    const mark = server.requests.length;
    const all = await stripe.prices.list({ limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(new Set(all.map((p) => p.id))).toEqual(
      new Set([
        'price_basic_monthly',
        'price_basic_yearly',
        'price_advanced_monthly',
        'price_advanced_yearly',
      ]),
    );
    const pages = server.requests.slice(mark);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.query).toMatchObject({ limit: '2', starting_after: all[1]!.id });
  });

  it('filters out inactive prices and reports unknown ones', async () => {
    server.setPriceActive('price_basic_yearly', false);
    try {
      const active = await stripe.prices.list({ active: true });
      expect(active.data.map((p) => p.id)).not.toContain('price_basic_yearly');
      expect((await stripe.prices.retrieve('price_basic_yearly')).active).toBe(false);
    } finally {
      server.setPriceActive('price_basic_yearly', true);
    }
    const error = await failure(stripe.prices.retrieve('price_nope'));
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
    });
  });
});

describe('customers', () => {
  it('creates and retrieves a customer, metadata decoded from bracket form', async () => {
    const created = await stripe.customers.create({ email: 'a@example.com', metadata: { userId: '42' } });
    expect(created).toMatchObject({ object: 'customer', email: 'a@example.com', metadata: { userId: '42' } });
    expect(created.id).toMatch(/^cus_\w{14}$/);
    expect(server.requests.at(-1)?.body).toEqual({ email: 'a@example.com', metadata: { userId: '42' } });
    const fetched = await stripe.customers.retrieve(created.id);
    expect(fetched).toMatchObject({ id: created.id, email: 'a@example.com', created: START });
  });
});

describe('checkout sessions', () => {
  it('creates an open subscription-mode session', async () => {
    const session = await openSession('price_basic_monthly', { expires_at: START + 3600 });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      mode: 'subscription',
      url: `${server.url}/c/pay/${session.id}`,
      client_reference_id: 'user-7',
      customer: null,
      customer_email: 'buyer@example.com',
      subscription: null,
      metadata: { userId: '7' },
      expires_at: START + 3600,
      success_url: 'https://app.test/billing/success?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.test/billing',
      created: START,
      livemode: false,
    });
    expect(server.requests.at(-1)?.body).toMatchObject({
      line_items: [{ price: 'price_basic_monthly', quantity: '1' }],
      subscription_data: { metadata: { userId: '7' } },
    });
    expect(server.abandonCheckout(session.id)).toBe('https://app.test/billing');
    expect(server.checkoutSession(session.id)?.status).toBe('open');
  });

  it('rejects unknown and inactive prices, other modes, missing success_url and bad expiry', async () => {
    const unknown = await failure(openSession('price_nope'));
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(unknown).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
      message: "No such price: 'price_nope'",
    });

    server.setPriceActive('price_advanced_monthly', false);
    try {
      const inactive = await failure(openSession('price_advanced_monthly'));
      expect(inactive).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
      expect(inactive.param).toBe('line_items[0][price]');
    } finally {
      server.setPriceActive('price_advanced_monthly', true);
    }

    expect(await failure(openSession('price_basic_monthly', { mode: 'payment' }))).toMatchObject({
      statusCode: 400,
      param: 'mode',
    });
    const noSuccess = await failure(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_basic_monthly', quantity: 1 }],
      }),
    );
    expect(noSuccess).toMatchObject({ statusCode: 400, param: 'success_url' });
    for (const expiresAt of [START + 60, START + 2 * DAY]) {
      expect(await failure(openSession('price_basic_monthly', { expires_at: expiresAt }))).toMatchObject({
        statusCode: 400,
        param: 'expires_at',
      });
    }
  });

  it('expires an open session once (API), emitting checkout.session.expired', async () => {
    const session = await openSession();
    const mark = server.events.length;
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect(eventsSince(mark).map((e) => e.type)).toEqual(['checkout.session.expired']);
    expect(eventsSince(mark)[0]!.request).toMatchObject({ id: expired.lastResponse.requestId });
    const again = await failure(stripe.checkout.sessions.expire(session.id));
    expect(again).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    await expect(server.completeCheckout(session.id)).rejects.toThrow(/expired/);
  });

  it('expires a session by itself when its expires_at passes', async () => {
    const session = await openSession('price_basic_monthly', { expires_at: START + 1800 });
    const mark = server.events.length;
    clock = START + 1800;
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    expect(eventsSince(mark)).toMatchObject([{ type: 'checkout.session.expired', request: { id: null } }]);
  });
});

describe('completeCheckout', () => {
  it('creates customer, subscription and paid invoice, and delivers three verified webhooks in order', async () => {
    const session = await openSession();
    // Deliveries of earlier tests may still be on their way: wait for them before counting.
    await server.idle();
    const mark = receiver.receipts.length;
    const paid = await server.completeCheckout(session.id);
    expect(paid.redirectUrl).toBe(`https://app.test/billing/success?session=${session.id}`);
    await server.idle();

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      customer: paid.customerId,
      url: null,
      invoice: paid.invoiceId,
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub).toMatchObject({
      id: paid.subscriptionId,
      object: 'subscription',
      status: 'active',
      customer: paid.customerId,
      start_date: START,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      latest_invoice: paid.invoiceId,
      metadata: { userId: '7' },
    });
    expect(sub).not.toHaveProperty('current_period_end');
    expect(sub.items).toMatchObject({ object: 'list', has_more: false });
    expect(sub.items.data).toHaveLength(1);
    expect(sub.items.data[0]).toMatchObject({
      object: 'subscription_item',
      quantity: 1,
      subscription: paid.subscriptionId,
      price: { id: 'price_basic_monthly', object: 'price', unit_amount: 499 },
      current_period_start: START,
      current_period_end: noon(2026, 2, 28),
    });
    expect((await stripe.customers.retrieve(paid.customerId)) as Stripe.Customer).toMatchObject({
      email: 'buyer@example.com',
    });

    const withInvoice = await stripe.subscriptions.retrieve(paid.subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(withInvoice.latest_invoice).toMatchObject({
      id: paid.invoiceId,
      object: 'invoice',
      status: 'paid',
      amount_due: 499,
      amount_paid: 499,
      currency: 'usd',
      billing_reason: 'subscription_create',
      customer: paid.customerId,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: paid.subscriptionId, metadata: { userId: '7' } },
      },
      lines: {
        object: 'list',
        data: [
          {
            amount: 499,
            period: { start: START, end: noon(2026, 2, 28) },
            pricing: { price_details: { price: 'price_basic_monthly', product: 'prod_basic' } },
          },
        ],
      },
    });

    const received = receiver.receipts.slice(mark);
    expect(received.map((r) => r.error)).toEqual([null, null, null]);
    expect(received.map((r) => r.event?.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    for (const receipt of received) {
      expect(receipt.event).toMatchObject({ object: 'event', api_version: API_VERSION, created: START });
      expect(receipt.event?.id).toMatch(/^evt_/);
    }
    expect(received.map((r) => (r.event?.data.object as { id: string }).id)).toEqual([
      session.id,
      paid.subscriptionId,
      paid.invoiceId,
    ]);
    expect(received[0]!.event?.data.object).toMatchObject({
      status: 'complete',
      subscription: paid.subscriptionId,
    });
    expect(server.deliveries.slice(-3).map((d) => d.status)).toEqual([200, 200, 200]);

    await expect(server.completeCheckout(session.id)).rejects.toThrow(/complete/);
  });

  it('runs yearly prices for a calendar year, and honours a given event order', async () => {
    const session = await openSession('price_basic_yearly');
    const mark = server.events.length;
    const paid = await server.completeCheckout(session.id, {
      eventOrder: ['invoice.paid', 'checkout.session.completed', 'customer.subscription.created'],
    });
    expect(eventsSince(mark).map((e) => e.type)).toEqual([
      'invoice.paid',
      'checkout.session.completed',
      'customer.subscription.created',
    ]);
    const sub = await stripe.subscriptions.retrieve(paid.subscriptionId);
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: START,
      current_period_end: noon(2027, 1, 31),
    });
  });

  it('lists a customer’s subscriptions by status', async () => {
    const customer = await stripe.customers.create({ email: 'list@example.com' });
    const ids: string[] = [];
    for (const price of ['price_basic_monthly', 'price_advanced_monthly', 'price_basic_yearly']) {
      const session = await openSession(price, { customer: customer.id, customer_email: undefined });
      ids.push((await server.completeCheckout(session.id)).subscriptionId);
    }
    await server.cancelNow(ids[0]!);
    const current = await stripe.subscriptions.list({ customer: customer.id });
    expect(current.data.map((s) => s.id)).toEqual([ids[2], ids[1]]);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 2 });
    expect(all.has_more).toBe(true);
    const everything = await stripe.subscriptions
      .list({ customer: customer.id, status: 'all', limit: 2 })
      .autoPagingToArray({ limit: 10 });
    expect(everything.map((s) => s.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'canceled' })).data,
    ).toMatchObject([
      { id: ids[0], status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } },
    ]);
  });
});

describe('subscription updates', () => {
  it('changes price within the interval keeping the period, and to another interval resetting it', async () => {
    const { subscriptionId, itemId, invoiceId } = await subscribe();
    clock = START + 10 * DAY;
    let mark = server.events.length;
    const same = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_advanced_monthly' }],
      proration_behavior: 'none',
    });
    expect(same.items.data[0]).toMatchObject({
      id: itemId,
      price: { id: 'price_advanced_monthly' },
      current_period_start: START,
      current_period_end: noon(2026, 2, 28),
    });
    expect(same.latest_invoice).toBe(invoiceId);
    const [updated] = eventsAbout(mark, subscriptionId);
    expect(eventsAbout(mark, subscriptionId).map((e) => e.type)).toEqual(['customer.subscription.updated']);
    expect(updated!.data.previous_attributes).toMatchObject({
      items: { data: [{ price: { id: 'price_basic_monthly' } }] },
    });
    expect(updated!.request).toMatchObject({ id: same.lastResponse.requestId });

    mark = server.events.length;
    const yearly = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_advanced_yearly' }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(yearly.billing_cycle_anchor).toBe(clock);
    expect(yearly.items.data[0]).toMatchObject({
      current_period_start: clock,
      current_period_end: noon(2027, 2, 10),
    });
    expect(eventsAbout(mark, subscriptionId).map((e) => e.type)).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
    ]);
    const invoice = await stripe.invoices.retrieve(yearly.latest_invoice as string);
    // Unused time on the monthly price is credited against the new year.
    const unused = Math.round((799 * (noon(2026, 2, 28) - clock)) / (noon(2026, 2, 28) - START));
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_update',
      amount_due: 7990 - unused,
      amount_paid: 7990 - unused,
    });
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([-unused, 7990]);
  });

  it('carries create_prorations to the next renewal invoice', async () => {
    const { subscriptionId, itemId } = await subscribe();
    clock = START + 14 * DAY;
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_advanced_monthly' }],
      proration_behavior: 'create_prorations',
    });
    clock = noon(2026, 2, 28);
    await server.renew(subscriptionId);
    const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const fraction = (noon(2026, 2, 28) - (START + 14 * DAY)) / (noon(2026, 2, 28) - START);
    expect(invoice.lines.data.map((line) => line.amount)).toEqual([
      -Math.round(499 * fraction),
      Math.round(799 * fraction),
      799,
    ]);
    expect(invoice.lines.data.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([
      true,
      true,
      false,
    ]);
    expect(invoice.total).toBe(799 + Math.round(799 * fraction) - Math.round(499 * fraction));
  });

  it('schedules and unschedules cancellation at period end', async () => {
    const { subscriptionId } = await subscribe();
    clock = START + 3 * DAY;
    let mark = server.events.length;
    const scheduled = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: noon(2026, 2, 28),
      canceled_at: clock,
      status: 'active',
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(eventsAbout(mark, subscriptionId)[0]!.data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });

    mark = server.events.length;
    const resumed = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
    expect(eventsAbout(mark, subscriptionId)[0]!.data.previous_attributes).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: noon(2026, 2, 28),
    });
  });

  it('rejects unknown items, inactive prices, and changes to a canceled subscription', async () => {
    const { subscriptionId, itemId } = await subscribe();
    const mark = server.events.length;
    expect(
      await failure(
        stripe.subscriptions.update(subscriptionId, {
          items: [{ id: 'si_nope', price: 'price_basic_yearly' }],
        }),
      ),
    ).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][id]' });
    server.setPriceActive('price_basic_yearly', false);
    try {
      expect(
        await failure(
          stripe.subscriptions.update(subscriptionId, {
            items: [{ id: itemId, price: 'price_basic_yearly' }],
          }),
        ),
      ).toMatchObject({ statusCode: 400, param: 'items[0][price]' });
    } finally {
      server.setPriceActive('price_basic_yearly', true);
    }
    expect(server.events.length).toBe(mark);

    await server.cancelNow(subscriptionId);
    const canceled = await failure(
      stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    );
    expect(canceled).toMatchObject({
      statusCode: 400,
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
    const tagged = await stripe.subscriptions.update(subscriptionId, { metadata: { note: 'gone' } });
    expect(tagged.metadata).toEqual({ userId: '7', note: 'gone' });
  });
});

describe('renewals and endings', () => {
  it('renews on the anchor day (Feb 28 → Mar 31), fails into past_due, and recovers on retry', async () => {
    const { subscriptionId, invoiceId } = await subscribe();
    clock = noon(2026, 2, 28);
    let mark = server.events.length;
    await server.renew(subscriptionId);
    let sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(sub.status).toBe('active');
    expect(sub.items.data[0]).toMatchObject({
      current_period_start: noon(2026, 2, 28),
      current_period_end: noon(2026, 3, 31),
    });
    const renewal = sub.latest_invoice as Stripe.Invoice;
    expect(renewal).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle', amount_paid: 499 });
    expect(renewal.id).not.toBe(invoiceId);
    expect(eventsAbout(mark, subscriptionId).map((e) => e.type)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect(eventsAbout(mark, subscriptionId)[1]!.data.previous_attributes).toMatchObject({
      latest_invoice: invoiceId,
      items: { data: [{ current_period_start: START, current_period_end: noon(2026, 2, 28) }] },
    });

    clock = noon(2026, 3, 31);
    mark = server.events.length;
    await server.renew(subscriptionId, { fail: true });
    sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(sub.status).toBe('past_due');
    expect(sub.items.data[0]).toMatchObject({ current_period_end: noon(2026, 4, 30) });
    const open = sub.latest_invoice as Stripe.Invoice;
    expect(open).toMatchObject({ status: 'open', amount_due: 499, amount_paid: 0, amount_remaining: 499 });
    expect(open.attempt_count).toBe(1);
    expect(eventsAbout(mark, subscriptionId).map((e) => e.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect(eventsAbout(mark, subscriptionId)[1]!.data.previous_attributes).toMatchObject({
      status: 'active',
    });

    clock = noon(2026, 4, 3);
    mark = server.events.length;
    await server.renew(subscriptionId);
    sub = await stripe.subscriptions.retrieve(subscriptionId);
    expect(sub.status).toBe('active');
    expect(sub.latest_invoice).toBe(open.id);
    expect(sub.items.data[0]).toMatchObject({ current_period_end: noon(2026, 4, 30) });
    expect(await stripe.invoices.retrieve(open.id)).toMatchObject({ status: 'paid', attempt_count: 2 });
    expect(eventsAbout(mark, subscriptionId).map((e) => e.type)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
  });

  it('ends at period end when cancellation was scheduled', async () => {
    const { subscriptionId } = await subscribe();
    clock = START + DAY;
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    clock = noon(2026, 2, 28);
    const mark = server.events.length;
    await server.renew(subscriptionId);
    const sub = await stripe.subscriptions.retrieve(subscriptionId);
    expect(sub).toMatchObject({
      status: 'canceled',
      ended_at: noon(2026, 2, 28),
      canceled_at: START + DAY,
      cancellation_details: { reason: 'cancellation_requested' },
    });
    expect(eventsAbout(mark, subscriptionId).map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    await expect(server.renew(subscriptionId)).rejects.toThrow(/canceled/);
  });

  it('cancels now after failed payments, with reason payment_failed', async () => {
    const { subscriptionId } = await subscribe();
    clock = noon(2026, 2, 28);
    await server.renew(subscriptionId, { fail: true });
    clock = noon(2026, 3, 10);
    const mark = server.events.length;
    await server.cancelNow(subscriptionId);
    expect(server.subscription(subscriptionId)).toMatchObject({
      status: 'canceled',
      canceled_at: clock,
      ended_at: clock,
      cancellation_details: { reason: 'payment_failed' },
    });
    expect(eventsAbout(mark, subscriptionId)).toMatchObject([
      { type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, status: 'canceled' } } },
    ]);
  });
});

describe('idempotency', () => {
  it('replays a repeated request without side effects', async () => {
    const session = await openSession();
    const mark = server.events.length;
    const first = await stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey: 'expire-once' });
    const second = await stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey: 'expire-once' });
    expect(second.id).toBe(first.id);
    expect(second.status).toBe('expired');
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(eventsSince(mark).map((e) => e.type)).toEqual(['checkout.session.expired']);

    const a = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'cust-1' });
    const b = await stripe.customers.create({ email: 'same@example.com' }, { idempotencyKey: 'cust-1' });
    expect(b.id).toBe(a.id);
  });

  it('refuses a key reused with other parameters (StripeIdempotencyError)', async () => {
    await stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: 'cust-2' });
    const error = await failure(
      stripe.customers.create({ email: 'two@example.com' }, { idempotencyKey: 'cust-2' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
    expect(error.message).toMatch(/^Keys for idempotent requests can only be used with the same parameters/);
  });
});

describe('faults', () => {
  it('answers 5xx (StripeAPIError) for the given number of requests, then normally', async () => {
    server.fault({ method: 'GET', path: '/v1/prices/price_basic_monthly', status: 500, times: 2 });
    for (let i = 0; i < 2; i++) {
      const error = await failure(stripe.prices.retrieve('price_basic_monthly'));
      expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(error).toMatchObject({ statusCode: 500, message: "Something went wrong on Stripe's end." });
    }
    expect((await stripe.prices.retrieve('price_basic_monthly')).id).toBe('price_basic_monthly');
  });

  it('can answer with a given Stripe error body', async () => {
    server.fault({
      path: /^\/v1\/customers$/,
      status: 402,
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Declined.',
      },
    });
    const error = await failure(stripe.customers.create({ email: 'x@example.com' }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
  });

  it('hangs past the client timeout (StripeConnectionError); the request still took effect', async () => {
    server.fault({ method: 'POST', path: '/v1/customers', delayMs: 1000 });
    const impatient = client(API_KEY, 200);
    const error = await failure(
      impatient.customers.create({ email: 'slow@example.com' }, { idempotencyKey: 'slow-1' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    // Retrying with the same key gets the original result, as with a response lost on the way back.
    const retried = await stripe.customers.create(
      { email: 'slow@example.com' },
      { idempotencyKey: 'slow-1' },
    );
    expect(retried.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(retried.email).toBe('slow@example.com');
  });
});

describe('webhook delivery', () => {
  it('signs deliveries so only the right secret and a fresh timestamp verify', async () => {
    await subscribe();
    const event = server.events.at(-1)!;
    const original = receiver.receipts.find((r) => r.event?.id === event.id)!;
    expect(original.error).toBeNull();

    const bad = await server.deliver(event.id, { signature: 'bad' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/No signatures found matching the expected signature/);
    const missing = await server.deliver(event.id, { signature: 'missing' });
    expect(missing.status).toBe(400);
    const stale = await server.deliver(event.id, { signature: 'stale' });
    expect(stale.status).toBe(400);
    expect(stale.body).toMatch(/Timestamp outside the tolerance zone/);

    const again = await server.deliver(event.id);
    expect(again).toEqual({ status: 200, body: '{"received":true}' });
    // Redeliveries carry the very bytes first sent.
    expect(receiver.receipts.at(-1)!.raw).toBe(original.raw);
    expect(server.deliveries.slice(-4).map((d) => [d.eventId, d.status])).toEqual([
      [event.id, 400],
      [event.id, 400],
      [event.id, 400],
      [event.id, 200],
    ]);
  });

  it('records without delivering when auto-delivery is off, for hand delivery in any order', async () => {
    server.setAutoDeliver(false);
    const session = await openSession();
    const deliveriesBefore = server.deliveries.length;
    const eventsBefore = server.events.length;
    await server.completeCheckout(session.id);
    await server.idle();
    expect(server.deliveries.length).toBe(deliveriesBefore);
    const recorded = eventsSince(eventsBefore);
    expect(recorded).toHaveLength(3);

    // Deliveries of earlier tests may still be on their way: wait for them before counting.
    await server.idle();
    const mark = receiver.receipts.length;
    for (const event of [...recorded].reverse()) expect((await server.deliver(event.id)).status).toBe(200);
    expect(receiver.receipts.slice(mark).map((r) => r.event?.type)).toEqual([
      'invoice.paid',
      'customer.subscription.created',
      'checkout.session.completed',
    ]);
  });

  it('records status 0 when our endpoint is unreachable', async () => {
    server.setWebhookUrl('http://127.0.0.1:9/unreachable');
    try {
      const session = await openSession();
      await stripe.checkout.sessions.expire(session.id);
      await server.idle();
      expect(server.deliveries.at(-1)).toMatchObject({ eventId: server.events.at(-1)!.id, status: 0 });
    } finally {
      server.setWebhookUrl(receiver.url);
    }
  });
});
