import { randomUUID } from 'node:crypto';
import type { CacheRegionKey, Region } from '@goldroute/domain';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

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
  | { type: 'cache-action'; id: string; name: string; regionKey: CacheRegionKey };

export interface RedisBus {
  /**
   * Connection for small commands (locks, counters, reports). While Redis is out of reach a command fails
   * at once (no offline queue) or within REDIS_COMMAND_TIMEOUT_MS, so no request waits on it.
   */
  readonly redis: Redis;
  /** Connection for the snapshot hand-over, whose commands carry megabytes (see BULK_SOCKET_TIMEOUT_MS). */
  readonly bulk: Redis;
  /** Prefix of every key and of the channel: `goldroute`, or a test's own. */
  readonly prefix: string;
  /** Names this process in its messages (and its snapshot uploads). */
  readonly processId: string;
  /** Best effort: skipped while Redis is out of reach; the receivers' short-lived caches bound staleness. */
  publish(message: BusMessage): Promise<void>;
  /** Messages from the other processes. */
  subscribe(handler: (message: BusMessage) => void): void;
  /** Called when every connection is back after one was lost (messages may have been missed meanwhile). */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

/**
 * A silent link (packets dropped, a hung server) is given up after this: ioredis drops the socket and
 * reconnects, and what waited on it fails. Without it a command, or the handshake of a reconnect, waits
 * for as long as the link stays silent.
 */
export const REDIS_SOCKET_TIMEOUT_MS = 2_000;
/**
 * A command gives up after this. The socket timeout alone does not bound it: a command under way when the
 * link goes silent is sent again after the reconnect and waits for as long as the link stays silent (the
 * reconnects reach the silent end, so ioredis never counts enough failures to give up on it). Calls that
 * wait on Redis (rate limits, telling the other processes) must answer within a couple of seconds.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** A snapshot upload or download sends or receives megabytes before the reply: only a much longer silence counts. */
const BULK_SOCKET_TIMEOUT_MS = 30_000;

/** Connections being closed on purpose: their 'close' is no lost link. */
const quitting = new WeakSet<Redis>();

/**
 * Closes a connection of redisConnection() without logging it as lost: QUIT when it is up, otherwise (no
 * offline queue to take the QUIT) just the socket, so a shutdown while Redis is away neither fails nor waits.
 * A QUIT that gets no answer (a silent link) is given up after REDIS_COMMAND_TIMEOUT_MS.
 */
export async function quitRedis(client: Redis): Promise<void> {
  quitting.add(client);
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const unanswered = new Promise<void>(
      (resolve) => (timer = setTimeout(resolve, REDIS_COMMAND_TIMEOUT_MS)),
    );
    await Promise.race([client.quit().catch(() => undefined), unanswered]);
    clearTimeout(timer);
  }
  client.disconnect();
}

/**
 * A Redis connection that fails fast while the link is down (no offline queue, a socket timeout) and keeps
 * reconnecting; it logs once when the link goes and once when it is back, not once per attempt.
 */
export function redisConnection(
  url: string,
  name: string,
  log: FastifyBaseLogger,
  options: RedisOptions = {},
): Redis {
  const client = new Redis(url, {
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    enableOfflineQueue: false,
    socketTimeout: REDIS_SOCKET_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    ...options,
  });
  let up = false;
  let everUp = false;
  // Every failed attempt emits an error; the 'close' below says it once.
  client.on('error', () => undefined);
  client.on('close', () => {
    if (!up || quitting.has(client)) return;
    up = false;
    log.warn({ connection: name }, 'Redis connection lost; reconnecting');
  });
  client.on('ready', () => {
    if (everUp && !up) log.info({ connection: name }, 'Redis connection back');
    up = everUp = true;
  });
  return client;
}

/** Three connections to Redis (SUBSCRIBE takes one over) and one channel that every process listens on. */
export async function openRedisBus(options: {
  url: string;
  prefix?: string | undefined;
  log: FastifyBaseLogger;
}): Promise<RedisBus> {
  const { log } = options;
  const prefix = options.prefix ?? 'goldroute';
  const channel = `${prefix}:events`;
  const processId = randomUUID();
  // Named in Redis (CLIENT LIST) by prefix, process and use.
  const named = (name: string) => ({ connectionName: `${prefix}:${processId.slice(0, 8)}:${name}` });
  const redis = redisConnection(options.url, 'commands', log, named('commands'));
  // ioredis subscribes again by itself after a reconnect; a timeout there would only lose the channel.
  const sub = redisConnection(options.url, 'subscription', log, {
    ...named('subscription'),
    commandTimeout: undefined,
  });
  const bulk = redisConnection(options.url, 'snapshots', log, {
    ...named('snapshots'),
    socketTimeout: BULK_SOCKET_TIMEOUT_MS,
    commandTimeout: BULK_SOCKET_TIMEOUT_MS,
  });
  const connections = [redis, sub, bulk];
  try {
    await Promise.all(connections.map((c) => c.connect()));
    await sub.subscribe(channel);
  } catch (err) {
    for (const c of connections) c.disconnect();
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
  // The connections come back one by one (ioredis resubscribes the channel itself): the handlers run
  // once all are ready, so what they do (reading and re-sending snapshots) finds every connection usable.
  let lost = false;
  let closing = false;
  for (const c of connections) {
    c.on('close', () => {
      if (!closing) lost = true;
    });
    c.on('ready', () => {
      if (!lost || closing || connections.some((other) => other.status !== 'ready')) return;
      lost = false;
      log.info('Redis is back: catching up on snapshots');
      for (const handle of reconnectHandlers) handle();
    });
  }

  return {
    redis,
    bulk,
    prefix,
    processId,
    async publish(message) {
      // Not queued while Redis is away: the message would be stale by then, and the caller must not wait.
      if (redis.status !== 'ready') return;
      try {
        await redis.publish(channel, JSON.stringify({ ...message, from: processId }));
      } catch (err) {
        log.warn({ err, type: message.type }, 'could not tell the other processes');
      }
    },
    subscribe: (handler) => void handlers.push(handler),
    onReconnect: (handler) => void reconnectHandlers.push(handler),
    async close() {
      closing = true;
      await Promise.allSettled(connections.map(quitRedis));
    },
  };
}
