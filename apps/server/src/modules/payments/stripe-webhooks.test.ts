import { TOASTS } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { and, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox, paymentCheckouts, paymentEvents, paymentSubscriptions } from '../../db/schema';
import {
  STRIPE_TEST_KEY,
  startStripeDriver,
  testUsers,
  type ProviderDriver,
} from '../../test-support/payments';
import type { StripeServer } from '@goldroute/stripe-fake';
import { PRICES_TTL_MS } from './price-list';

// What only the Stripe path has: signed webhooks that arrive late, twice, out of order or forged, and a
// provider that fails, times out or answers 5xx. The shared money-path suite runs in payments.stripe.test.ts.

let d: ProviderDriver & { stripe: StripeServer };
let users: ReturnType<typeof testUsers>;
/** Stripe itself, as the dashboard or the customer portal would change things behind our back. */
let dashboard: Stripe;

beforeAll(async () => {
  d = await startStripeDriver();
  users = testUsers(d.h);
  dashboard = new Stripe(STRIPE_TEST_KEY, {
    host: d.stripe.host,
    port: d.stripe.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(() => d.close());
beforeEach(() => {
  d.stripe.clearFaults();
  d.stripe.setAutoDeliver(true);
});

const post = async (userId: string, path: string, body: object = {}) =>
  d.h.api.post(`/shared/payments/${path}`, body, { token: await users.token(userId) });
const db = () => d.h.app.database.db;

async function subscriber(name: string) {
  const user = await users.signUp(`${name}@example.com`);
  const checkout = await post(user.id, 'checkout', { priceId: 'price_basic_monthly' });
  const { subscriptionId } = await d.stripe.completeCheckout(
    String(checkout.body.paymentSessionUrl).split('/').pop() ?? '',
  );
  await d.stripe.idle();
  return { ...user, subscriptionId };
}

const stored = async (subscriptionId: string) =>
  (await db().select().from(paymentSubscriptions).where(eq(paymentSubscriptions.id, subscriptionId)))[0];
const eventsOf = (type: string, subscriptionId: string) =>
  d.stripe.events.filter((e) => e.type === type && (e.data.object as { id?: string }).id === subscriptionId);

describe('webhook signatures', () => {
  it.each(['bad', 'missing', 'stale'] as const)(
    'a %s signature is a 400 that changes nothing',
    async (signature) => {
      d.stripe.setAutoDeliver(false);
      const s = await subscriber(`forged-${signature}`);
      const [created] = eventsOf('customer.subscription.created', s.subscriptionId);
      const res = await d.stripe.deliver(created?.id ?? '', { signature });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: 'Invalid webhook signature' });
      expect(await stored(s.subscriptionId)).toBeUndefined();
      expect((await users.profile(s.id)).hasAccess).toBe(false);
      // The same event, properly signed, is then applied.
      expect((await d.stripe.deliver(created?.id ?? '')).status).toBe(200);
      expect((await users.profile(s.id)).hasAccess).toBe(true);
    },
  );
});

describe('events arriving twice, late or out of order', () => {
  it('a redelivered event is acknowledged and applied once: one row, one mail', async () => {
    const s = await subscriber('twice-delivered');
    const [created] = eventsOf('customer.subscription.created', s.subscriptionId);
    for (let i = 0; i < 3; i++) expect((await d.stripe.deliver(created?.id ?? '')).status).toBe(200);
    const [applied] = await db()
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, created?.id ?? ''));
    expect(applied?.n).toBe(1);
    // One mail queued (the outbox holds every mail ever queued), and it arrives: confirmation, then this.
    const subject = 'Your GoldRoute subscription is active';
    const queued = await db()
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.to, s.email), eq(outbox.subject, subject)));
    expect(queued[0]?.n).toBe(1);
    expect((await d.h.smtp.waitFor(s.email, 2)).subject).toBe(subject);
  });

  it('an older event delivered after a newer one never undoes it', async () => {
    const s = await subscriber('out-of-order');
    d.stripe.setAutoDeliver(false);
    // Cancelled, then resumed, in the customer portal: two updates, delivered newest first.
    await dashboard.subscriptions.update(s.subscriptionId, { cancel_at_period_end: true });
    await dashboard.subscriptions.update(s.subscriptionId, { cancel_at_period_end: false });
    const [cancelled, resumed] = eventsOf('customer.subscription.updated', s.subscriptionId);
    expect((cancelled?.data.object as Stripe.Subscription).cancel_at_period_end).toBe(true);
    await d.stripe.deliver(resumed?.id ?? '');
    await d.stripe.deliver(cancelled?.id ?? '');
    const user = await users.profile(s.id);
    expect(user).toMatchObject({ inCancelation: false, stripeSubscription: { cancel_at: null } });
  });

  it('checkout events in any order give the same subscriber', async () => {
    const user = await users.signUp('reordered-checkout@example.com');
    const checkout = await post(user.id, 'checkout', { priceId: 'price_advanced_yearly' });
    await d.stripe.completeCheckout(String(checkout.body.paymentSessionUrl).split('/').pop() ?? '', {
      eventOrder: ['invoice.paid', 'customer.subscription.created', 'checkout.session.completed'],
    });
    await d.stripe.idle();
    const profile = await users.profile(user.id);
    expect(profile).toMatchObject({ hasAccess: true, stripeSubscription: { status: 'active' } });
    expect(profile.stripeSubscription?.items.data[0]?.price.id).toBe('price_advanced_yearly');
  });

  it('a subscription of a customer we do not know is acknowledged, logged and ignored', async () => {
    const stranger = await dashboard.customers.create({ email: 'stranger@example.com' });
    const session = await dashboard.checkout.sessions.create({
      mode: 'subscription',
      customer: stranger.id,
      line_items: [{ price: 'price_basic_monthly', quantity: 1 }],
      success_url: 'https://elsewhere.example/ok',
    });
    const { subscriptionId } = await d.stripe.completeCheckout(session.id);
    await d.stripe.idle();
    const answers = d.stripe.deliveries.filter((x) =>
      d.stripe.events.some(
        (e) => e.id === x.eventId && JSON.stringify(e.data.object).includes(subscriptionId),
      ),
    );
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await stored(subscriptionId)).toBeUndefined();
  });

  it('while Stripe cannot be read the webhook fails, and its redelivery is applied', async () => {
    d.stripe.setAutoDeliver(false);
    const s = await subscriber('reread-fails');
    const [created] = eventsOf('customer.subscription.created', s.subscriptionId);
    d.stripe.fault({ method: 'GET', path: /^\/v1\/subscriptions\//, status: 500, times: 2 });
    const failed = await d.stripe.deliver(created?.id ?? '');
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body)).toEqual({ error: 'Internal server error' });
    expect((await users.profile(s.id)).hasAccess).toBe(false);
    expect((await d.stripe.deliver(created?.id ?? '')).status).toBe(200);
    expect((await users.profile(s.id)).hasAccess).toBe(true);
  });

  it('Stripe giving up on a failed payment ends access: Canceled, not Expired', async () => {
    const s = await subscriber('gave-up');
    await d.stripe.renew(s.subscriptionId, { fail: true });
    await d.stripe.cancelNow(s.subscriptionId, 'payment_failed');
    await d.stripe.idle();
    const user = await users.profile(s.id);
    expect(user).toMatchObject({
      hasAccess: false,
      isExpired: false,
      inCancelation: false,
      stripeSubscription: { status: 'canceled' },
    });
  });
});

describe('Stripe down, slow or failing: the spec text, and nothing of ours changes', () => {
  /** Makes Stripe answer updates of this subscription as `fault` says. */
  const faultUpdates = (
    subscriptionId: string,
    fault: Omit<Parameters<StripeServer['fault']>[0], 'method' | 'path'>,
  ) => d.stripe.fault({ method: 'POST', path: `/v1/subscriptions/${subscriptionId}`, ...fault });

  it.each([
    ['a 500', { status: 500, times: 2 }],
    ['a 503', { status: 503, times: 2 }],
  ])('cancel with %s', async (_name, fault) => {
    const s = await subscriber(`cancel-fault-${fault.status ?? 'timeout'}`);
    faultUpdates(s.subscriptionId, fault);
    const res = await post(s.id, 'cancel-subscription');
    expect(res).toMatchObject({ status: 502, body: { error: TOASTS.cancelFailed } });
    expect(Object.keys(res.body)).toEqual(['error']);
    expect((await users.profile(s.id)).inCancelation).toBe(false);
  });

  it('a timeout: the spec text, then our state follows what Stripe really did', async () => {
    const s = await subscriber('cancel-timeout');
    // The cancel reaches Stripe but its answer is lost (as is the SDK's retry's): we cannot know the outcome.
    faultUpdates(s.subscriptionId, { delayMs: 4000, times: 2 });
    const res = await post(s.id, 'cancel-subscription');
    expect(res).toMatchObject({ status: 502, body: { error: TOASTS.cancelFailed } });
    await d.stripe.idle();
    const atStripe = d.stripe.subscription(s.subscriptionId)?.cancel_at_period_end;
    expect(atStripe).toBe(true);
    expect((await users.profile(s.id)).inCancelation).toBe(atStripe);
  });

  it('a refused plan change (a card error) answers the spec text', async () => {
    const s = await subscriber('card-error');
    faultUpdates(s.subscriptionId, {
      status: 402,
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const res = await post(s.id, 'change-subscription', { newPriceId: 'price_advanced_monthly' });
    expect(res).toMatchObject({ status: 400, body: { error: TOASTS.changeFailed } });
    const user: User = await users.profile(s.id);
    expect(user.stripeSubscription?.items.data[0]?.price.id).toBe('price_basic_monthly');
  });

  it('checkout: no session is recorded when Stripe fails', async () => {
    const user = await users.signUp('checkout-down@example.com');
    d.stripe.fault({ method: 'POST', path: '/v1/checkout/sessions', status: 500, times: 2 });
    const res = await post(user.id, 'checkout', { priceId: 'price_basic_monthly' });
    expect(res).toMatchObject({ status: 502, body: { error: TOASTS.checkoutFailed } });
    const [open] = await db()
      .select({ n: count() })
      .from(paymentCheckouts)
      .where(eq(paymentCheckouts.userId, user.id));
    expect(open?.n).toBe(0);
    // Stripe is back: the same click works.
    expect((await post(user.id, 'checkout', { priceId: 'price_basic_monthly' })).status).toBe(200);
  });

  it('prices: the last good list is kept while Stripe is down', async () => {
    const before = await d.h.api.get<{ data: { id: string }[] }>('/shared/payments/prices');
    d.h.clock.advanceMinutes(PRICES_TTL_MS / 60_000 + 1);
    d.stripe.fault({ method: 'GET', path: '/v1/prices', status: 500, times: 4 });
    const during = await d.h.api.get<{ data: { id: string }[] }>('/shared/payments/prices');
    expect(during.status).toBe(200);
    expect(during.body.data).toEqual(before.body.data);
  });
});

describe('what we send to Stripe', () => {
  it('a checkout in subscription mode for our user, with the spec success URL and idempotency keys', async () => {
    const user = await users.signUp('wire@example.com');
    await post(user.id, 'checkout', { priceId: 'price_basic_yearly' });
    const customer = d.stripe.requests.find(
      (r) => r.path === '/v1/customers' && JSON.stringify(r.body).includes(user.id),
    );
    expect(customer?.idempotencyKey).toBe(`customer-${user.id}`);
    const session = d.stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').pop();
    expect(session?.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.id,
      success_url:
        'https://goldroute.test/subscription?checkout_success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://goldroute.test/subscription',
      line_items: [{ price: 'price_basic_yearly', quantity: '1' }],
      subscription_data: { metadata: { userId: user.id } },
    });
    expect(session?.idempotencyKey).toMatch(new RegExp(`^checkout-${user.id}-\\d+-price_basic_yearly-\\d+$`));
  });

  it('a retired price stays visible to its subscriber only', async () => {
    const s = await subscriber('retired-plan');
    d.stripe.setPriceActive('price_basic_monthly', false);
    d.h.clock.advanceMinutes(PRICES_TTL_MS / 60_000 + 1);
    const visitor = await d.h.api.get<{ data: { id: string; active: boolean }[] }>('/shared/payments/prices');
    expect(visitor.body.data.map((p) => p.id)).not.toContain('price_basic_monthly');
    const mine = await d.h.api.get<{ data: { id: string; active: boolean }[] }>('/shared/payments/prices', {
      token: await users.token(s.id),
    });
    expect(mine.body.data.find((p) => p.id === 'price_basic_monthly')).toMatchObject({ active: false });
    d.stripe.setPriceActive('price_basic_monthly', true);
  });
});
