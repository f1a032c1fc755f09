import { ACCESS, ALERT_TEXTS } from '@goldroute/domain';
import { MAX_ALERT_RULES, type AlertRule } from '@goldroute/domain/api';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { grantSubscription, startHarness, type Harness } from '../../test-support/accounts';
import { startDiscordMessagesServer } from '../../test-support/discord-messages-server';
import { PRESET_GONE } from './alert-rules.service';

const HOOK = { id: '112233445566778899', token: 'T'.repeat(68) };
const BOT = 'bot-token-for-tests';
const PATH = '/shared/users/alerts';

let h: Harness;
let discord: Awaited<ReturnType<typeof startDiscordMessagesServer>>;
let hookUrl: string;
beforeAll(async () => {
  discord = await startDiscordMessagesServer({
    webhooks: { [HOOK.id]: HOOK.token },
    botToken: BOT,
    closedDms: ['777'],
  });
  h = await startHarness({ DISCORD_API_URL: discord.apiUrl, DISCORD_BOT_TOKEN: BOT });
  hookUrl = `${discord.apiUrl}/webhooks/${HOOK.id}/${HOOK.token}`;
});
afterAll(async () => {
  await h.close();
  await discord.close();
});

async function subscriber(discordId?: string) {
  const s = await h.signUp(`alerts-${randomUUID().slice(0, 8)}@example.com`);
  await grantSubscription(h.app.database.db, s.user.id);
  if (discordId)
    await h.app.database.db
      .update(users)
      .set({ discordId, discordUsername: `user${discordId}` })
      .where(eq(users.id, s.user.id));
  return { token: s.accessToken, id: s.user.id };
}

const rule = (over: Record<string, unknown> = {}) => ({
  region: 'us',
  view: 'profit=25000&sort=realisticProfit.desc',
  minProfit: 20_000,
  minConfidence: 'medium',
  channel: 'webhook',
  webhookUrl: hookUrl,
  ...over,
});
const add = (token: string, body: Record<string, unknown>) =>
  h.api.post<{ rule: AlertRule }>(PATH, body, { token });
const listOf = async (token: string) =>
  (
    await h.api.get<{ rules: AlertRule[]; directMessages: boolean; directMessagesOnServer: boolean }>(PATH, {
      token,
    })
  ).body;

describe('route alert rules', () => {
  it('adds a rule after a test post to its webhook, and never sends the webhook token back', async () => {
    const { token } = await subscriber();
    const before = discord.delivered.length;
    const res = await add(token, rule());
    expect(res.status).toBe(201);
    expect(discord.delivered.slice(before).map((d) => [d.target, d.message.content])).toEqual([
      [`webhook:${HOOK.id}`, ALERT_TEXTS.testPost],
    ]);
    expect(res.body.rule).toMatchObject({
      region: 'us',
      presetId: null,
      view: 'profit=25000&sort=realisticProfit.desc',
      minProfit: 20_000,
      minConfidence: 'medium',
      channel: 'webhook',
      webhook: `https://discord.com/api/webhooks/${HOOK.id}/••••••••`,
      enabled: true,
      disabledReason: null,
    });
    const listed = await listOf(token);
    expect(listed.rules).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(HOOK.token);
    // A bot is configured here: this user has only to link an account.
    expect(listed.directMessages).toBe(false);
    expect(listed.directMessagesOnServer).toBe(true);
  });

  it('refuses a URL that is not a Discord webhook, and a webhook Discord does not know, saving nothing', async () => {
    const { token } = await subscriber();
    const before = discord.delivered.length;
    const notHook = await add(token, rule({ webhookUrl: 'https://evil.test/api/webhooks/1/2' }));
    expect(notHook).toMatchObject({ status: 400, body: { error: ALERT_TEXTS.notAWebhook } });
    const unknown = await add(
      token,
      rule({ webhookUrl: `${discord.apiUrl}/webhooks/998877665544332211/${HOOK.token}` }),
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'Discord no longer knows this webhook: it was deleted or its URL changed' },
    });
    expect(discord.delivered.length).toBe(before);
    expect((await listOf(token)).rules).toEqual([]);
  });

  it('follows a flipping preset of the user’s own, and names it', async () => {
    const { token } = await subscriber();
    const preset = await h.api.post<{ preset: { id: string } }>(
      '/shared/users/presets',
      { tool: 'flipping', name: 'Big deals', view: 'profit=50000&sort=sellVsBuy.desc' },
      { token },
    );
    const res = await add(token, rule({ view: undefined, presetId: preset.body.preset.id }));
    expect(res.body.rule).toMatchObject({
      presetId: preset.body.preset.id,
      presetName: 'Big deals',
      view: null,
    });

    const tsm = await h.api.post<{ preset: { id: string } }>(
      '/shared/users/presets',
      { tool: 'tsm', name: 'TSM', view: 'sort=name.asc' },
      { token },
    );
    const wrongTool = await add(token, rule({ view: undefined, presetId: tsm.body.preset.id }));
    expect(wrongTool).toMatchObject({ status: 400, body: { error: ALERT_TEXTS.presetNotFlipping } });

    const someoneElse = await subscriber();
    const theirs = await add(someoneElse.token, rule({ view: undefined, presetId: preset.body.preset.id }));
    expect(theirs).toMatchObject({ status: 404, body: { error: ALERT_TEXTS.presetNotFound } });

    // The preset deleted, the rule has no filters left: it says so and is off.
    await h.api.delete(`/shared/users/presets/${preset.body.preset.id}`, { token });
    expect((await listOf(token)).rules).toMatchObject([
      { presetId: null, enabled: false, disabledReason: PRESET_GONE },
    ]);
  });

  it('sends direct messages to a linked account when a bot is configured', async () => {
    const linked = await subscriber('4242');
    expect((await listOf(linked.token)).directMessages).toBe(true);
    const before = discord.delivered.length;
    const res = await add(linked.token, rule({ channel: 'dm', webhookUrl: undefined }));
    expect(res.status).toBe(201);
    expect(discord.delivered.slice(before).map((d) => d.target)).toEqual(['user:4242']);

    const unlinked = await subscriber();
    const refused = await add(unlinked.token, rule({ channel: 'dm', webhookUrl: undefined }));
    expect(refused).toMatchObject({ status: 400, body: { error: ALERT_TEXTS.discordNotLinked } });
    const closed = await subscriber('777');
    const dmsClosed = await add(closed.token, rule({ channel: 'dm', webhookUrl: undefined }));
    expect(dmsClosed).toMatchObject({
      status: 400,
      body: { error: 'Discord refused a direct message: allow direct messages from the GoldRoute bot' },
    });
  });

  it(`keeps at most ${MAX_ALERT_RULES} rules a user`, async () => {
    const { token } = await subscriber();
    for (let i = 0; i < MAX_ALERT_RULES; i++) expect((await add(token, rule())).status).toBe(201);
    const over = await add(token, rule());
    expect(over).toMatchObject({ status: 409, body: { error: ALERT_TEXTS.limit(MAX_ALERT_RULES) } });
  });

  it('switches a rule off and on (on after a new test post), changes its thresholds, deletes it', async () => {
    const { token } = await subscriber();
    const { id } = (await add(token, rule())).body.rule;
    const off = await h.api.patch<{ rule: AlertRule }>(`${PATH}/${id}`, { enabled: false }, { token });
    expect(off.body.rule.enabled).toBe(false);
    const before = discord.delivered.length;
    const on = await h.api.patch<{ rule: AlertRule }>(
      `${PATH}/${id}`,
      { enabled: true, minProfit: 5_000, minConfidence: 'high' },
      { token },
    );
    expect(on.body.rule).toMatchObject({ enabled: true, minProfit: 5_000, minConfidence: 'high' });
    expect(discord.delivered.length).toBe(before + 1);
    expect(await h.api.delete(`${PATH}/${id}`, { token })).toMatchObject({
      status: 200,
      body: { message: ALERT_TEXTS.deleted },
    });
    expect((await listOf(token)).rules).toEqual([]);
  });

  it("never shows, changes or deletes another user's rule; saving needs a subscription", async () => {
    const alice = await subscriber();
    const bob = await subscriber();
    const { id } = (await add(alice.token, rule())).body.rule;
    expect((await listOf(bob.token)).rules).toEqual([]);
    const change = await h.api.patch(`${PATH}/${id}`, { enabled: false }, { token: bob.token });
    expect(change).toMatchObject({ status: 404, body: { error: ALERT_TEXTS.notFound } });
    expect(await h.api.delete(`${PATH}/${id}`, { token: bob.token })).toMatchObject({ status: 404 });
    expect((await listOf(alice.token)).rules[0]!.enabled).toBe(true);

    const free = await h.signUp(`alerts-free-${randomUUID().slice(0, 8)}@example.com`);
    const refused = await add(free.accessToken, rule());
    expect(refused).toMatchObject({ status: 403, body: { error: ACCESS.noSubscription } });
    expect((await h.api.get(PATH)).status).toBe(401);
  });
});
