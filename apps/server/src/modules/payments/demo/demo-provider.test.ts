import { ACCESS } from '@goldroute/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoInvoices, users as usersTable } from '../../../db/schema';
import { startDemoDriver, testUsers, type ProviderDriver } from '../../../test-support/payments';
import { DEMO_CHECKOUT_COOKIE } from './checkout-owner';
import { DEMO_CHECKOUT_TITLE, NOT_YOUR_CHECKOUT } from './demo-checkout.routes';
import { addInterval } from './demo-calendar';
import { changeLines, totalOf } from './demo-invoices';

let d: ProviderDriver;
let users: ReturnType<typeof testUsers>;
beforeAll(async () => {
  d = await startDemoDriver();
  users = testUsers(d.h);
});
afterAll(() => d.close());

/** The checkout's own browser: the cookie its checkout call set (demo/checkout-owner.ts). */
let cookie = '';
const page = (path: string, init?: RequestInit & { headers?: Record<string, string> }) =>
  fetch(`${d.h.app.baseUrl}${path}`, { redirect: 'manual', ...init, headers: { cookie, ...init?.headers } });
/** A form post from our own checkout page, as a browser sends it. */
const submit = (path: string, headers: Record<string, string> = {}) =>
  page(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: d.h.app.baseUrl,
      ...headers,
    },
    body: '',
  });

async function openCheckout(email: string, lookupKey = 'basic_monthly') {
  const user = await users.signUp(email);
  const prices = (
    await d.h.api.get<{ data: { id: string; lookup_key: string }[] }>('/shared/payments/prices')
  ).body.data;
  const priceId = prices.find((p) => p.lookup_key === lookupKey)?.id;
  const res = await d.h.api.post<{ paymentSessionUrl: string }>(
    '/shared/payments/checkout',
    { priceId },
    { token: await users.token(user.id) },
  );
  const setCookie = res.headers.getSetCookie()[0] ?? '';
  cookie = setCookie.split(';')[0] ?? '';
  return { user, url: res.body.paymentSessionUrl, cookie, setCookie };
}

describe('the demo checkout page', () => {
  it('says no card is charged, names the plan and price, and offers Pay and Cancel under the strict CSP', async () => {
    const { url } = await openCheckout('page@example.com', 'advanced_yearly');
    expect(url).toMatch(/^\/demo-checkout\/cs_demo_[\w-]+$/);
    const res = await page(url);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(DEMO_CHECKOUT_TITLE);
    expect(DEMO_CHECKOUT_TITLE).toBe('Demo checkout: no card is charged');
    expect(html).toContain('GoldRoute Advanced');
    expect(html).toContain('$79.90 <span>per year</span>');
    expect(html).toMatch(
      /<form method="post" action="\/demo-checkout\/cs_demo_[\w-]+\/pay"><button[^>]*>Pay<\/button>/,
    );
    expect(html).toMatch(/<button class="cancel" type="submit">Cancel<\/button>/);
    expect(res.headers.get('content-security-policy')).toContain("style-src 'self'");
    expect(html).not.toMatch(/<style|style="/);
    const css = await page('/demo-checkout/checkout.css');
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('pays once: a second Pay shows the paid page and charges nothing more', async () => {
    const { user, url } = await openCheckout('pay-twice@example.com');
    const first = await submit(`${url}/pay`);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(
      `/subscription?checkout_success=true&session_id=${url.split('/').pop()}`,
    );
    const second = await submit(`${url}/pay`);
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('This checkout is already paid.');
    const customer = `cus_demo_${user.id.replaceAll('-', '')}`;
    const charges = await d.h.app.database.db
      .select()
      .from(demoInvoices)
      .where(eq(demoInvoices.customerId, customer));
    expect(charges.map((c) => [c.status, c.amount, c.billingReason])).toEqual([
      ['paid', 499, 'subscription_create'],
    ]);
  });

  it('an expired checkout cannot be paid; Cancel goes back to /subscription without subscribing', async () => {
    const { user, url } = await openCheckout('slow-payer@example.com');
    d.h.clock.advanceMinutes(32);
    expect(await (await page(url)).text()).toContain('This checkout has expired.');
    expect((await submit(`${url}/pay`)).status).toBe(409);
    expect((await users.profile(user.id)).hasAccess).toBe(false);

    const again = await openCheckout('changed-mind@example.com');
    const cancel = await submit(`${again.url}/cancel`);
    expect(cancel.headers.get('location')).toBe('/subscription');
    expect((await submit(`${again.url}/pay`)).status).toBe(409);
    expect((await users.profile(again.user.id)).stripeSubscription).toBeNull();
  });

  it('an unknown checkout is a 404 page', async () => {
    const res = await page('/demo-checkout/cs_demo_nope');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Checkout not found');
  });
});

describe('only the browser that started a checkout can use it', () => {
  it('the checkout call hands that browser a cookie for this checkout page only, unreadable by scripts', async () => {
    const { url, cookie: own, setCookie } = await openCheckout('cookie@example.com');
    expect(own).toMatch(new RegExp(`^${DEMO_CHECKOUT_COOKIE}=[\\w-]{43}$`));
    const attributes = setCookie.split('; ').slice(1).sort();
    expect(attributes).toEqual(['HttpOnly', 'Max-Age=3600', `Path=${url}`, 'SameSite=Strict', 'Secure']);
  });

  it("refuses another site's post to Pay or Cancel with 403, and nothing is paid", async () => {
    const { user, url } = await openCheckout('csrf-target@example.com');
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    for (const action of ['pay', 'cancel']) {
      const res = await submit(`${url}/${action}`, crossSite);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Cross-site request refused' });
    }
    // A browser without Sec-Fetch-Site: its Origin must be PUBLIC_URL's.
    const legacy = (origin: string) =>
      fetch(`${d.h.app.baseUrl}${url}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin },
        body: '',
      });
    expect((await legacy('https://evil.example')).status).toBe(403);
    expect((await legacy('null')).status).toBe(403);
    expect((await users.profile(user.id)).hasAccess).toBe(false);
    expect((await legacy('https://goldroute.test')).status).toBe(303);
    expect((await users.profile(user.id)).hasAccess).toBe(true);
  });

  it("another account's browser, or one without the cookie, can neither see nor pay the checkout", async () => {
    const owner = await openCheckout('owner@example.com');
    const other = await openCheckout('someone-else@example.com');
    for (const stranger of [other.cookie, '', `${DEMO_CHECKOUT_COOKIE}=${'x'.repeat(43)}`]) {
      cookie = stranger;
      const seen = await page(owner.url);
      expect(seen.status).toBe(403);
      expect(await seen.text()).toContain(NOT_YOUR_CHECKOUT);
      expect((await submit(`${owner.url}/pay`)).status).toBe(403);
      expect((await submit(`${owner.url}/cancel`)).status).toBe(403);
    }
    expect((await users.profile(owner.user.id)).hasAccess).toBe(false);
    cookie = owner.cookie;
    expect((await submit(`${owner.url}/pay`)).status).toBe(303);
    expect((await users.profile(owner.user.id)).hasAccess).toBe(true);
  });
});

describe('demo renewals', () => {
  it('charge each period once, even when two billing runs meet', async () => {
    const { user, url } = await openCheckout('renewals@example.com');
    await submit(`${url}/pay`);
    d.h.clock.advanceMinutes(32 * 24 * 60);
    const demo = d.h.app.payments.demo;
    await Promise.all([demo?.runBilling(), demo?.runBilling()]);
    const customer = `cus_demo_${user.id.replaceAll('-', '')}`;
    const charges = await d.h.app.database.db
      .select()
      .from(demoInvoices)
      .where(eq(demoInvoices.customerId, customer));
    expect(charges.map((c) => c.billingReason).sort()).toEqual(['subscription_create', 'subscription_cycle']);
    expect((await users.profile(user.id)).hasAccess).toBe(true);
  });

  it('the fail switch is for admins only', async () => {
    const { user, url } = await openCheckout('switch-target@example.com');
    await submit(`${url}/pay`);
    const admin = await users.signUp('switch-admin@example.com');
    await d.h.app.database.db.update(usersTable).set({ role: 'admin' }).where(eq(usersTable.id, admin.id));
    const call = async (as: string, userId: string) =>
      d.h.api.post('/shared/payments/demo/fail-next-payment', { userId }, { token: await users.token(as) });
    expect(await call(user.id, user.id)).toMatchObject({ status: 403, body: { error: ACCESS.adminOnly } });
    expect((await call(admin.id, user.id)).status).toBe(200);
    expect((await call(admin.id, admin.id)).status).toBe(404);
    expect((await call(admin.id, 'not-a-uuid')).status).toBe(400);
  });
});

describe('demo billing arithmetic', () => {
  it('adds calendar months, clamped to the month end, and years', () => {
    expect(addInterval(new Date('2026-01-31T10:00:00Z'), 'month').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addInterval(new Date('2028-01-31T10:00:00Z'), 'month').toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(addInterval(new Date('2026-11-24T15:00:00Z'), 'year').toISOString()).toBe(
      '2027-11-24T15:00:00.000Z',
    );
  });

  it('prorates a change: the rest of the period at the new price, the unused part credited', () => {
    const price = (lookupKey: string, unitAmount: number, interval: 'month' | 'year') => ({
      id: `price_${lookupKey}`,
      lookupKey,
      unitAmount,
      currency: 'usd',
      interval,
      active: true,
      createdAt: new Date(0),
    });
    const [basic, advanced, yearly] = [
      price('basic_monthly', 499, 'month'),
      price('advanced_monthly', 799, 'month'),
      price('basic_yearly', 4990, 'year'),
    ];
    const period = { start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-12-01T00:00:00Z') };
    const half = new Date('2026-11-16T00:00:00Z');
    const up = changeLines(basic, advanced, period, half);
    expect(up.map((l) => [l.description, l.amount])).toEqual([
      ['Unused time on 1 × Basic after 16 Nov 2026', -250], // 249.5 rounded
      ['Remaining time on 1 × Advanced after 16 Nov 2026', 400], // 399.5 rounded
    ]);
    expect(totalOf(up)).toBe(150);
    expect(totalOf(changeLines(advanced, basic, period, half))).toBe(-150);
    expect(changeLines(basic, yearly, period, half).map((l) => [l.description, l.amount])).toEqual([
      ['Unused time on 1 × Basic after 16 Nov 2026', -250],
      ['1 × Basic (at $49.90 / year)', 4990],
    ]);
    // By the whole second, as Stripe counts: a few milliseconds change nothing.
    expect(totalOf(changeLines(basic, advanced, period, new Date(half.getTime() + 999)))).toBe(150);
  });
});
