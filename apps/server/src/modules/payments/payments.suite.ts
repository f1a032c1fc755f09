import { ACCESS, type Price } from '@goldroute/domain';
import { pricesResponseSchema, stripeSubscriptionSchema, type User } from '@goldroute/domain/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUsers, type ProviderDriver } from '../../test-support/payments';
import { billingSuite } from './billing.suite';
import { PAYMENT_ERRORS } from './payments.service';

// The money path of SPEC §7, run against each payment provider (payments.demo.test.ts and
// payments.stripe.test.ts): both go through the same service, state machine and calls.

const DAY = 86_400;

export function paymentsSuite(start: () => Promise<ProviderDriver>) {
  let d: ProviderDriver;
  let users: ReturnType<typeof testUsers>;
  let prices: Price[];
  const price = (lookupKey: string) => {
    const found = prices.find((p) => p.lookup_key === lookupKey);
    if (!found) throw new Error(`no price ${lookupKey}`);
    return found;
  };

  beforeAll(async () => {
    d = await start();
    users = testUsers(d.h);
    prices = (await d.h.api.get<{ data: Price[] }>('/shared/payments/prices')).body.data;
  });
  afterAll(() => d.close());

  const post = async <T = Record<string, unknown>>(userId: string, path: string, body: object = {}) =>
    d.h.api.post<T>(`/shared/payments/${path}`, body, { token: await users.token(userId) });
  const mailsTo = (email: string) => d.h.smtp.messages.filter((m) => m.to.includes(email));
  const subjects = (email: string) => mailsTo(email).map((m) => m.subject);
  /** The mail with this subject, once it has arrived (some are sent after the answer). */
  async function mail(email: string, subject: string) {
    for (let i = 0; i < 200; i++) {
      const found = mailsTo(email).find((m) => m.subject === subject);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail "${subject}" to ${email}`);
  }

  /** A new user who subscribed to `lookupKey` through checkout and is back on our site. */
  async function subscriber(name: string, lookupKey = 'basic_monthly') {
    const user = await users.signUp(`${name}-${d.name}@example.com`);
    const checkout = await post<{ paymentSessionUrl: string }>(user.id, 'checkout', {
      priceId: price(lookupKey).id,
    });
    expect(checkout.status).toBe(200);
    const landing = await d.pay(checkout.body.paymentSessionUrl);
    await d.settled();
    return { ...user, landing };
  }

  const current = (u: User) => u.stripeSubscription?.items.data[0];

  describe('GET /shared/payments/prices', () => {
    it('lists the active plans, monthly and yearly, for visitors too', () => {
      expect(pricesResponseSchema.parse({ data: prices }).data).toHaveLength(4);
      expect(prices.map((p) => [p.lookup_key, p.unit_amount, p.recurring.interval]).sort()).toEqual([
        ['advanced_monthly', 799, 'month'],
        ['advanced_yearly', 7990, 'year'],
        ['basic_monthly', 499, 'month'],
        ['basic_yearly', 4990, 'year'],
      ]);
      expect(prices.every((p) => p.active)).toBe(true);
    });
  });

  describe('subscribing through checkout', () => {
    it('a new user pays and has access at once, with the subscription on their profile and one mail', async () => {
      const before = Math.floor(d.h.clock.now().getTime() / 1000);
      const s = await subscriber('newcomer');
      expect(s.landing).toMatch(/\/subscription\?checkout_success=true&session_id=[\w-]+$/);
      const user = await users.profile(s.id);
      expect(user).toMatchObject({ hasAccess: true, isActive: true, isExpired: false, inCancelation: false });
      expect(stripeSubscriptionSchema.parse(user.stripeSubscription)).toMatchObject({
        status: 'active',
        cancel_at: null,
        items: { data: [{ price: { id: price('basic_monthly').id } }] },
      });
      const periodEnd = current(user)?.current_period_end ?? 0;
      expect(periodEnd - before).toBeGreaterThanOrEqual(28 * DAY);
      expect(periodEnd - before).toBeLessThanOrEqual(31 * DAY + 60);
      await mail(s.email, 'Your GoldRoute subscription is active');
      expect(subjects(s.email).filter((x) => x === 'Your GoldRoute subscription is active')).toHaveLength(1);
      // The market calls use the same rule: the door is open.
      const stats = await d.h.api.post(
        '/retail/market/realm-stats/us',
        {},
        { token: await users.token(s.id) },
      );
      expect(stats.body.error).not.toBe(ACCESS.noSubscription);
    });

    it('the checkout return reads the finished session for its owner only', async () => {
      const s = await subscriber('returner');
      const sessionId = new URL(s.landing, 'http://x').searchParams.get('session_id') ?? '';
      const mine = await post(s.id, 'sync-checkout', { sessionId });
      expect(mine).toMatchObject({ status: 200, body: { status: 'complete' } });
      const other = await users.signUp(`not-the-owner-${d.name}@example.com`);
      const theirs = await post(other.id, 'sync-checkout', { sessionId });
      expect(theirs).toMatchObject({ status: 404, body: { error: PAYMENT_ERRORS.checkoutNotFound } });
      expect((await users.profile(other.id)).hasAccess).toBe(false);
    });

    it('refuses an unknown price and a second subscription', async () => {
      const s = await subscriber('twice');
      const again = await post(s.id, 'checkout', { priceId: price('advanced_monthly').id });
      expect(again).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.alreadySubscribed } });
      const fresh = await users.signUp(`unknown-price-${d.name}@example.com`);
      const unknown = await post(fresh.id, 'checkout', { priceId: 'price_made_up' });
      expect(unknown).toMatchObject({ status: 400, body: { error: PAYMENT_ERRORS.unknownPrice } });
      const missing = await post(fresh.id, 'checkout', {});
      expect(missing.status).toBe(400);
    });

    it('a double click gets one checkout; picking another plan closes the first one', async () => {
      const u = await users.signUp(`double-click-${d.name}@example.com`);
      const body = { priceId: price('basic_monthly').id };
      const [a, b] = await Promise.all([
        post<{ paymentSessionUrl: string }>(u.id, 'checkout', body),
        post<{ paymentSessionUrl: string }>(u.id, 'checkout', body),
      ]);
      expect(a.body.paymentSessionUrl).toBe(b.body.paymentSessionUrl);
      const other = await post<{ paymentSessionUrl: string }>(u.id, 'checkout', {
        priceId: price('advanced_yearly').id,
      });
      expect(other.body.paymentSessionUrl).not.toBe(a.body.paymentSessionUrl);
      await expect(d.pay(a.body.paymentSessionUrl)).rejects.toThrow();
      await d.pay(other.body.paymentSessionUrl);
      await d.settled();
      const user = await users.profile(u.id);
      expect(current(user)?.price.id).toBe(price('advanced_yearly').id);
    });

    it('leaving the checkout changes nothing', async () => {
      const u = await users.signUp(`leaver-${d.name}@example.com`);
      const checkout = await post<{ paymentSessionUrl: string }>(u.id, 'checkout', {
        priceId: price('basic_monthly').id,
      });
      await d.leave(checkout.body.paymentSessionUrl);
      await d.settled();
      const user = await users.profile(u.id);
      expect(user).toMatchObject({ hasAccess: false, stripeSubscription: null });
    });
  });

  describe('changing, cancelling and resuming', () => {
    it('switches to yearly: the answer is the subscription object, the profile follows', async () => {
      const s = await subscriber('switcher');
      const res = await post<User['stripeSubscription']>(s.id, 'change-subscription', {
        newPriceId: price('basic_yearly').id,
      });
      expect(res.status).toBe(200);
      expect(stripeSubscriptionSchema.parse(res.body).items.data[0]?.price.id).toBe(price('basic_yearly').id);
      await d.settled();
      const user = await users.profile(s.id);
      expect(current(user)?.price.id).toBe(price('basic_yearly').id);
      const now = Math.floor(d.h.clock.now().getTime() / 1000);
      expect((current(user)?.current_period_end ?? 0) - now).toBeGreaterThan(360 * DAY);
      expect(user.hasAccess).toBe(true);
    });

    it('refuses the same price, an unknown one, and a change without a subscription', async () => {
      const s = await subscriber('refused-change');
      const same = await post(s.id, 'change-subscription', { newPriceId: price('basic_monthly').id });
      expect(same).toMatchObject({ status: 400, body: { error: PAYMENT_ERRORS.samePrice } });
      const unknown = await post(s.id, 'change-subscription', { newPriceId: 'price_nope' });
      expect(unknown).toMatchObject({ status: 400, body: { error: PAYMENT_ERRORS.unknownPrice } });
      const nobody = await users.signUp(`no-sub-change-${d.name}@example.com`);
      for (const [path, body] of [
        ['change-subscription', { newPriceId: price('advanced_monthly').id }],
        ['cancel-subscription', {}],
        ['resume-subscription', {}],
      ] as const) {
        const res = await post(nobody.id, path, body);
        expect(res).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.noSubscription } });
      }
    });

    it('cancel keeps access to the end of the period, mails once; resume takes it back', async () => {
      const s = await subscriber('canceller');
      const periodEnd = current(await users.profile(s.id))?.current_period_end;
      const cancel = await post<User['stripeSubscription']>(s.id, 'cancel-subscription');
      expect(cancel.status).toBe(200);
      expect(cancel.body?.cancel_at).toBe(periodEnd);
      await d.settled();
      let user = await users.profile(s.id);
      expect(user).toMatchObject({ hasAccess: true, isActive: true, inCancelation: true, isExpired: false });
      expect((await post(s.id, 'cancel-subscription')).body.error).toBe(PAYMENT_ERRORS.alreadyCancelling);
      const cancelMail = await mail(s.email, 'Your GoldRoute subscription is cancelled');
      expect(cancelMail.text).toContain('you will not be charged again');

      const resume = await post<User['stripeSubscription']>(s.id, 'resume-subscription');
      expect(resume).toMatchObject({ status: 200, body: { cancel_at: null } });
      await d.settled();
      user = await users.profile(s.id);
      expect(user).toMatchObject({ hasAccess: true, inCancelation: false });
      expect((await post(s.id, 'resume-subscription')).body.error).toBe(PAYMENT_ERRORS.notCancelling);
      expect(subjects(s.email).filter((x) => x === 'Your GoldRoute subscription is cancelled')).toHaveLength(
        1,
      );
    });

    it("one user never touches another's subscription", async () => {
      const owner = await subscriber('owner');
      const intruder = await users.signUp(`intruder-${d.name}@example.com`);
      // The calls take no subscription id: the caller's own is the only one they can name.
      expect((await post(intruder.id, 'cancel-subscription', { subscriptionId: 'x' })).status).toBe(409);
      expect((await users.profile(owner.id)).inCancelation).toBe(false);
      expect((await d.h.api.post('/shared/payments/cancel-subscription', {})).status).toBe(401);
    });
  });

  describe('the end of a period', () => {
    /** Ends the user's paid period (its payment failing if asked), waits for the events, gives the profile. */
    async function endPeriod(userId: string, options?: { fail?: boolean }) {
      await d.periodEnds(userId, options);
      await d.settled();
      return users.profile(userId);
    }

    it('renews: access goes on for another period', async () => {
      const s = await subscriber('renewer');
      const first = current(await users.profile(s.id))?.current_period_end ?? 0;
      const user = await endPeriod(s.id);
      expect(user).toMatchObject({
        hasAccess: true,
        inCancelation: false,
        stripeSubscription: { status: 'active' },
      });
      expect(current(user)?.current_period_end ?? 0).toBeGreaterThan(first + 27 * DAY);
    });

    it('a failed payment: past due, in cancelation with "Payment failed", a mail, no resume', async () => {
      const s = await subscriber('card-declined');
      const user = await endPeriod(s.id, { fail: true });
      expect(user).toMatchObject({ inCancelation: true, stripeSubscription: { status: 'past_due' } });
      const failed = await mail(s.email, 'Your GoldRoute payment failed');
      expect(failed.text).toContain('https://goldroute.test/subscription');
      expect((await post(s.id, 'resume-subscription')).body.error).toBe(PAYMENT_ERRORS.pastDue);
      expect(
        (await post(s.id, 'change-subscription', { newPriceId: price('advanced_monthly').id })).body.error,
      ).toBe(PAYMENT_ERRORS.pastDue);
    });

    it('a cancelled subscription ends at its period end: Expired, tools closed', async () => {
      const s = await subscriber('leaving-for-good');
      await post(s.id, 'cancel-subscription');
      await d.settled();
      const user = await endPeriod(s.id);
      expect(user).toMatchObject({
        hasAccess: false,
        isActive: false,
        isExpired: true,
        inCancelation: false,
      });
      expect(user.stripeSubscription?.status).toBe('canceled');
      const stats = await d.h.api.post(
        '/retail/market/realm-stats/us',
        {},
        { token: await users.token(s.id) },
      );
      expect(stats).toMatchObject({ status: 403, body: { error: ACCESS.noSubscription } });
      // Subscribing again is open once the old one has ended.
      const again = await post(s.id, 'checkout', { priceId: price('basic_monthly').id });
      expect(again.status).toBe(200);
    });
  });

  billingSuite(() => ({ d, users, price, post, subscriber }));
}
