import type { DiscordMessage } from '@goldroute/domain';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback Discord for messages, speaking its wire protocol: webhook execution
 * (POST /api/v10/webhooks/{id}/{token}?wait=true) and a bot's direct messages (POST /api/v10/users/@me/channels,
 * POST /api/v10/channels/{id}/messages, "Bot" authorization). It keeps a rate limit per webhook and per
 * channel with Discord's X-RateLimit headers and answers 429 with retry_after when a client goes over;
 * refuses a message over Discord's embed limits (400, code 50035) as Discord does; answers an unknown
 * webhook 404 (code 10015), a wrong token 401 (50027), a recipient who closed their DMs 403 (50007); can
 * keep Discord's global limit (requests a second over all routes, 429 with X-RateLimit-Global); and can
 * fail the next calls with a 5xx.
 */
export async function startDiscordMessagesServer(options: {
  /** Webhooks that exist: id -> token. */
  webhooks: Record<string, string>;
  botToken?: string;
  /** Requests a webhook or channel takes per window before a 429. */
  limit?: number;
  windowMs?: number;
  /** Discord users who do not accept direct messages from the bot. */
  closedDms?: string[];
  /** Requests a second over all routes (Discord's global limit, 50); unset: none. */
  globalPerSecond?: number;
}) {
  const limit = options.limit ?? 5;
  const windowMs = options.windowMs ?? 2_000;
  const delivered: { target: string; message: DiscordMessage; at: number }[] = [];
  const buckets = new Map<string, { resetAt: number; used: number }>();
  let globalWindow = { resetAt: 0, used: 0 };
  let rateLimited = 0;
  let failures: number[] = [];
  /** Webhooks that answer every call with a status of their own (Discord failing for them). */
  const failingWebhooks = new Map<string, number>();
  /** A 429 for the next call, with this retry_after in seconds (a limit another client of the webhook used up). */
  let limitedNext: number | null = null;

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = (status: number, body: object, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://loopback');
      const failure = failures.shift();
      if (failure !== undefined) return send(failure, { message: 'Internal Server Error', code: 0 });

      /** Counts a request against the bucket; the headers say what is left, or a 429 is sent. */
      const withinLimit = (bucket: string): Record<string, string> | null => {
        const now = Date.now();
        if (limitedNext !== null) {
          const retryAfter = limitedNext;
          limitedNext = null;
          rateLimited++;
          send(
            429,
            { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
            { 'retry-after': String(Math.ceil(retryAfter)), 'x-ratelimit-scope': 'shared' },
          );
          return null;
        }
        if (options.globalPerSecond !== undefined) {
          if (now >= globalWindow.resetAt) globalWindow = { resetAt: now + 1_000, used: 0 };
          if (++globalWindow.used > options.globalPerSecond) {
            rateLimited++;
            const retryAfter = (globalWindow.resetAt - now) / 1000;
            send(
              429,
              { message: 'You are being rate limited.', retry_after: retryAfter, global: true },
              {
                'retry-after': String(Math.ceil(retryAfter)),
                'x-ratelimit-global': 'true',
                'x-ratelimit-scope': 'global',
              },
            );
            return null;
          }
        }
        let b = buckets.get(bucket);
        if (!b || now >= b.resetAt) buckets.set(bucket, (b = { resetAt: now + windowMs, used: 0 }));
        const resetAfter = (b.resetAt - now) / 1000;
        const headers = {
          'x-ratelimit-limit': String(limit),
          'x-ratelimit-remaining': String(Math.max(0, limit - b.used - 1)),
          'x-ratelimit-reset': (b.resetAt / 1000).toFixed(3),
          'x-ratelimit-reset-after': resetAfter.toFixed(3),
          'x-ratelimit-bucket': bucket,
        };
        if (b.used >= limit) {
          rateLimited++;
          send(
            429,
            { message: 'You are being rate limited.', retry_after: resetAfter, global: false },
            {
              ...headers,
              'x-ratelimit-remaining': '0',
              'retry-after': String(Math.ceil(resetAfter)),
              'x-ratelimit-scope': 'user',
            },
          );
          return null;
        }
        b.used++;
        return headers;
      };
      const accept = (target: string, headers: Record<string, string>) => {
        const message = JSON.parse(raw) as DiscordMessage;
        const problem = overLimits(message);
        if (problem)
          return send(
            400,
            { message: 'Invalid Form Body', code: 50035, errors: { embeds: problem } },
            headers,
          );
        delivered.push({ target, message, at: Date.now() });
        return send(200, { id: String(delivered.length), channel_id: target, ...message }, headers);
      };

      const hook = /^\/api\/v10\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'POST' && hook) {
        const [, id, token] = hook as unknown as [string, string, string];
        const failing = failingWebhooks.get(id);
        if (failing !== undefined) return send(failing, { message: 'Bad Gateway', code: 0 });
        if (!(id in options.webhooks)) return send(404, { message: 'Unknown Webhook', code: 10015 });
        if (options.webhooks[id] !== token)
          return send(401, { message: 'Invalid Webhook Token', code: 50027 });
        const headers = withinLimit(`webhook-${id}`);
        return headers && accept(`webhook:${id}`, headers);
      }
      if (req.headers.authorization !== `Bot ${options.botToken}`)
        return send(401, { message: '401: Unauthorized', code: 0 });
      if (req.method === 'POST' && url.pathname === '/api/v10/users/@me/channels') {
        const { recipient_id: recipient } = JSON.parse(raw) as { recipient_id: string };
        return send(200, { id: `dm-${recipient}`, type: 1, recipients: [{ id: recipient }] });
      }
      const channel = /^\/api\/v10\/channels\/([\w-]+)\/messages$/.exec(url.pathname)?.[1];
      if (req.method === 'POST' && channel) {
        if (options.closedDms?.includes(channel.replace(/^dm-/, '')))
          return send(403, { message: 'Cannot send messages to this user', code: 50007 });
        const headers = withinLimit(`channel-${channel}`);
        return headers && accept(`user:${channel.replace(/^dm-/, '')}`, headers);
      }
      return send(404, { message: '404: Not Found', code: 0 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    delivered,
    rateLimitedCount: () => rateLimited,
    /** The next calls answer these statuses, one each, before any work. */
    failNext: (...statuses: number[]) => void (failures = [...failures, ...statuses]),
    /** Every call to this webhook answers `status` until told null. */
    failWebhook: (id: string, status: number | null) =>
      void (status === null ? failingWebhooks.delete(id) : failingWebhooks.set(id, status)),
    /** The next webhook or channel call is answered 429 with this retry_after (seconds). */
    rateLimitNext: (retryAfterSeconds: number) => void (limitedNext = retryAfterSeconds),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What Discord says of a message over its limits, or null (the limits as Discord documents them). */
function overLimits(message: DiscordMessage): string | null {
  const embeds = message.embeds ?? [];
  if (embeds.length > 10) return 'Must be 10 or fewer in length.';
  let total = 0;
  for (const embed of embeds) {
    if (embed.fields.length > 25) return 'fields: Must be 25 or fewer in length.';
    if (embed.title.length > 256 || (embed.description?.length ?? 0) > 4096) return 'Must be shorter.';
    total += embed.title.length + (embed.description?.length ?? 0) + (embed.footer?.text.length ?? 0);
    for (const field of embed.fields) {
      if (field.name.length > 256 || field.value.length > 1024)
        return 'fields: Must be 1024 or fewer in length.';
      total += field.name.length + field.value.length;
    }
  }
  return total > 6000 ? 'Embed size exceeds maximum size of 6000' : null;
}
