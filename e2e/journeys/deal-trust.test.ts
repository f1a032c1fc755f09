// Deal trust in the browser (docs/deal-trust.md): the embedded simulator replays two past days into evidence,
// the flipping tool shows the confidence badge and realistic profit, a row opens its 14-day history,
// and "Minimum confidence: High" keeps only high-confidence rows.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../support/accounts';
import { launchBrowser, screenshotBothWidths } from '../support/browser';
import { startServer } from '../support/server';
import { logInInBrowser, seedSubscriberWithUsRealms } from '../support/session';

const FLIPPING = '/retail-cross-realm-flipping-tool/us';
let app: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let subscriber: Credentials;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startServer({ MARKET_SOURCE: 'simulator', SIMULATOR_SIZE: 'tiny', EVIDENCE_REPLAY_DAYS: '2' }),
    launchBrowser(),
  ]);
  await app.market.refreshNow();
  subscriber = await seedSubscriberWithUsRealms(app);
  // The replay runs in the background: wait until its snapshot (a day and more of evidence) is out.
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const snapshot = app.market.store.current('us')?.snapshot;
    if (snapshot && Math.max(...snapshot.realmHoursObserved) >= 24) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function flippingPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await logInInBrowser(page, app.baseUrl, subscriber);
  await page.goto(`${app.baseUrl}${FLIPPING}`);
  await page.locator('tbody tr[data-trade-key]').first().waitFor({ timeout: 30_000 });
  return page;
}

describe('deal trust', { timeout: 120_000 }, () => {
  it('shows confidence and expected profit, opens a deal with its 14-day history, filters by confidence', async () => {
    const page = await flippingPage();
    const headers = await page.getByRole('columnheader').allInnerTexts();
    const at = headers.findIndex((h) => /Sell vs Buy/i.test(h));
    expect(headers[at + 1]).toMatch(/Confidence/i);
    expect(headers[at + 2]).toMatch(/Expected\s+Profit/i);
    const badges = page.locator('tbody tr[data-trade-key] [data-col="confidence"] button');
    expect(await badges.count()).toBeGreaterThan(1);
    // textContent: rows below the fold are not rendered yet (content-visibility: auto).
    const badgeTexts = () => badges.evaluateAll((els) => els.map((e) => e.textContent?.trim() ?? ''));
    const levels = new Set(await badgeTexts());
    expect(
      [...levels].filter((l) => !['High', 'Medium', 'Low'].includes(l)),
      [...levels].join('|'),
    ).toEqual([]);

    // The details of the first row: its evidence and the chart of both realms.
    const firstRow = page.locator('tbody tr[data-trade-key]').first();
    const name = await firstRow.locator('td').nth(1).locator('a').first().getAttribute('title');
    await badges.first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    if (name) await expect.poll(() => dialog.innerText()).toContain(name.slice(0, 10));
    await dialog.getByRole('img', { name: /Lowest price and sales per day, last 14 days/ }).waitFor();
    expect(await dialog.innerText()).toMatch(
      /Expected profit -?[\d,]+g: a \d+% chance it sells within 48 hours/,
    );
    expect(await dialog.innerText()).toMatch(/Usual sell-realm price \(14 days\)/);
    expect(await screenshotBothWidths(page, 'deal-detail')).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Minimum confidence: Medium leaves no Low badge (two days of evidence on the tiny world give few
    // realms a clear record of sales: High is rare here).
    expect(levels.has('Low')).toBe(true);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Advanced Filters' });
    await panel.getByLabel('Minimum confidence').selectOption({ label: 'Medium' });
    await panel.getByRole('button', { name: 'Apply Filters' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect
      .poll(async () => [...new Set(await badgeTexts())].filter((l) => l !== 'High').join(','), {
        timeout: 10_000,
      })
      .toBe('Medium');
    expect(await screenshotBothWidths(page, 'deal-trust-medium')).toBe(0);
  });
});
