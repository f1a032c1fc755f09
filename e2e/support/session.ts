// Signing in as a journey does it: JSON calls to the API, the seeded subscriber with every US realm saved,
// and the login form in the browser.
import type { TestApp } from '@goldroute/server/test-support';
import type { Page } from 'playwright-core';
import { seedDemoCredentials, type Credentials } from './accounts';

/** A JSON call to the app's API (POST when there is a body, else GET); throws unless the answer is 2xx. */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Seeds the demo accounts and saves every US realm as the subscriber's buying and selling realm, over the
 * API as /config does; returns the subscriber's credentials.
 */
export async function seedSubscriberWithUsRealms(app: TestApp): Promise<Credentials> {
  const { subscriber } = await seedDemoCredentials(app);
  const login = await callApi<{ accessToken: string }>(app.baseUrl, '/shared/users/login', {
    body: { ...subscriber, rememberMe: false },
  });
  const realms = await callApi<{ id: number }[]>(app.baseUrl, '/shared/data/realms/us');
  const values = realms.map((r) => String(r.id));
  await callApi(app.baseUrl, '/shared/users/settings', {
    method: 'PUT',
    token: login.accessToken,
    body: { region: 'us', retailBuyingRealmsUS: values, retailSellingRealmsUS: values },
  });
  return subscriber;
}

/** Fills the login form already on the page and submits it. */
export async function submitLogin(page: Page, { email, password }: Credentials, rememberMe = false) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me for 30 days').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens /login, logs in and waits until the app has routed away from /login. */
export async function logInInBrowser(page: Page, baseUrl: string, who: Credentials) {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, who);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30_000 });
}
