import type { User } from '@goldroute/domain/api';
import { currentSubscriptionOf } from '../modules/payments/subscription-rows';
import { STRONG_PASSWORD, startHarness, type Harness } from './accounts';
import { startStripeServer, type StripeServer } from '@goldroute/stripe-fake';
import { createTestClock } from './test-clock';

/**
 * One money-path driver per payment provider, so the same suite (payments.test.ts) runs against the
 * built-in demo provider and against the real Stripe SDK talking to a loopback Stripe. A driver plays the
 * provider's side: the customer paying at checkout, and time reaching the end of a period.
 */
export interface ProviderDriver {
  name: 'demo' | 'stripe';
  h: Harness;
  /** The customer pays at the checkout page the app sent them to; returns where the browser lands. */
  pay(paymentSessionUrl: string): Promise<string>;
  /** The customer pays what is open on the provider's billing page (a new card); where the browser lands. */
  payInPortal(portalUrl: string): Promise<string>;
  /** The customer leaves the checkout page without paying. */
  leave(paymentSessionUrl: string): Promise<void>;
  /** The end of the paid period comes: a renewal (failing if asked), or the end of a cancelled one. */
  periodEnds(userId: string, options?: { fail?: boolean }): Promise<void>;
  /** Waits until the provider's reports of the last action have reached the app. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** When the user's current provider subscription's period ends (unix seconds), as we stored it. */
async function currentPeriodEnd(h: Harness, userId: string): Promise<number | null> {
  const now = Math.floor(h.clock.now().getTime() / 1000);
  const current = await currentSubscriptionOf(h.app.database.db, userId, now);
  return current?.currentPeriodEnd ?? null;
}

/**
 * The customer's browser, as far as the demo checkout needs one: the harness's JSON client keeps the cookie
 * the checkout call sets for its checkout page (demo/checkout-owner.ts), and `cookieFor` gives it back for
 * that page's path.
 */
export function keepCheckoutCookies(h: Harness): { cookieFor(path: string): string } {
  const jar = new Map<string, string>();
  const post = h.api.post;
  h.api.post = (async (...args: Parameters<typeof post>) => {
    const res = await post(...args);
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = /;\s*path=([^;]+)/i.exec(line)?.[1];
      if (at?.startsWith('/demo-checkout/') || at?.startsWith('/demo-portal/')) jar.set(at, pair);
    }
    return res;
  }) as typeof post;
  return {
    cookieFor: (path) => [...jar].find(([at]) => path === at || path.startsWith(`${at}/`))?.[1] ?? '',
  };
}

/** The built-in demo provider: its checkout page's Pay button, and its billing job on the app's clock. */
export async function startDemoDriver(): Promise<ProviderDriver> {
  const h = await startHarness({ PAYMENT_PROVIDER: 'demo' });
  const demo = h.app.payments.demo;
  if (!demo) throw new Error('the demo provider is not running');
  const browser = keepCheckoutCookies(h);
  const post = async (path: string) => {
    const res = await fetch(`${h.app.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        cookie: browser.cookieFor(path),
      },
      body: '',
      redirect: 'manual',
    });
    if (res.status !== 303) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return res.headers.get('location') ?? '';
  };
  return {
    name: 'demo',
    h,
    pay: (url) => post(`${url}/pay`),
    payInPortal: (url) => post(`${url}/pay`),
    leave: async (url) => void (await post(`${url}/cancel`)),
    async periodEnds(userId, options = {}) {
      if (options.fail && !(await demo.failNextPayment(userId))) throw new Error('no subscription to fail');
      const end = (await currentPeriodEnd(h, userId)) ?? 0;
      const minutes = Math.ceil((end * 1000 - h.clock.now().getTime()) / 60_000) + 1;
      if (minutes > 0) h.clock.advanceMinutes(minutes);
      await demo.runBilling();
    },
    settled: async () => undefined,
    close: () => h.close(),
  };
}

/**
 * Signed-up users of one harness by id. Their access token is renewed by logging in again once the test
 * clock has moved on (a month of billing outlives any token), so a test just asks for a user's token.
 */
export function testUsers(h: Harness) {
  const known = new Map<string, { email: string; token: string; at: number }>();
  const now = () => h.clock.now().getTime();

  async function login(email: string): Promise<string> {
    const res = await h.api.post<{ accessToken: string }>('/shared/users/login', {
      email,
      password: STRONG_PASSWORD,
    });
    if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}`);
    return res.body.accessToken;
  }

  async function token(userId: string): Promise<string> {
    const k = known.get(userId);
    if (!k) throw new Error(`unknown test user ${userId}`);
    if (now() - k.at > 10 * 60_000) Object.assign(k, { token: await login(k.email), at: now() });
    return k.token;
  }

  return {
    async signUp(email: string): Promise<{ id: string; email: string }> {
      const s = await h.signUp(email);
      known.set(s.user.id, { email, token: s.accessToken, at: now() });
      return { id: s.user.id, email };
    },
    token,
    async profile(userId: string): Promise<User> {
      const res = await h.api.get<{ user: User }>('/shared/users/profile', { token: await token(userId) });
      if (res.status !== 200) throw new Error(`profile answered ${res.status}`);
      return res.body.user;
    },
  };
}

export const STRIPE_TEST_KEY = 'sk_test_goldroute_loopback';
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_goldroute_loopback';

/**
 * The real Stripe SDK against our loopback Stripe, which delivers signed webhooks to the app. Both sides read
 * the same movable clock.
 */
export async function startStripeDriver(): Promise<ProviderDriver & { stripe: StripeServer }> {
  const clock = createTestClock();
  const stripe = await startStripeServer({
    apiKey: STRIPE_TEST_KEY,
    webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
    now: () => Math.floor(clock.now().getTime() / 1000),
  });
  const h = await startHarness(
    {
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_TIMEOUT_MS: '1500',
    },
    { clock },
  );
  stripe.setWebhookUrl(`${h.app.baseUrl}/shared/payments/webhook`);
  const sessionOf = (url: string) => url.split('/').pop() ?? '';
  return {
    name: 'stripe',
    h,
    stripe,
    async pay(url) {
      const { redirectUrl } = await stripe.completeCheckout(sessionOf(url));
      return redirectUrl.replace(h.app.config.publicUrl, '');
    },
    leave: async (url) => void stripe.abandonCheckout(sessionOf(url)),
    async payInPortal(url) {
      const back = await stripe.payInPortal(sessionOf(url));
      return (back ?? '').replace(h.app.config.publicUrl, '');
    },
    async periodEnds(userId, options = {}) {
      const now = Math.floor(h.clock.now().getTime() / 1000);
      const current = await currentSubscriptionOf(h.app.database.db, userId, now);
      if (!current) throw new Error('no subscription to renew');
      const minutes = Math.ceil((current.currentPeriodEnd - now) / 60) + 1;
      if (minutes > 0) h.clock.advanceMinutes(minutes);
      await stripe.renew(current.id, { fail: options.fail ?? false });
    },
    settled: () => stripe.idle(),
    close: async () => {
      await stripe.idle();
      await h.close();
      await stripe.close();
    },
  };
}
