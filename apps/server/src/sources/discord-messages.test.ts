import type { DiscordMessage } from '@goldroute/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { startDiscordMessagesServer } from '../test-support/discord-messages-server';
import { createDiscordMessages, DeliveryError, parseWebhookUrl } from './discord-messages';

const HOOK = { id: '112233445566778899', token: 'a'.repeat(68) };
const BOT = 'bot-token-for-tests';
const message = (n: number): DiscordMessage => ({
  content: `Alert ${n}`,
  embeds: [{ title: `Buy on Kazzak ${n}`, fields: [{ name: 'Route', value: 'Buy Kazzak 12,300g' }] }],
});

let discord: Awaited<ReturnType<typeof startDiscordMessagesServer>> | undefined;
afterEach(async () => {
  await discord?.close();
  discord = undefined;
});

async function start(extra: Partial<Parameters<typeof startDiscordMessagesServer>[0]> = {}) {
  discord = await startDiscordMessagesServer({
    webhooks: { [HOOK.id]: HOOK.token },
    botToken: BOT,
    ...extra,
  });
  return {
    discord,
    messages: createDiscordMessages({ apiUrl: discord.apiUrl, botToken: BOT, timeoutMs: 5_000 }),
  };
}

describe('messages to a Discord webhook', () => {
  it("delivers every message once and in order, within the webhook's rate limit", async () => {
    const { discord, messages } = await start({ limit: 3, windowMs: 500 });
    for (let n = 1; n <= 8; n++) await messages.toWebhook(HOOK, message(n));
    expect(discord.delivered.map((d) => d.message.content)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Alert ${i + 1}`),
    );
    expect(discord.delivered.every((d) => d.target === `webhook:${HOOK.id}`)).toBe(true);
    // Sent at once, eight messages go through a limit of three a window in at least three windows.
    const together = await start({ limit: 3, windowMs: 500 });
    await Promise.all(Array.from({ length: 8 }, (_, i) => together.messages.toWebhook(HOOK, message(i + 1))));
    expect(together.discord.delivered).toHaveLength(8);
    expect(new Set(together.discord.delivered.map((d) => d.message.content)).size).toBe(8);
    const spread = together.discord.delivered.at(-1)!.at - together.discord.delivered[0]!.at;
    expect(spread).toBeGreaterThanOrEqual(2 * 500 - 100);
  });

  it('waits out a 429 it had no warning of for its retry_after, then delivers once', async () => {
    const { discord, messages } = await start();
    discord.rateLimitNext(0.6);
    const started = Date.now();
    await messages.toWebhook(HOOK, message(1));
    expect(discord.rateLimitedCount()).toBe(1);
    expect(discord.delivered.map((d) => d.message.content)).toEqual(['Alert 1']);
    expect(discord.delivered[0]!.at - started).toBeGreaterThanOrEqual(550);
  });

  it("keeps Discord's global limit over many webhooks, and waits out a global 429, losing nothing", async () => {
    const hooks = Object.fromEntries(
      Array.from({ length: 120 }, (_, i) => [String(100_000 + i), `token_${i}_${'t'.repeat(30)}`]),
    );
    const { discord, messages } = await start({ webhooks: hooks, globalPerSecond: 50 });
    discord.rateLimitNext(0.2);
    const started = Date.now();
    await Promise.all(
      Object.entries(hooks).map(([id, token], n) => messages.toWebhook({ id, token }, message(n))),
    );
    // 120 messages at 50 a second take at least two windows.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(new Set(discord.delivered.map((d) => d.target)).size).toBe(120);
    expect(discord.delivered).toHaveLength(120);
  });

  it('retries a 5xx and delivers once', async () => {
    const { discord, messages } = await start();
    discord.failNext(502, 500);
    await messages.toWebhook(HOOK, message(1));
    expect(discord.delivered.map((d) => d.message.content)).toEqual(['Alert 1']);
  });

  it('tells a deleted webhook (gone) from a refused message and from Discord being down', async () => {
    const { discord, messages } = await start();
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (err: unknown) => err as DeliveryError,
      );

    const deleted = await failure(messages.toWebhook({ ...HOOK, id: '998877665544332211' }, message(1)));
    expect(deleted).toBeInstanceOf(DeliveryError);
    expect([deleted!.kind, deleted!.message]).toEqual([
      'gone',
      'Discord no longer knows this webhook: it was deleted or its URL changed',
    ]);
    const wrongToken = await failure(messages.toWebhook({ ...HOOK, token: 'b'.repeat(68) }, message(1)));
    expect(wrongToken!.kind).toBe('gone');

    const tooBig: DiscordMessage = {
      content: '',
      embeds: [{ title: 'x', fields: [{ name: 'n', value: 'v'.repeat(1025) }] }],
    };
    const refused = await failure(messages.toWebhook(HOOK, tooBig));
    expect(refused!.kind).toBe('refused');

    discord.failNext(503, 503, 503);
    const down = await failure(messages.toWebhook(HOOK, message(2)));
    expect(down!.kind).toBe('unavailable');
    expect(discord.delivered).toEqual([]);
  });
});

describe('direct messages from the bot', () => {
  it('opens the DM channel once and delivers to the linked account', async () => {
    const { discord, messages } = await start();
    expect(messages.directMessages).toBe(true);
    await messages.toUser('4242', message(1));
    await messages.toUser('4242', message(2));
    expect(discord.delivered.map((d) => [d.target, d.message.content])).toEqual([
      ['user:4242', 'Alert 1'],
      ['user:4242', 'Alert 2'],
    ]);
  });

  it('says so when the user does not accept direct messages, and when no bot is configured', async () => {
    const { discord, messages } = await start({ closedDms: ['777'] });
    const closed = await messages.toUser('777', message(1)).catch((err: DeliveryError) => err);
    expect([closed!.kind, closed!.message]).toEqual([
      'refused',
      'Discord refused a direct message: allow direct messages from the GoldRoute bot',
    ]);
    const noBot = createDiscordMessages({ apiUrl: discord.apiUrl });
    expect(noBot.directMessages).toBe(false);
    await expect(noBot.toUser('4242', message(1))).rejects.toMatchObject({ kind: 'refused' });
  });
});

describe('a pasted webhook URL', () => {
  const api = 'https://discord.com/api';
  it("is one of Discord's own", () => {
    const path = `webhooks/${HOOK.id}/${HOOK.token}`;
    for (const host of ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'])
      expect(parseWebhookUrl(`https://${host}/api/${path}`, api)).toEqual(HOOK);
    expect(parseWebhookUrl(` https://discord.com/api/v10/${path} `, api)).toEqual(HOOK);
    expect(parseWebhookUrl(`http://127.0.0.1:9999/api/${path}`, 'http://127.0.0.1:9999/api')).toEqual(HOOK);
  });

  it('is refused when it could post anywhere else', () => {
    const path = `api/webhooks/${HOOK.id}/${HOOK.token}`;
    for (const bad of [
      `http://discord.com/${path}`,
      `https://discord.com.evil.test/${path}`,
      `https://evil.test/${path}`,
      `https://discord.com:8443/${path}`,
      `https://discord.com/${path}?thread_id=1`,
      `https://discord.com/api/webhooks/${HOOK.id}`,
      `https://discord.com/api/channels/${HOOK.id}/${HOOK.token}`,
      'not a url',
    ])
      expect(parseWebhookUrl(bad, api), bad).toBeNull();
  });
});
