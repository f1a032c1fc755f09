import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { eventsAbout, failure, subscribe } from './sdk-calls';
import { DAY, noon, server, setClock, START, stripe, useStripeFake } from './sdk-harness';

/** Invoice lists, previews of a plan change and billing portal sessions, through the real SDK. */

useStripeFake();

// START is Jan 31: the first monthly period ends on Feb 28.
const PERIOD_END = noon(2026, 2, 28);
const unusedAt = (at: number) => (PERIOD_END - at) / (PERIOD_END - START);

describe('GET /v1/invoices', () => {
  it("lists one customer's invoices, newest first, and pages through them", async () => {
    const { subscriptionId, customerId, itemId } = await subscribe();
    const other = await subscribe('price_advanced_monthly');
    setClock(START + 10 * DAY);
    await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_advanced_monthly' }],
      proration_behavior: 'always_invoice',
    });
    setClock(PERIOD_END + 60);
    await server.renew(subscriptionId);

    const invoices = await stripe.invoices.list({ customer: customerId });
    expect(invoices.url).toBe('/v1/invoices');
    expect(invoices.data.map((i) => i.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_update',
      'subscription_create',
    ]);
    expect(invoices.data.every((i) => i.customer === customerId)).toBe(true);
    expect(invoices.data.map((i) => i.id)).not.toContain(other.invoiceId);
    const paged = await stripe.invoices
      .list({ customer: customerId, limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(paged.map((i) => i.id)).toEqual(invoices.data.map((i) => i.id));
    expect((await stripe.invoices.list({ customer: customerId, status: 'open' })).data).toEqual([]);
    const bad = await failure(stripe.invoices.list({ customer: customerId, status: 'late' as 'open' }));
    expect(bad).toMatchObject({ statusCode: 400, param: 'status' });
  });
});

describe('POST /v1/invoices/create_preview', () => {
  it('previews an upgrade invoiced at once: the same lines and total the update then charges', async () => {
    const { subscriptionId, customerId, itemId } = await subscribe();
    setClock(START + 10 * DAY);
    const prorationDate = START + 10 * DAY - 3600;
    const preview = await stripe.invoices.createPreview({
      customer: customerId,
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: itemId, price: 'price_advanced_monthly' }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
      },
    });
    const f = unusedAt(prorationDate);
    const expected = Math.round(799 * f) - Math.round(499 * f);
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect(preview).toMatchObject({ status: 'draft', total: expected, amount_due: expected, amount_paid: 0 });
    expect(preview.parent?.subscription_details?.subscription_proration_date).toBe(prorationDate);
    expect(preview.lines.data.map((l) => [l.amount, l.description])).toEqual([
      [-Math.round(499 * f), 'Unused time on 1 × Basic after 10 Feb 2026'],
      [Math.round(799 * f), 'Remaining time on 1 × Advanced after 10 Feb 2026'],
    ]);
    // A preview changes nothing and is not listed.
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.price.id).toBe(
      'price_basic_monthly',
    );
    expect((await stripe.invoices.list({ customer: customerId })).data).toHaveLength(1);

    const updated = await stripe.subscriptions.update(subscriptionId, {
      items: [{ id: itemId, price: 'price_advanced_monthly' }],
      proration_behavior: 'always_invoice',
      proration_date: prorationDate,
    });
    const charged = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(charged).toMatchObject({ status: 'paid', total: expected, amount_paid: expected });
  });

  it('previews a change of interval: the unused time credited against a whole new period', async () => {
    const { subscriptionId, itemId } = await subscribe();
    setClock(START + 10 * DAY);
    const preview = await stripe.invoices.createPreview({
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: itemId, price: 'price_basic_yearly' }],
        proration_behavior: 'always_invoice',
      },
    });
    const credit = Math.round(499 * unusedAt(START + 10 * DAY));
    expect(preview.total).toBe(4990 - credit);
    expect(preview.lines.data.map((l) => l.period)).toEqual([
      { start: START + 10 * DAY, end: PERIOD_END },
      { start: START + 10 * DAY, end: noon(2027, 2, 10) },
    ]);
  });

  it('without always_invoice previews the next renewal, prorations included', async () => {
    const { subscriptionId, itemId } = await subscribe();
    setClock(START + 10 * DAY);
    const preview = await stripe.invoices.createPreview({
      subscription: subscriptionId,
      subscription_details: { items: [{ id: itemId, price: 'price_advanced_monthly' }] },
    });
    const f = unusedAt(START + 10 * DAY);
    expect(preview).toMatchObject({ billing_reason: 'subscription_cycle', next_payment_attempt: PERIOD_END });
    expect(preview.lines.data.map((l) => l.amount)).toEqual([-Math.round(499 * f), Math.round(799 * f), 799]);
  });

  it("refuses an unknown subscription, another customer's, and an inactive price", async () => {
    const { subscriptionId, itemId } = await subscribe();
    const other = await subscribe();
    expect(await failure(stripe.invoices.createPreview({ subscription: 'sub_nope' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'subscription',
    });
    const foreign = await failure(
      stripe.invoices.createPreview({ customer: other.customerId, subscription: subscriptionId }),
    );
    expect(foreign).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    server.setPriceActive('price_advanced_yearly', false);
    const inactive = await failure(
      stripe.invoices.createPreview({
        subscription: subscriptionId,
        subscription_details: { items: [{ id: itemId, price: 'price_advanced_yearly' }] },
      }),
    );
    server.setPriceActive('price_advanced_yearly', true);
    expect(inactive).toMatchObject({ statusCode: 400, param: 'items[0][price]' });
    expect(await failure(stripe.invoices.createPreview({}))).toMatchObject({ param: 'customer' });
  });
});

describe('POST /v1/billing_portal/sessions', () => {
  it("opens the portal for a customer; paying there settles a failed renewal with Stripe's events", async () => {
    const { subscriptionId, customerId } = await subscribe();
    setClock(PERIOD_END + 60);
    await server.renew(subscriptionId, { fail: true });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: 'https://app.test/subscription',
    });
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer: customerId,
      return_url: 'https://app.test/subscription',
    });
    expect(portal.url).toBe(`${server.url}/p/session/${portal.id}`);

    const mark = server.events.length;
    expect(await server.payInPortal(portal.id)).toBe('https://app.test/subscription');
    expect(eventsAbout(mark, subscriptionId).map((e) => e.type)).toEqual([
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect((await stripe.invoices.list({ customer: customerId, status: 'open' })).data).toEqual([]);
  });

  it('needs an existing customer', async () => {
    expect(await failure(stripe.billingPortal.sessions.create({} as { customer: string }))).toMatchObject({
      statusCode: 400,
      param: 'customer',
    });
    expect(await failure(stripe.billingPortal.sessions.create({ customer: 'cus_nope' }))).toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      message: "No such customer: 'cus_nope'",
    });
  });
});
