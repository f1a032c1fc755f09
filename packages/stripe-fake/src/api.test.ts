import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '.';
import { eventsSince, failure, openSession } from './sdk-calls';
import { client, DAY, server, setClock, START, stripe, useStripeFake } from './sdk-harness';

/** The fake's wire basics and its catalogue calls (prices, customers, checkout sessions), through the real SDK. */

useStripeFake();

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
    setClock(START + 1800);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    expect(eventsSince(mark)).toMatchObject([{ type: 'checkout.session.expired', request: { id: null } }]);
  });
});
