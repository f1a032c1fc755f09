import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoDriver, testUsers, type ProviderDriver } from '../../../test-support/payments';
import { DEMO_CHECKOUT_COOKIE } from './checkout-owner';
import { DEMO_PORTAL_MINUTES } from './demo-portal';
import { DEMO_PORTAL_TEXTS, DEMO_PORTAL_TITLE } from './demo-portal.routes';

// The demo's billing page, in place of Stripe's customer portal: what it shows, and who may use it.

let d: ProviderDriver;
let users: ReturnType<typeof testUsers>;
beforeAll(async () => {
  d = await startDemoDriver();
  users = testUsers(d.h);
});
afterAll(() => d.close());

const page = (path: string, cookie: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${d.h.app.baseUrl}${path}`, { redirect: 'manual', ...init, headers: { cookie, ...init.headers } });
const submit = (path: string, cookie: string, site = 'same-origin') =>
  page(path, cookie, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': site },
    body: '',
  });

/** A subscriber (their renewal failing if asked) who opened the billing page: its path and their cookie. */
async function openPortal(name: string, options: { fail?: boolean } = {}) {
  const user = await users.signUp(`${name}@example.com`);
  const token = await users.token(user.id);
  const prices = (
    await d.h.api.get<{ data: { id: string; lookup_key: string }[] }>('/shared/payments/prices')
  ).body.data;
  const checkout = await d.h.api.post<{ paymentSessionUrl: string }>(
    '/shared/payments/checkout',
    { priceId: prices.find((p) => p.lookup_key === 'basic_monthly')?.id },
    { token },
  );
  await d.pay(checkout.body.paymentSessionUrl);
  if (options.fail) await d.periodEnds(user.id, { fail: true });
  const res = await d.h.api.post<{ url: string }>(
    '/shared/payments/billing-portal',
    {},
    { token: await users.token(user.id) },
  );
  const setCookie = res.headers.getSetCookie()[0] ?? '';
  return { user, url: res.body.url, cookie: setCookie.split(';')[0] ?? '', setCookie };
}

describe('the demo billing page', () => {
  it('shows the failed payment with Pay with a new card; paying goes back to /subscription, active again', async () => {
    const { user, url, cookie, setCookie } = await openPortal('portal-failed', { fail: true });
    expect(url).toMatch(/^\/demo-portal\/bps_demo_[\w-]+$/);
    expect(setCookie.split('; ').slice(1).sort()).toEqual([
      'HttpOnly',
      'Max-Age=3600',
      `Path=${url}`,
      'SameSite=Strict',
      'Secure',
    ]);
    expect(cookie).toMatch(new RegExp(`^${DEMO_CHECKOUT_COOKIE}=`));
    const res = await page(url, cookie);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain(DEMO_PORTAL_TITLE);
    expect(html).toContain(DEMO_PORTAL_TEXTS.failed);
    expect(html).toContain('$4.99 <span>due</span>');
    expect(html).toContain('1 × Basic (at $4.99 / month): $4.99');
    expect(html).toMatch(
      /<form method="post" action="\/demo-portal\/bps_demo_[\w-]+\/pay"><button[^>]*>Pay with a new card</,
    );
    expect(html).not.toMatch(/<style|style="/);

    const paid = await submit(`${url}/pay`, cookie);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/subscription');
    expect(await users.profile(user.id)).toMatchObject({
      inCancelation: false,
      stripeSubscription: { status: 'active' },
    });
    expect(await (await page(url, cookie)).text()).toContain(DEMO_PORTAL_TEXTS.upToDate);
  });

  it('with nothing to pay it says so, and offers the way back', async () => {
    const { url, cookie } = await openPortal('portal-up-to-date');
    const html = await (await page(url, cookie)).text();
    expect(html).toContain(DEMO_PORTAL_TEXTS.upToDate);
    expect(html).not.toContain(DEMO_PORTAL_TEXTS.pay);
    expect(html).toContain(`<a class="button" href="/subscription">${DEMO_PORTAL_TEXTS.back}</a>`);
  });

  it('another browser, another site and an old link are refused, and nothing is paid', async () => {
    const { user, url, cookie } = await openPortal('portal-guarded', { fail: true });
    const other = await openPortal('portal-other');
    expect((await page(url, '')).status).toBe(403);
    expect((await page(url, other.cookie)).status).toBe(403);
    expect(await (await page(url, other.cookie)).text()).toContain(DEMO_PORTAL_TEXTS.notYours);
    expect((await submit(`${url}/pay`, other.cookie)).status).toBe(403);
    expect((await submit(`${url}/pay`, cookie, 'cross-site')).status).toBe(403);
    expect((await page('/demo-portal/bps_demo_nope', cookie)).status).toBe(404);
    d.h.clock.advanceMinutes(DEMO_PORTAL_MINUTES + 1);
    expect(await (await page(url, cookie)).text()).toContain(DEMO_PORTAL_TEXTS.expired);
    expect((await submit(`${url}/pay`, cookie)).status).toBe(410);
    expect((await users.profile(user.id)).stripeSubscription?.status).toBe('past_due');
  });
});
