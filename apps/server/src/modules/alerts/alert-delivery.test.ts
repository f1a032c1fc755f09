import {
  ALERT_TEXTS,
  itemPasses,
  meetsConfidence,
  viewFromParams,
  type DiscordMessage,
  type TradeItem,
} from '@goldroute/domain';
import type { AlertRule, RealmsResponse } from '@goldroute/domain/api';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema';
import { createDiscordMessages } from '../../sources/discord-messages';
import { startDiscordMessagesServer } from '../../test-support/discord-messages-server';
import { startMarketHarness } from '../../test-support/market';
import { ALERT_FAILURES_BEFORE_OFF, createAlertDelivery, type AlertDelivery } from './alert-delivery';
import { alertJob } from './alert-jobs';

type Harness = Awaited<ReturnType<typeof startMarketHarness>>;
let h: Harness;
let discord: Awaited<ReturnType<typeof startDiscordMessagesServer>>;
const hooks: Record<string, string> = {};
let realmIds: number[];
/** The delivery the app runs after a batch, run here by hand on the current snapshot. */
let delivery: AlertDelivery;

const VIEW = 'profit=3000';
/** Expected profit, gold: low, as the simulator's first hours have seen few sales. */
const MIN_PROFIT = 100;

beforeAll(async () => {
  discord = await startDiscordMessagesServer({ webhooks: hooks });
  h = await startMarketHarness({ DISCORD_API_URL: discord.apiUrl });
  realmIds = (await h.api.get<RealmsResponse>('/shared/data/realms/us')).body.map((r) => r.id);
  delivery = createAlertDelivery({
    db: h.app.database.db,
    clock: h.clock,
    discord: createDiscordMessages({ apiUrl: discord.apiUrl, timeoutMs: 2_000 }),
    store: h.app.market.store,
    access: h.app.market.access,
    publicUrl: h.app.config.publicUrl,
    batchIntervalMs: 3_600_000,
    log: h.app.server.log,
  });
});
afterAll(async () => {
  await h.close();
  await discord.close();
});

/** A webhook Discord knows, and its URL. */
function newWebhook() {
  const id = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
  hooks[id] = `token-${randomUUID()}`.replace(/-/g, '_');
  return { id, url: `${discord.apiUrl}/webhooks/${id}/${hooks[id]}` };
}

/** A subscriber buying on three of the region's realms and selling on all of them. */
async function trader(realms = { buying: realmIds.slice(0, 3), selling: realmIds }) {
  const session = await h.subscriber(`alerts-${randomUUID().slice(0, 8)}@example.com`);
  await h.app.database.db
    .update(users)
    .set({ retailBuyingRealmsUS: realms.buying, retailSellingRealmsUS: realms.selling })
    .where(eq(users.id, session.user.id));
  return { token: session.accessToken, id: session.user.id, realms };
}

async function addRule(token: string, webhookUrl: string, over: Record<string, unknown> = {}) {
  const res = await h.api.post<{ rule: AlertRule }>(
    '/shared/users/alerts',
    {
      region: 'us',
      view: VIEW,
      minProfit: MIN_PROFIT,
      minConfidence: 'low',
      channel: 'webhook',
      webhookUrl,
      ...over,
    },
    { token },
  );
  expect(res.status).toBe(201);
  return res.body.rule;
}

/** The routes the flipping tool shows this user through the rule's filters, read over its HTTP call. */
async function routesShown(user: Awaited<ReturnType<typeof trader>>, view = VIEW, minProfit = MIN_PROFIT) {
  const res = await h.api.post<{ data: { items: TradeItem[] } }>(
    '/retail/market/ah-data-undercut/us',
    { retailBuyingRealms: user.realms.buying, retailSellingRealms: user.realms.selling },
    { token: user.token },
  );
  const filters = viewFromParams(new URLSearchParams(view), { key: 'name', direction: 'asc' })!.filters;
  return res.body.data.items.filter(
    (row) =>
      itemPasses(row, filters) &&
      row.realisticProfit >= minProfit &&
      meetsConfidence(row.confidence, 'low') &&
      !row.flags.includes('stale'),
  );
}

const sentTo = (hookId: string) => discord.delivered.filter((d) => d.target === `webhook:${hookId}`);
const alertsTo = (hookId: string) => sentTo(hookId).filter((d) => d.message.content !== ALERT_TEXTS.testPost);
/** "Buy A 1,234g (2 listed) -> Sell B ..." of every field of a message. */
const linesOf = (message: DiscordMessage) =>
  message.embeds.flatMap((e) => e.fields.map((f) => `${f.name}: ${f.value.split('\n')[0]}`));
const runAlerts = () => delivery.deliver('us');

describe('route alerts after a batch', () => {
  it('sends each subscriber one message with the routes their rule finds, and never the same route twice', async () => {
    const user = await trader();
    const hook = newWebhook();
    await addRule(user.token, hook.url);
    const expected = await routesShown(user);
    expect(expected.length).toBeGreaterThan(0);

    await runAlerts();
    const [alert, ...more] = alertsTo(hook.id);
    expect(more).toEqual([]);
    const message = alert!.message;
    expect(message.content).toContain(
      `**${expected.length} new route${expected.length === 1 ? '' : 's'}** on US`,
    );
    const lines = linesOf(message);
    // Every route the message names is one the tool shows, with its figures; the best route is among them.
    const best = [...expected].sort((a, b) => b.sellVsBuy - a.sellVsBuy)[0]!;
    expect(lines.some((l) => l.startsWith(`${best.name}: Buy ${best.buyingConnectedRealmName} `))).toBe(true);
    for (const line of lines) {
      const route = expected.find(
        (r) =>
          line.startsWith(`${r.name}: Buy ${r.buyingConnectedRealmName} `) &&
          line.includes(`Sell ${r.sellingConnectedRealmName} `),
      );
      expect(route, line).toBeDefined();
    }
    expect(lines.length).toBe(Math.min(expected.length, lines.length));
    // Each buying realm's embed links the tool on that realm through the rule's filters.
    const embed = message.embeds[0]!;
    expect(embed.url).toMatch(/^https:\/\/goldroute\.test\/retail-cross-realm-flipping-tool\/us\?/);
    expect(new URL(embed.url!).searchParams.get('profit')).toBe('3000');

    // The same snapshot again: nothing new, nothing sent.
    await runAlerts();
    expect(alertsTo(hook.id)).toHaveLength(1);
  });

  it('sends a destination one message a batch: routes that turn up soon after wait for the next', async () => {
    const user = await trader();
    const hook = newWebhook();
    await addRule(user.token, hook.url, { view: 'profit=1000', minProfit: 0 });
    await runAlerts();
    expect(alertsTo(hook.id)).toHaveLength(1);
    h.simulator.advanceHour();
    await h.app.market.refreshNow();
    const waiting = await routesShown(user, 'profit=1000', 0);
    expect(waiting.length).toBeGreaterThan(0);
    await runAlerts();
    expect(alertsTo(hook.id)).toHaveLength(1);
    // Half a batch interval on, the new routes go out.
    h.clock.advanceMinutes(31);
    await runAlerts();
    expect(alertsTo(hook.id)).toHaveLength(2);
  });

  it('merges the rules that post to one webhook into one message', async () => {
    const user = await trader();
    const hook = newWebhook();
    await addRule(user.token, hook.url);
    await addRule(user.token, hook.url, { view: 'profit=1000', minProfit: 0 });
    await runAlerts();
    expect(alertsTo(hook.id)).toHaveLength(1);
    const wider = await routesShown(user, 'profit=1000', 0);
    expect(alertsTo(hook.id)[0]!.message.content).toContain(`**${wider.length} new route`);
  });

  it('sends nothing to a user whose subscription ended', async () => {
    const user = await trader();
    const hook = newWebhook();
    await addRule(user.token, hook.url);
    await h.app.database.db
      .update(subscriptions)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(subscriptions.userId, user.id));
    h.app.market.access.forget(user.id);
    await runAlerts();
    expect(alertsTo(hook.id)).toEqual([]);
  });

  it('waits out a 429 and delivers the message once', async () => {
    const user = await trader();
    const hook = newWebhook();
    await addRule(user.token, hook.url);
    const limited = discord.rateLimitedCount();
    discord.rateLimitNext(0.3);
    await runAlerts();
    expect(discord.rateLimitedCount()).toBe(limited + 1);
    expect(alertsTo(hook.id)).toHaveLength(1);
  });

  it('switches a rule off at once when its webhook was deleted, saying why', async () => {
    const user = await trader();
    const hook = newWebhook();
    const rule = await addRule(user.token, hook.url);
    delete hooks[hook.id];
    await runAlerts();
    const listed = await h.api.get<{ rules: AlertRule[] }>('/shared/users/alerts', { token: user.token });
    expect(listed.body.rules.find((r) => r.id === rule.id)).toMatchObject({
      enabled: false,
      disabledReason: 'Discord no longer knows this webhook: it was deleted or its URL changed',
    });
  });

  it(`switches a rule off after ${ALERT_FAILURES_BEFORE_OFF} runs in a row that Discord failed`, async () => {
    const user = await trader();
    const hook = newWebhook();
    const rule = await addRule(user.token, hook.url);
    const state = async () =>
      (
        await h.api.get<{ rules: AlertRule[] }>('/shared/users/alerts', { token: user.token })
      ).body.rules.find((r) => r.id === rule.id);
    for (let run = 1; run <= ALERT_FAILURES_BEFORE_OFF; run++) {
      // Every other destination of the run is served; this webhook's three tries (retries) all fail.
      discord.failWebhook(hook.id, 502);
      await runAlerts();
      expect((await state())?.enabled).toBe(run < ALERT_FAILURES_BEFORE_OFF);
    }
    expect(await state()).toMatchObject({ enabled: false, disabledReason: 'Discord failed (502)' });
    expect(alertsTo(hook.id)).toEqual([]);
  });

  it('goes out on its own once a new batch has landed, one message a batch', async () => {
    const user = await trader();
    const hook = newWebhook();
    await addRule(user.token, hook.url, { view: 'profit=1000', minProfit: 0 });
    h.simulator.advanceHour();
    await h.app.market.refreshNow();
    await expect.poll(() => alertsTo(hook.id).length, { timeout: 40_000, interval: 250 }).toBe(1);
    const [alert] = alertsTo(hook.id);
    const lastModified = h.app.market.store.current('us')!.lastModified;
    expect(alert!.message.content).toContain(`(auction data of <t:${lastModified}:t>)`);
    // The safety net's run on the same batch sends nothing more.
    await h.app.alerts.runNow(alertJob('us'));
    expect(alertsTo(hook.id)).toHaveLength(1);
  });
});
