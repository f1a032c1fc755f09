// Real Blizzard data in the browser: the app on MARKET_SOURCE=blizzard against a loopback Blizzard serving
// the real EU dumps and item records of fixtures/blizzard-real, with raidbots' bonus data cut a patch
// behind. The flipping tool shows squished item levels, "unknown" (never a guess) where the data is behind,
// and the Auctionator popup says how many rows it had to leave out.
import {
  loopbackGate,
  realBlizzardEnv,
  startRealBlizzard,
  type RealBlizzard,
} from '@goldroute/server/test-support/real-blizzard';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotBothWidths } from '../support/browser';
import { startServer } from '../support/server';
import { callApi, logInInBrowser } from '../support/session';
import { seedDemoCredentials } from '../support/accounts';

const FLIPPING = '/retail-cross-realm-flipping-tool/eu';
let blizzard: RealBlizzard;
let app: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  blizzard = await startRealBlizzard({ bonusIdsBelow: 10800 });
  [app, browser] = await Promise.all([
    startServer(realBlizzardEnv(blizzard), { blizzardGate: loopbackGate() }),
    launchBrowser(),
  ]);
  // The first refresh learns the dumps' items; the second builds with all of them.
  await app.market.refreshNow();
  await app.market.refreshNow();
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await blizzard?.close();
});

describe('real Blizzard data', { timeout: 120_000 }, () => {
  it('shows squished levels and "unknown" where the bonus data is behind, and says what the lists leave out', async () => {
    const { subscriber } = await seedDemoCredentials(app);
    const login = await callApi<{ accessToken: string }>(app.baseUrl, '/shared/users/login', {
      body: { ...subscriber, rememberMe: false },
    });
    const realms = blizzard.realmIds.map(String);
    await callApi(app.baseUrl, '/shared/users/settings', {
      method: 'PUT',
      token: login.accessToken,
      body: { region: 'eu', retailBuyingRealmsEU: realms, retailSellingRealmsEU: realms },
    });
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await logInInBrowser(page, app.baseUrl, subscriber);
    await page.goto(`${app.baseUrl}${FLIPPING}`);
    const rows = page.locator('tbody tr[data-trade-key]');
    await rows.first().waitFor({ timeout: 30_000 });

    // The ilvl column (4th): whole numbers below 200 (after the squish), or "unknown" with its reason.
    const levels = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = tr.querySelectorAll('td')[3];
        return { text: cell?.textContent?.trim() ?? '', title: cell?.getAttribute('title') ?? '' };
      }),
    );
    const unknown = levels.filter((l) => l.text === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    for (const l of unknown)
      expect(l.title).toBe("ilvl unknown: the bonus data does not know this item's bonus ids yet");
    const known = levels.filter((l) => l.text !== 'unknown' && l.text !== '').map((l) => Number(l.text));
    expect(known.length).toBeGreaterThan(0);
    for (const level of known)
      expect(Number.isInteger(level) && level >= 1 && level < 200, String(level)).toBe(true);
    expect(await screenshotBothWidths(page, 'real-data-flipping')).toBe(0);

    await page.getByRole('button', { name: 'Get Auctionator Lists' }).click();
    const popup = page.getByRole('dialog', { name: 'Get Auctionator Shopping Lists' });
    await popup.waitFor();
    await expect
      .poll(() => popup.getByRole('note').textContent())
      .toMatch(/^\d+ item\(s\) left out: item level unknown \(bonus data is behind the game\)$/);
    const text = await popup.getByRole('textbox').inputValue();
    for (const line of text.split('\n')) expect(line).toMatch(/^GoldRoute Buy from [^^]+(\^"[^"]*";[^^]*)+$/);
    expect(await screenshotBothWidths(page, 'real-data-auctionator')).toBe(0);
  });
});
