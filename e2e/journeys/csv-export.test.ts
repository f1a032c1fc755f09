import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../support/accounts';
import { launchBrowser } from '../support/browser';
import { unexpectedProblems, watchPage } from '../support/page-checks';
import { startServerOnStillMarket } from '../support/server';
import { logInInBrowser, seedSubscriberWithUsRealms } from '../support/session';

type TestApp = Awaited<ReturnType<typeof startServerOnStillMarket>>;

const REMEMBER_ME_MISS: [number, string] = [401, '/shared/users/login-remember-me'];
const FLIPPING = '/retail-cross-realm-flipping-tool/us';
const HEADER = [
  'Item Name',
  'Category',
  'ilvl',
  'Sell Rate',
  'Expansion',
  'Quality',
  'Extra Stats',
  'Sale Avg',
  'Sale Avg vs Buy',
  'Sale Avg vs Buy %',
  'Sell vs Buy',
  'Sell vs Buy %',
  'Confidence',
  'Expected Profit',
  'Sale Chance 48 h %',
  'Sell Price',
  'Sell Realm',
  'Buy Price',
  'Buy Realm',
];

let app: TestApp;
let browser: Browser;
let subscriber: Credentials;

beforeAll(async () => {
  [app, browser] = await Promise.all([startServerOnStillMarket('small'), launchBrowser()]);
  await app.market.refreshNow();
  subscriber = await seedSubscriberWithUsRealms(app);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const rows = (page: Page) => page.locator('tbody tr[data-trade-key]');
/** "Total items found: N | …": the rows passing the filters, over every page. */
const totalFound = async (page: Page) =>
  Number(/^Total items found: (\d+)/.exec(await page.getByText(/^Total items found: \d+/).innerText())![1]);

describe('CSV export', { timeout: 120_000 }, () => {
  it('flipping tool: Export CSV downloads the rows as shown, the table header first', async () => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const { problems } = watchPage(page);
    await logInInBrowser(page, app.baseUrl, subscriber);
    await page.goto(`${app.baseUrl}${FLIPPING}`);
    await rows(page).first().waitFor({ timeout: 30_000 });
    const found = await totalFound(page);
    expect(found).toBeGreaterThan(2);

    // One row unchecked (the second, so the first stays the file's first line).
    await rows(page).nth(1).getByRole('checkbox').uncheck();
    const first = rows(page).first();
    // A name over 30 characters is truncated on screen; its link's title holds the full name.
    const link = first.locator('td:nth-child(2) a').first();
    const firstName = (await link.getAttribute('title')) || (await link.innerText());
    const firstBuyRealm = (await first.locator('td:nth-child(17)').innerText()).trim();
    const firstBuyPrice = Number(
      (await first.locator('td:nth-child(16)').innerText()).replace(/[^\d-]/g, ''),
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^goldroute-flipping-us-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(new TextDecoder('utf-8', { fatal: true }).decode(bytes), {
      newline: '\r\n',
    });
    expect(parsed.errors).toEqual([]);
    const [header, ...lines] = parsed.data;
    expect(header).toEqual(HEADER);
    expect(lines).toHaveLength(found - 1);
    const at = (name: string) => HEADER.indexOf(name);
    expect(lines[0]![at('Item Name')]).toBe(firstName);
    expect(lines[0]![at('Buy Realm')]).toBe(firstBuyRealm);
    // The screen shows whole gold ("12,345g"); the file the exact amount.
    expect(Math.trunc(Number(lines[0]![at('Buy Price')]))).toBe(firstBuyPrice);
    for (const line of lines) expect(Number.isFinite(Number(line[at('Sell vs Buy')]))).toBe(true);

    expect(unexpectedProblems(problems, [REMEMBER_ME_MISS])).toEqual([]);
    await context.close();
  });
});
