import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '.';
import { eventsAbout, eventsSince, failure, openSession, subscribe } from './sdk-calls';
import { clock, DAY, noon, receiver, server, setClock, START, stripe, useStripeFake } from './sdk-harness';

/** Stripe's side of the money flow through the real SDK: paid checkouts, subscription changes, renewals, endings. */

useStripeFake();

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
    setClock(START + 10 * DAY);
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
    setClock(START + 14 * DAY);
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_advanced_monthly' }],
      proration_behavior: 'create_prorations',
    });
    setClock(noon(2026, 2, 28));
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
    setClock(START + 3 * DAY);
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
    setClock(noon(2026, 2, 28));
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

    setClock(noon(2026, 3, 31));
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

    setClock(noon(2026, 4, 3));
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
    setClock(START + DAY);
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    setClock(noon(2026, 2, 28));
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
    setClock(noon(2026, 2, 28));
    await server.renew(subscriptionId, { fail: true });
    setClock(noon(2026, 3, 10));
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
