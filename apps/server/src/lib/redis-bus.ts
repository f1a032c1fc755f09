import { randomUUID } from 'node:crypto';
import type { Region } from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** What processes tell each other on the shared channel. */
export type BusMessage =
  /** A new snapshot of the region is stored under its key (`id` names the upload). */
  | { type: 'snapshot'; region: Region; lastModified: number; id: string }
  /** A user's realm settings changed: drop their cached answers and access record. */
  | { type: 'user-changed'; userId: string }
  /** Sessions were revoked: drop them from the short-lived session checks. */
  | { type: 'session-revoked'; sessionId: string }
  | { type: 'user-sessions-revoked'; userId: string }
  /** An admin's clear or refresh: every process holding the cache runs it and pushes its outcome. */
  | { type: 'cache-action'; id: string; name: string; regionKey: 'global' | '1' | '2' };

export interface RedisBus {
  /** Connection for commands (GET, SET, locks); the subscription holds its own. */
  readonly redis: Redis;
  /** Prefix of every key and of the channel: `goldroute`, or a test's own. */
  readonly prefix: string;
  /** Names this process in its messages (and its snapshot uploads). */
  readonly processId: string;
  /** Best effort: a failure is logged, and the receivers' short-lived caches bound how stale they get. */
  publish(message: BusMessage): Promise<void>;
  /** Messages from the other processes. */
  subscribe(handler: (message: BusMessage) => void): void;
  /** Called when the subscription is back after a lost connection (messages may have been missed). */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

/** Two connections to Redis (SUBSCRIBE takes one over) and one channel that every process listens on. */
export async function openRedisBus(options: {
  url: string;
  prefix?: string | undefined;
  log: FastifyBaseLogger;
}): Promise<RedisBus> {
  const { log } = options;
  const prefix = options.prefix ?? 'goldroute';
  const channel = `${prefix}:events`;
  const processId = randomUUID();
  const connect = (name: string) => {
    const client = new Redis(options.url, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    client.on('error', (err: Error) =>
      log.warn({ err: err.message, connection: name }, 'Redis connection error'),
    );
    return client;
  };
  const redis = connect('commands');
  const sub = connect('subscription');
  try {
    await Promise.all([redis.connect(), sub.connect()]);
    await sub.subscribe(channel);
  } catch (err) {
    redis.disconnect();
    sub.disconnect();
    throw new Error(`Redis at REDIS_URL is not reachable: ${String(err)}`, { cause: err });
  }

  const handlers: ((message: BusMessage) => void)[] = [];
  const reconnectHandlers: (() => void)[] = [];
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: BusMessage & { from?: string };
    try {
      message = JSON.parse(text) as BusMessage & { from?: string };
    } catch {
      log.warn({ channel }, 'unreadable message on the Redis channel');
      return;
    }
    if (message.from === processId) return;
    for (const handle of handlers) {
      try {
        handle(message);
      } catch (err) {
        log.error({ err, type: message.type }, 'Redis message handler failed');
      }
    }
  });
  // The first 'ready' came before this listener; later ones follow a reconnect (ioredis resubscribes).
  sub.on('ready', () => {
    for (const handle of reconnectHandlers) handle();
  });

  return {
    redis,
    prefix,
    processId,
    async publish(message) {
      try {
        await redis.publish(channel, JSON.stringify({ ...message, from: processId }));
      } catch (err) {
        log.warn({ err, type: message.type }, 'could not tell the other processes');
      }
    },
    subscribe: (handler) => void handlers.push(handler),
    onReconnect: (handler) => void reconnectHandlers.push(handler),
    async close() {
      await Promise.allSettled([sub.quit(), redis.quit()]);
    },
  };
}
