// The calls the account journeys share (journeys/accounts.test.ts, journeys/sessions.test.ts): pages with
// their problems watched, the app's URLs, plain API calls, and accounts made over the API.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { browser, h, PASSWORD } from './account-journey';
import type { Credentials } from './accounts';
import { watchPage } from './page-checks';

let seq = 0;
export const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${++seq}@example.com`;

export async function newPage(width = 1440, context?: BrowserContext) {
  const ctx = context ?? (await browser.newContext({ viewport: { width, height: 900 } }));
  const page = await ctx.newPage();
  const watch = watchPage(page);
  return { page, context: ctx, watch };
}

export const url = (path: string) => `${h.app.baseUrl}${path}`;
export const pathOf = (page: Page) => new URL(page.url()).pathname;

export async function api(
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A confirmed account made over the API (the UI path is its own journey). */
export async function confirmedAccount(label: string): Promise<Credentials> {
  const email = newEmail(label);
  expect((await api('/shared/users/register', { email, password: PASSWORD })).status).toBe(201);
  const link = await h.linkFromMail(email);
  expect((await api(`/shared/users/${link.replace('/confirm-email/', 'confirm/')}`)).status).toBe(200);
  return { email, password: PASSWORD };
}

export const storedAuth = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('goldroute.auth') ?? 'null') as {
        isAuthenticated: boolean;
        tokens: { accessToken: string; refreshToken: string; tokenId: string };
      } | null,
  );
