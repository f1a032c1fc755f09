import type { TestApp } from '@goldroute/server/test-support';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCredentials, type Credentials } from '../support/accounts';
import { closeInOrder, launchBrowser, screenshotBothWidths } from '../support/browser';
import { openWatchedPage, unexpectedProblems } from '../support/page-checks';
import { startServer } from '../support/server';
import { submitLogin } from '../support/session';

// Realm settings, personal filter defaults, realm statistics and the header token price, as the seeded
// subscriber uses them against the simulator's market.
const REMEMBER_ME_MISS: [number, string] = [401, '/shared/users/login-remember-me'];

let app: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let watch: { problems: string[] };
let subscriber: Credentials;

const url = (path: string) => `${app.baseUrl}${path}`;
const pathOf = () => new URL(page.url()).pathname;

/** Screenshots at 1440 and 375 px, checking nothing overflows sideways on the phone. */
async function shoot(name: string) {
  expect(await screenshotBothWidths(page, name)).toBe(0);
}

const count = async (testId: string) => {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const [chosen = NaN, total = NaN] = text.split('/').map((part) => Number(part.trim()));
  return { chosen, total };
};

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startServer({ MARKET_SOURCE: 'simulator', SIMULATOR_SIZE: 'small' }),
    launchBrowser(),
  ]);
  await app.market.refreshNow();
  ({ subscriber } = await seedDemoCredentials(app));
  ({ context, page, watch } = await openWatchedPage(browser));
});

afterAll(() => closeInOrder(context, browser, app));

describe('settings journey of the seeded subscriber', () => {
  it('lands on /config, saves all US realms and unlocks the tools', async () => {
    await page.goto(url('/login'));
    await submitLogin(page, subscriber);
    await page.waitForURL('**/config');
    expect(pathOf()).toBe('/config');

    await page.getByTestId('buying-realms').waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Region' }).textContent()).toContain('US');
    const flipping = page.getByRole('button', { name: /Cross-realm flipping tool/ });
    expect(await flipping.isDisabled()).toBe(true);
    // The simulator's realm names are not the game's: a new user is told before picking any.
    await page.getByTestId('demo-data-notice').getByText('built-in market simulator').waitFor();
    await shoot('config-empty');

    await page.getByRole('button', { name: 'Add all buying realms' }).click();
    await page.getByRole('button', { name: 'Add all selling realms' }).click();
    const buying = await count('buying-count');
    expect(buying.chosen).toBeGreaterThan(0);
    expect(buying.chosen).toBe(buying.total);
    // Chosen but not saved yet.
    expect(await flipping.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Save all data' }).click();
    await expect.poll(() => flipping.isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: /TSM list generator/ }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Cross-realm dropship tool/ }).isEnabled()).toBe(true);
    expect(await page.getByTestId('saved-buying').textContent()).toBe(String(buying.chosen));
    await shoot('config-us-saved');
  });

  it('removes the Russian realms on EU only', async () => {
    expect(await page.getByRole('button', { name: 'Remove all Russian realms' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Region' }).click();
    await page.getByRole('option', { name: 'EU' }).click();
    await page.getByRole('button', { name: 'Remove all Russian realms' }).waitFor();
    await page.getByRole('button', { name: 'Add all buying realms' }).click();
    await page.getByRole('button', { name: 'Add all selling realms' }).click();
    const before = await count('buying-count');
    expect(before.chosen).toBe(before.total);

    await page.getByRole('button', { name: 'Remove all Russian realms' }).click();
    const after = await count('buying-count');
    const afterSelling = await count('selling-count');
    expect(after.chosen).toBeGreaterThan(0);
    expect(after.chosen).toBeLessThan(before.chosen);
    expect(afterSelling.chosen).toBe(after.chosen);
    // EU is not saved: its tools stay locked.
    expect(await page.getByRole('button', { name: /Cross-realm flipping tool/ }).isDisabled()).toBe(true);
    await shoot('config-eu');
  });

  it('saves personal filter defaults that survive a reload', async () => {
    await page.goto(url('/config-personal'));
    const goldProfit = page.getByRole('textbox', { name: 'Gold Profit', exact: true });
    await goldProfit.fill('25000');
    await goldProfit.press('Enter');
    await page.getByText('1 unsaved change(s).').waitFor();
    await page.getByRole('button', { name: 'Save Current Filters as Defaults' }).click();
    await page.getByText('Filter defaults saved successfully!').waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Personal filter defaults' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Gold Profit', exact: true }).inputValue()).toBe('25000');
    await page.getByText('Matches your saved defaults.').waitFor();
    // The live preview counts today's deals on the saved US realms that pass.
    await page.getByTestId('preview-passing').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('preview-passing').innerText()).toMatch(
      /^[\d,.K]+ of [\d,.K]+ deals on your US realms pass these filters$/,
    );
    const discord = page.getByRole('region', { name: 'Discord', exact: true });
    await discord.getByText('not available on this server').waitFor();
    expect(await discord.getByRole('button').count()).toBe(0);
    await shoot('config-personal');

    // The next visit of a tool opens with the saved defaults applied.
    await page.goto(url('/retail-cross-realm-flipping-tool/us'));
    const rows = page.locator('tbody tr[data-trade-key]');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('filter-badge').innerText()).toBe('1');
    const profits = (await rows.locator('td[data-col="sellVsBuy"]').allTextContents()).map((text) =>
      Number((/^-?[\d,]+g/.exec(text)?.[0] ?? text).replace(/[^\d-]/g, '')),
    );
    expect(profits.length).toBeGreaterThan(0);
    for (const profit of profits) expect(profit).toBeGreaterThanOrEqual(25000);
  });

  it('sorts realm statistics by another column, with the token price in the header', async () => {
    await page.goto(url('/retail-cross-realm-stats/us'));
    await page.getByRole('table').waitFor();
    const percentCheaper = page.getByRole('columnheader', { name: /% Cheaper/ });
    expect(await percentCheaper.getAttribute('aria-sort')).toBe('descending');

    const auctionsOf = () =>
      page.$$eval('tbody tr', (rows) =>
        rows.map((row) => (row.querySelectorAll('td')[1]?.textContent ?? '').trim()),
      );
    await page.getByRole('button', { name: /^Auctions/ }).click();
    expect(await page.getByRole('columnheader', { name: /^Auctions/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    const parse = (text: string) =>
      text.endsWith('M')
        ? Number(text.slice(0, -1)) * 1e6
        : text.endsWith('K')
          ? Number(text.slice(0, -1)) * 1e3
          : Number(text);
    const values = (await auctionsOf()).map(parse);
    expect(values.length).toBeGreaterThan(1);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    await page.getByRole('button', { name: /^Auctions/ }).click();
    expect(await page.getByRole('columnheader', { name: /^Auctions/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );

    const token = page.getByTestId('token-price');
    await expect.poll(() => token.textContent()).toMatch(/WoW Token: [\d,]+g/);
    await shoot('realm-stats');
    expect(unexpectedProblems(watch.problems, [REMEMBER_ME_MISS])).toEqual([]);
  });
});
