import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCredentials, type Credentials } from '../support/accounts';
import { launchBrowser, screenshotBothWidths } from '../support/browser';
import { horizontalOverflow, unexpectedProblems, watchPage } from '../support/page-checks';
import type { TestApp } from '@goldroute/server/test-support';
import { startServerOnStillMarket } from '../support/server';
import { callApi, logInInBrowser } from '../support/session';

// Filter presets and shared views in real browsers: a view lives in the page URL (so another browser opens
// the same rows from a link, and the back button steps through it), and a preset saved in one browser is
// applied in another.

const REMEMBER_ME_MISS: [number, string] = [401, '/shared/users/login-remember-me'];
const FLIPPING = '/retail-cross-realm-flipping-tool/us';
const PRESET = 'Cheap buys with an a';

let app: TestApp;
let browser: Browser;
let demo: { admin: Credentials; subscriber: Credentials };
let realms: { id: number }[];
/** The admin's buying realms: a few of the region's, so a link naming others is fitted to these. */
let adminBuying: number[];

const url = (path: string) => `${app.baseUrl}${path}`;

async function saveRealms(who: Credentials, buying: number[], selling: number[]) {
  const login = await callApi<{ accessToken: string }>(app.baseUrl, '/shared/users/login', {
    body: { ...who, rememberMe: false },
  });
  await callApi(app.baseUrl, '/shared/users/settings', {
    method: 'PUT',
    token: login.accessToken,
    body: {
      region: 'us',
      retailBuyingRealmsUS: buying.map(String),
      retailSellingRealmsUS: selling.map(String),
    },
  });
}

beforeAll(async () => {
  [app, browser] = await Promise.all([
    // No batch lands while rows are compared across browsers.
    startServerOnStillMarket('small'),
    launchBrowser(),
  ]);
  await app.market.refreshNow();
  demo = await seedDemoCredentials(app);
  realms = await callApi<{ id: number }[]>(app.baseUrl, '/shared/data/realms/us');
  const all = realms.map((r) => r.id);
  adminBuying = all.slice(0, 3);
  await saveRealms(demo.subscriber, all, all);
  await saveRealms(demo.admin, adminBuying, all);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function signedIn(who: Credentials, width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const { problems } = watchPage(page);
  await logInInBrowser(page, app.baseUrl, who);
  return { page, context, problems };
}

const rows = (page: Page) => page.locator('tbody tr[data-trade-key]');
const summary = (page: Page) => page.getByText(/^Total items found: \d+/).innerText();
/** The item names of the first page, top to bottom. */
const names = (page: Page) =>
  rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector('a')?.textContent?.trim() ?? ''));
/** The Buy Realm cells of the first page (the column before the favourite star). */
const buyRealms = (page: Page) =>
  rows(page).evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = tr.querySelectorAll('td');
      return cells.item(cells.length - 2).textContent?.trim() ?? '';
    }),
  );

async function openTool(page: Page, path: string) {
  await page.goto(url(path));
  await rows(page).first().waitFor({ timeout: 30_000 });
}

/** Waits until the table shows `expected` (a render follows a URL change). */
async function untilNames(page: Page, expected: string[]) {
  await expect.poll(() => names(page), { timeout: 10_000 }).toEqual(expected);
}

describe('presets and shared views', { timeout: 180_000 }, () => {
  it('a view goes into the URL, back and forward step through it, a preset and a link restore it elsewhere', async () => {
    const first = await signedIn(demo.subscriber);
    const { page } = first;
    await openTool(page, FLIPPING);
    const opening = { names: await names(page), summary: await summary(page) };

    await page.getByRole('button', { name: 'Buy Price' }).click();
    await page.getByRole('searchbox').fill('a');
    await expect.poll(() => new URL(page.url()).searchParams.get('name')).toBe('a');
    // The table filters a moment after the address changes (a deferred render).
    await expect.poll(() => summary(page)).not.toBe(opening.summary);
    const link = page.url();
    expect(new URL(link).searchParams.get('sort')).toBe('buyPrice.desc');
    const shown = { names: await names(page), summary: await summary(page) };
    expect(shown.names).not.toEqual(opening.names);

    await page.getByRole('button', { name: 'Presets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter presets' });
    await dialog.getByLabel('Preset name').fill(PRESET);
    await dialog.getByRole('button', { name: 'Save current view' }).click();
    await dialog.getByText('Current view', { exact: true }).waitFor();
    await screenshotBothWidths(page, 'tools-presets-dialog');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();

    // The name box replaced its entry; the sort click made one: back is the opening view, forward again.
    await page.goBack();
    await untilNames(page, opening.names);
    expect(await summary(page)).toBe(opening.summary);
    await page.goForward();
    await untilNames(page, shown.names);

    // Another browser, the same subscriber: the link opens the same rows, and so does the preset.
    const second = await signedIn(demo.subscriber);
    await openTool(second.page, new URL(link).pathname + new URL(link).search);
    expect(await names(second.page)).toEqual(shown.names);
    expect(await summary(second.page)).toBe(shown.summary);
    expect(await second.page.getByRole('searchbox').inputValue()).toBe('a');
    await openTool(second.page, FLIPPING);
    await untilNames(second.page, opening.names);
    await second.page.getByRole('button', { name: 'Presets' }).click();
    await second.page.getByRole('dialog').getByRole('button', { name: PRESET, exact: true }).click();
    await untilNames(second.page, shown.names);
    expect(await summary(second.page)).toBe(shown.summary);
    expect(new URL(second.page.url()).search).toBe(new URL(link).search);

    expect(unexpectedProblems(first.problems, [REMEMBER_ME_MISS])).toEqual([]);
    expect(unexpectedProblems(second.problems, [REMEMBER_ME_MISS])).toEqual([]);
    await Promise.all([first.context.close(), second.context.close()]);
  });

  it("another subscriber's link names realms the opener has not chosen: it opens on the opener's own", async () => {
    const { page, context, problems } = await signedIn(demo.admin);
    const notChosen = realms.map((r) => r.id).filter((id) => !adminBuying.includes(id));

    await openTool(page, `${FLIPPING}?buy=${[notChosen[0], adminBuying[0]].join(',')}&sort=buyPrice.desc`);
    expect(new Set(await buyRealms(page)).size).toBe(1);

    await openTool(page, `${FLIPPING}?buy=${notChosen.slice(0, 2).join(',')}&sort=buyPrice.desc`);
    // None of the named realms is the admin's: all three of theirs are selected.
    const all = new Set(await buyRealms(page));
    expect(all.size).toBeGreaterThan(1);
    expect(all.size).toBeLessThanOrEqual(adminBuying.length);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(unexpectedProblems(problems, [REMEMBER_ME_MISS])).toEqual([]);
    await context.close();
  });
});
