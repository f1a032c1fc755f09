import type { Price } from '@goldroute/domain';
import {
  invoiceSchema,
  previewChangeResponseSchema,
  type Invoice,
  type PreviewChangeResponse,
  type User,
} from '@goldroute/domain/api';
import { describe, expect, it } from 'vitest';
import type { ProviderDriver, testUsers } from '../../test-support/payments';
import { PAYMENT_ERRORS } from './payments.service';

// The billing section's calls (invoices, receipt, a change's price, the billing page), run inside
// payments.suite.ts against each provider: both must give the same figures for the same situation.

const DAY = 86_400;

export interface BillingSuiteContext {
  d: ProviderDriver;
  users: ReturnType<typeof testUsers>;
  price: (lookupKey: string) => Price;
  post: <T = Record<string, unknown>>(
    userId: string,
    path: string,
    body?: object,
  ) => Promise<{
    status: number;
    body: T;
  }>;
  subscriber: (name: string, lookupKey?: string) => Promise<{ id: string; email: string }>;
}

export function billingSuite(ctx: () => BillingSuiteContext) {
  const get = async <T>(userId: string, path: string) => {
    const { d, users } = ctx();
    return d.h.api.get<T>(`/shared/payments/${path}`, { token: await users.token(userId) });
  };
  const invoices = async (userId: string) => {
    const res = await get<{ data: Invoice[] }>(userId, 'invoices');
    expect(res.status).toBe(200);
    return res.body.data.map((i) => invoiceSchema.parse(i));
  };
  const period = (u: User) => ({
    start: u.stripeSubscription?.start_date ?? 0,
    end: u.stripeSubscription?.items.data[0]?.current_period_end ?? 0,
  });
  /** Stripe's proration: the unused share of the period, by the second, on each price, rounded apart. */
  const prorated = (amount: number, p: { start: number; end: number }, at: number) =>
    Math.round((amount * (p.end - at)) / (p.end - p.start));

  /** What changing to `newPriceId` costs now, as the preview call answers it. */
  const previewOf = async (userId: string, newPriceId: string) =>
    previewChangeResponseSchema.parse((await ctx().post(userId, 'preview-change', { newPriceId })).body);
  /** The change confirmed at the preview's date, and the provider's reports of it received. */
  const confirmChange = async (userId: string, newPriceId: string, prorationDate: number) => {
    const changed = await ctx().post(userId, 'change-subscription', { newPriceId, prorationDate });
    expect(changed.status).toBe(200);
    await ctx().d.settled();
  };
  /** The paid period ends (a renewal, failing if asked), and the provider's reports of it received. */
  const periodPasses = async (userId: string, options?: { fail?: boolean }) => {
    await ctx().d.periodEnds(userId, options);
    await ctx().d.settled();
  };

  describe('billing', () => {
    it('a subscribe, an upgrade at the previewed price and a renewal: three invoices with plans and amounts', async () => {
      const { d, users, price, post, subscriber } = ctx();
      const s = await subscriber('billed');
      const first = period(await users.profile(s.id));
      d.h.clock.advanceMinutes(10 * 24 * 60);

      const preview = await post<PreviewChangeResponse>(s.id, 'preview-change', {
        newPriceId: price('advanced_monthly').id,
      });
      expect(preview.status).toBe(200);
      const p = previewChangeResponseSchema.parse(preview.body);
      const credit = prorated(499, first, p.prorationDate);
      const charge = prorated(799, first, p.prorationDate);
      // About two thirds of a month is left: two thirds of the $3.00 difference.
      expect(charge - credit).toBeGreaterThan(180);
      expect(charge - credit).toBeLessThan(220);
      expect(p).toMatchObject({
        amountDue: charge - credit,
        currency: 'usd',
        nextRenewal: { amount: 799, date: first.end },
      });
      expect(p.lines.map((l) => l.amount)).toEqual([-credit, charge]);
      expect(p.lines[0]?.description).toMatch(/^Unused time on 1 × Basic after \d\d \w{3} \d{4}$/);
      expect(p.lines[1]?.description).toMatch(/^Remaining time on 1 × Advanced after \d\d \w{3} \d{4}$/);
      // A preview changes nothing.
      expect(await invoices(s.id)).toHaveLength(1);

      await confirmChange(s.id, price('advanced_monthly').id, p.prorationDate);
      await periodPasses(s.id);

      const list = await invoices(s.id);
      expect(list.map((i) => [i.reason, i.plan, i.interval, i.amount, i.amountPaid, i.status])).toEqual([
        ['subscription_cycle', 'Advanced', 'month', 799, 799, 'paid'],
        ['subscription_update', 'Advanced', 'month', charge - credit, charge - credit, 'paid'],
        ['subscription_create', 'Basic', 'month', 499, 499, 'paid'],
      ]);
      const [renewal, upgrade, opening] = list;
      expect(opening).toMatchObject({ periodStart: first.start, periodEnd: first.end, currency: 'usd' });
      expect(upgrade).toMatchObject({ periodStart: p.prorationDate, periodEnd: first.end });
      expect(renewal?.periodStart).toBe(first.end);
      expect(renewal?.paidAt).toBeGreaterThanOrEqual(first.end);
      expect(opening?.lines).toEqual([{ description: '1 × Basic (at $4.99 / month)', amount: 499 }]);

      const receipt = await get<Invoice>(s.id, `invoices/${upgrade?.id}`);
      expect(receipt).toMatchObject({ status: 200, body: upgrade });
      expect(receipt.body.lines).toEqual(p.lines);
    });

    it('a change of billing period: the unused time is credited against a whole new year', async () => {
      const { d, users, price, post, subscriber } = ctx();
      const s = await subscriber('to-yearly');
      const first = period(await users.profile(s.id));
      d.h.clock.advanceMinutes(5 * 24 * 60);
      const preview = await post<PreviewChangeResponse>(s.id, 'preview-change', {
        newPriceId: price('basic_yearly').id,
      });
      const p = previewChangeResponseSchema.parse(preview.body);
      const credit = prorated(499, first, p.prorationDate);
      expect(p.amountDue).toBe(4990 - credit);
      expect(p.lines).toEqual([
        { description: expect.stringMatching(/^Unused time on 1 × Basic after /), amount: -credit },
        { description: '1 × Basic (at $49.90 / year)', amount: 4990 },
      ]);
      expect(p.nextRenewal.amount).toBe(4990);
      expect(p.nextRenewal.date - p.prorationDate).toBeGreaterThan(364 * DAY);
      expect(p.nextRenewal.date - p.prorationDate).toBeLessThan(367 * DAY);
    });

    it("a downgrade's credit is kept and pays the next invoices: a renewal and a later change draw on it", async () => {
      const { d, users, price, subscriber } = ctx();
      const s = await subscriber('downgrader', 'advanced_yearly');
      const year = period(await users.profile(s.id));
      d.h.clock.advanceMinutes(10 * 24 * 60);
      const down = await previewOf(s.id, price('basic_monthly').id);
      const unused = prorated(7990, year, down.prorationDate);
      const credit = unused - 499;
      expect(down).toMatchObject({ amountDue: -credit, creditApplied: 0 });
      await confirmChange(s.id, price('basic_monthly').id, down.prorationDate);
      await periodPasses(s.id);

      const list = await invoices(s.id);
      expect(list.map((i) => [i.reason, i.amount, i.creditApplied, i.creditAdded, i.amountPaid])).toEqual([
        ['subscription_cycle', 499, 499, 0, 0],
        ['subscription_update', -credit, 0, credit, 0],
        ['subscription_create', 7990, 0, 0, 7990],
      ]);
      // A renewal the credit pays in full asks the card for nothing, so a card that would fail does not matter.
      await periodPasses(s.id, { fail: true });
      expect((await invoices(s.id))[0]).toMatchObject({ status: 'paid', creditApplied: 499, amountPaid: 0 });
      expect((await users.profile(s.id)).stripeSubscription?.status).toBe('active');

      // What is left of the credit pays for an upgrade too: nothing is due now.
      const up = await previewOf(s.id, price('advanced_monthly').id);
      const total = up.lines.reduce((sum, line) => sum + line.amount, 0);
      expect(total).toBeGreaterThan(250);
      expect(up).toMatchObject({ amountDue: 0, creditApplied: total });
    });

    it("invoices and receipts are their owner's only; a preview refuses what a change refuses", async () => {
      const { d, users, price, post, subscriber } = ctx();
      const owner = await subscriber('receipt-owner');
      const [own] = await invoices(owner.id);
      const other = await subscriber('receipt-snooper');
      const stranger = await users.signUp(`no-invoices-${d.name}@example.com`);
      expect(await invoices(stranger.id)).toEqual([]);
      for (const who of [other.id, stranger.id]) {
        const res = await get(who, `invoices/${own?.id}`);
        expect(res).toMatchObject({ status: 404, body: { error: PAYMENT_ERRORS.invoiceNotFound } });
      }
      expect((await get(owner.id, 'invoices/in_made_up')).status).toBe(404);
      expect((await d.h.api.get('/shared/payments/invoices')).status).toBe(401);

      const same = await post(owner.id, 'preview-change', { newPriceId: price('basic_monthly').id });
      expect(same).toMatchObject({ status: 400, body: { error: PAYMENT_ERRORS.samePrice } });
      const unknown = await post(owner.id, 'preview-change', { newPriceId: 'price_nope' });
      expect(unknown).toMatchObject({ status: 400, body: { error: PAYMENT_ERRORS.unknownPrice } });
      const none = await post(stranger.id, 'preview-change', { newPriceId: price('basic_monthly').id });
      expect(none).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.noSubscription } });
      const stale = await post(owner.id, 'change-subscription', {
        newPriceId: price('advanced_monthly').id,
        prorationDate: Math.floor(d.h.clock.now().getTime() / 1000) - 2 * 3600,
      });
      expect(stale).toMatchObject({ status: 400, body: { error: PAYMENT_ERRORS.previewExpired } });
      const portal = await post(stranger.id, 'billing-portal');
      expect(portal).toMatchObject({ status: 409, body: { error: PAYMENT_ERRORS.noBillingAccount } });
    });

    it('a failed renewal shows as a failed invoice; paying it on the billing page makes it paid and the plan active', async () => {
      const { d, users, post, subscriber } = ctx();
      const s = await subscriber('portal-payer');
      await d.periodEnds(s.id, { fail: true });
      await d.settled();
      const [failed] = await invoices(s.id);
      expect(failed).toMatchObject({
        reason: 'subscription_cycle',
        status: 'open',
        amount: 499,
        amountPaid: 0,
      });

      const portal = await post<{ url: string }>(s.id, 'billing-portal');
      expect(portal.status).toBe(200);
      expect(portal.body.url).toMatch(d.name === 'demo' ? /^\/demo-portal\/bps_demo_/ : /\/p\/session\/bps_/);
      expect(await d.payInPortal(portal.body.url)).toBe('/subscription');
      await d.settled();

      const user = await users.profile(s.id);
      expect(user).toMatchObject({ inCancelation: false, stripeSubscription: { status: 'active' } });
      const [paid] = await invoices(s.id);
      expect(paid).toMatchObject({ id: failed?.id, status: 'paid', amountPaid: 499 });
      expect(paid?.paidAt).not.toBeNull();
    });
  });
}
