import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { eventsSince, failure, openSession, subscribe } from './sdk-calls';
import { API_KEY, client, receiver, server, stripe, useStripeFake } from './sdk-harness';

/** Idempotent requests, injected faults and signed webhook delivery, through the real SDK. */

useStripeFake();

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
