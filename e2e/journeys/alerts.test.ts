// Route alerts end to end: a subscriber pastes a loopback Discord webhook on /config-personal (the server
// test-posts to it), the simulator publishes its next batch with fast hours, and the webhook receives
// exactly one alert for that batch, naming the routes the flipping tool shows through the rule's filters.
import {
  ALERT_TEXTS,
  itemPasses,
  meetsConfidence,
  viewFromParams,
  type DiscordMessage,
  type TradeItem,
} from '@goldroute/domain';
import type { AlertRule } from '@goldroute/domain/api';
import { startTestApp, type TestApp } from '@goldroute/server/test-support';
import { startDiscordMessagesServer } from '@goldroute/server/test-support/discord';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '../support/accounts';
import { launchBrowser } from '../support/browser';
import { unexpectedProblems, watchPage } from '../support/page-checks';
import { callApi, logInInBrowser, seedSubscriberWithUsRealms } from '../support/session';

const HOOK = { id: '998877665544332211', token: 'journey_webhook_token_abcdefghijklmnop' };
const HOUR_SECONDS = 30;

let discord: Awaited<ReturnType<typeof startDiscordMessagesServer>>;
let app: TestApp;
let browser: Browser;
let subscriber: Credentials;

beforeAll(async () => {
  discord = await startDiscordMessagesServer({ webhooks: { [HOOK.id]: HOOK.token }, globalPerSecond: 50 });
  [app, browser] = await Promise.all([
    startTestApp({
      MARKET_SOURCE: 'simulator',
      SIMULATOR_SIZE: 'small',
      SIMULATOR_HOUR_SECONDS: String(HOUR_SECONDS),
      EVIDENCE_REPLAY_DAYS: '0',
      DISCORD_API_URL: discord.apiUrl,
    }),
    launchBrowser(),
  ]);
  await app.market.refreshNow();
  subscriber = await seedSubscriberWithUsRealms(app);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await discord?.close();
});

const alerts = () => discord.delivered.filter((d) => d.message.content !== ALERT_TEXTS.testPost);
const fieldLines = (message: DiscordMessage) =>
  message.embeds.flatMap((e) => e.fields.map((f) => `${f.name}: ${f.value.split('\n')[0]}`));

describe('route alerts', { timeout: 240_000 }, () => {
  it('a webhook pasted on /config-personal receives exactly one alert for the next batch, with its routes', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const { problems } = watchPage(page);
    await logInInBrowser(page, app.baseUrl, subscriber);
    await page.goto(`${app.baseUrl}/config-personal#alerts`);
    const form = page.getByRole('form', { name: 'Add an alert rule' });
    await form.getByLabel('Min expected profit (gold)').fill('0');
    await form.getByLabel('Webhook URL').fill(`${discord.apiUrl}/webhooks/${HOOK.id}/${HOOK.token}`);
    await form.getByRole('button', { name: 'Add alert rule' }).click();
    await page.getByRole('list', { name: 'Alert rules' }).getByText('Filters as saved when added').waitFor();
    expect(discord.delivered.map((d) => d.message.content)).toEqual([ALERT_TEXTS.testPost]);

    // The rule as saved, and the snapshot when it was added: its alerts start with the next batch.
    const login = await callApi<{ accessToken: string }>(app.baseUrl, '/shared/users/login', {
      body: { ...subscriber, rememberMe: false },
    });
    const { rules } = await callApi<{ rules: AlertRule[] }>(app.baseUrl, '/shared/users/alerts', {
      token: login.accessToken,
    });
    expect(rules).toHaveLength(1);
    const rule = rules[0]!;
    const addedOn = app.market.store.current('us')!.lastModified;

    await expect.poll(() => alerts().length, { timeout: 3 * HOUR_SECONDS * 1000, interval: 500 }).toBe(1);
    const alert = alerts()[0]!;
    const batch = app.market.store.current('us')!.lastModified;
    expect(batch).toBeGreaterThan(addedOn);

    // The routes the flipping tool shows through the rule's filters, over the subscriber's realms.
    const shown = await callApi<{ data: { items: TradeItem[] } }>(
      app.baseUrl,
      '/retail/market/ah-data-undercut/us',
      { token: login.accessToken, body: {} },
    );
    const filters = viewFromParams(new URLSearchParams(rule.view ?? ''), {
      key: 'name',
      direction: 'asc',
    })!.filters;
    const expected = shown.data.items.filter(
      (row) =>
        itemPasses(row, filters) &&
        row.realisticProfit >= rule.minProfit &&
        meetsConfidence(row.confidence, rule.minConfidence) &&
        !row.flags.includes('stale'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(alert.message.content).toContain(
      `**${expected.length} new route${expected.length === 1 ? '' : 's'}** on US`,
    );
    const lines = fieldLines(alert.message);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(
        expected.some(
          (r) =>
            line.startsWith(`${r.name}: Buy ${r.buyingConnectedRealmName} `) &&
            line.includes(`-> Sell ${r.sellingConnectedRealmName} `),
        ),
        line,
      ).toBe(true);

    // Nothing more for this batch: the next alert, if any, comes with the next batch.
    await expect
      .poll(() => app.market.store.current('us')!.lastModified, {
        timeout: 2 * HOUR_SECONDS * 1000,
        interval: 500,
      })
      .toBeGreaterThan(batch);
    const nextBatchAt = Date.now();
    expect(alerts().filter((a) => a.at < nextBatchAt - 1_000)).toHaveLength(1);
    expect(unexpectedProblems(problems, [[401, '/shared/users/login-remember-me']])).toEqual([]);
    await context.close();
  });
});
