// Messages to Discord: to a webhook a user created (its URL holds its token), or as a direct message from
// our bot to a linked account (DISCORD_BOT_TOKEN). Through @discordjs/rest, which keeps Discord's rate
// limits per route from the X-RateLimit headers, waits out a 429 for its retry_after (no message lost to
// one) and retries a 5xx; what it cannot deliver comes back as a DeliveryError that says whether trying
// again can help.
import { DiscordAPIError, HTTPError, REST } from '@discordjs/rest';
import type { DiscordMessage } from '@goldroute/domain';

/** Discord's own hosts for a webhook URL a user pastes (the app, the public test build, canary). */
const WEBHOOK_HOSTS = ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'];
const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/(\d{5,25})\/([\w-]{20,100})\/?$/;

export interface Webhook {
  id: string;
  token: string;
}

/**
 * The webhook a pasted URL names, or null when it is not a Discord webhook URL. Besides Discord's hosts,
 * a URL under `apiUrl` (DISCORD_API_URL: a loopback Discord in tests) is one.
 */
export function parseWebhookUrl(text: string, apiUrl: string): Webhook | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const api = new URL(apiUrl);
  const ours = url.origin === api.origin && url.pathname.startsWith(api.pathname.replace(/\/?$/, '/'));
  const path = ours ? `/api${url.pathname.slice(api.pathname.replace(/\/$/, '').length)}` : url.pathname;
  if (!ours && (url.protocol !== 'https:' || !WEBHOOK_HOSTS.includes(url.hostname) || url.port)) return null;
  if (url.search || url.hash) return null;
  const match = WEBHOOK_PATH.exec(path);
  return match ? { id: match[1]!, token: match[2]! } : null;
}

/**
 * Why a message was not delivered. `gone`: the webhook or the account is no more (trying again cannot
 * help); `refused`: Discord refused this message or this recipient (a DM closed to the bot); `unavailable`:
 * Discord did not answer in time or failed (a later try may succeed).
 */
export class DeliveryError extends Error {
  constructor(
    readonly kind: 'gone' | 'refused' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeliveryError';
  }
}

/** Discord's JSON error codes we tell apart (API reference, "JSON Error Codes"). */
const UNKNOWN_WEBHOOK = 10015;
const UNKNOWN_USER = 10013;
const INVALID_WEBHOOK_TOKEN = 50027;
const CANNOT_MESSAGE_USER = 50007;

function deliveryError(err: unknown): DeliveryError {
  if (err instanceof DiscordAPIError) {
    if (err.code === UNKNOWN_WEBHOOK || err.code === INVALID_WEBHOOK_TOKEN || err.status === 401)
      return new DeliveryError(
        'gone',
        'Discord no longer knows this webhook: it was deleted or its URL changed',
        {
          cause: err,
        },
      );
    if (err.code === UNKNOWN_USER)
      return new DeliveryError('gone', 'Discord no longer knows the linked account', { cause: err });
    if (err.code === CANNOT_MESSAGE_USER)
      return new DeliveryError(
        'refused',
        'Discord refused a direct message: allow direct messages from the GoldRoute bot',
        { cause: err },
      );
    if (err.status >= 500)
      return new DeliveryError('unavailable', `Discord failed (${err.status})`, { cause: err });
    return new DeliveryError('refused', `Discord refused the message: ${err.message}`, { cause: err });
  }
  if (err instanceof HTTPError)
    return new DeliveryError('unavailable', `Discord failed (${err.status})`, { cause: err });
  const message = err instanceof Error ? err.message : String(err);
  return new DeliveryError('unavailable', `Discord did not answer: ${message}`, { cause: err });
}

export interface DiscordMessagesOptions {
  /** e.g. https://discord.com/api (DISCORD_API_URL). */
  apiUrl: string;
  /** The bot's token for direct messages; none: direct messages are not offered. */
  botToken?: string | undefined;
  /** A request's time limit; a 5xx or a timeout is tried twice more. */
  timeoutMs?: number | undefined;
}

export function createDiscordMessages(options: DiscordMessagesOptions) {
  const rest = (token?: string) => {
    const client = new REST({
      api: options.apiUrl,
      version: '10',
      retries: 2,
      timeout: options.timeoutMs ?? 15_000,
    });
    return token ? client.setToken(token) : client;
  };
  // Webhook calls carry their token in the path; the bot's calls its token in the header.
  const webhooks = rest();
  const bot = options.botToken ? rest(options.botToken) : null;
  /** The bot's DM channel per Discord user: opening one is a call of its own, rate limited too. */
  const dmChannels = new Map<string, string>();

  async function delivered<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw deliveryError(err);
    }
  }

  return {
    directMessages: bot !== null,

    /** Posts and waits for Discord to have stored the message (`wait=true`). */
    async toWebhook(hook: Webhook, message: DiscordMessage): Promise<void> {
      await delivered(() =>
        webhooks.post(`/webhooks/${hook.id}/${hook.token}`, {
          body: message,
          auth: false,
          query: new URLSearchParams({ wait: 'true' }),
        }),
      );
    },

    async toUser(discordUserId: string, message: DiscordMessage): Promise<void> {
      if (!bot) throw new DeliveryError('refused', 'Direct messages need DISCORD_BOT_TOKEN');
      let channel = dmChannels.get(discordUserId);
      if (!channel) {
        const opened = (await delivered(() =>
          bot.post('/users/@me/channels', { body: { recipient_id: discordUserId } }),
        )) as { id: string };
        channel = opened.id;
        dmChannels.set(discordUserId, channel);
      }
      const id = channel;
      await delivered(() => bot.post(`/channels/${id}/messages`, { body: message }));
    },
  };
}

export type DiscordMessages = ReturnType<typeof createDiscordMessages>;
