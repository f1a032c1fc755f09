import sse from '@fastify/sse';
import type { Region } from '@goldroute/domain';
import { SNAPSHOT_EVENT, regionParamsSchema } from '@goldroute/domain/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_REPLIES } from '../../lib/route-schema';
import type { RateLimiter } from '../../plugins/rate-limits';
import { requireMarketAccess, type MarketAccessReader } from '../market/market-access';
import { authOf, type createAuthGuard } from '../sessions/auth-guard';
import type { SnapshotEventEntry, SnapshotEvents } from './snapshot-events';

export interface EventsRoutesOptions {
  events: SnapshotEvents;
  access: MarketAccessReader;
  requireAuth: ReturnType<typeof createAuthGuard>;
  limiter: RateLimiter;
  /** Comment lines keep proxies from closing a quiet stream; tests shorten it. */
  heartbeatMs?: number;
}

/** Under the 60 s idle timeouts of common proxies and load balancers. */
export const HEARTBEAT_MS = 15_000;
/** The browser's first reconnect delay after a dropped stream (the web client grows it from there). */
export const RECONNECT_HINT_MS = 5_000;
const MINUTE = 60_000;
/** Stream opens per user and minute: a tab reconnects a few times at most; this stops a reconnect loop. */
export const STREAM_OPENS_PER_MINUTE = 30;

const byUser = (request: FastifyRequest): string => request.auth?.userId ?? 'anonymous';

const message = ({ id, event }: SnapshotEventEntry) => ({ id, event: SNAPSHOT_EVENT, data: event });

/** New market snapshots pushed to the open tools as server-sent events. */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, o) => {
  await app.register(sse, { heartbeatInterval: o.heartbeatMs ?? HEARTBEAT_MS });
  // Open streams would hold the server's close until they end by themselves.
  app.addHook('preClose', async () => o.events.endAll());

  /** The data calls' own rule: signed in, with access. */
  async function requireToolAccess(request: FastifyRequest): Promise<void> {
    await requireMarketAccess(o.access, authOf(request).userId);
  }

  app.get(
    '/shared/data/events/:region',
    {
      sse: 'only',
      schema: { params: regionParamsSchema, response: ERROR_REPLIES },
      preValidation: [
        o.requireAuth,
        o.limiter.limit('data-events', STREAM_OPENS_PER_MINUTE, MINUTE, byUser),
        requireToolAccess,
      ],
    },
    async (request, reply) => openStream(o.events, request.params.region, reply),
  );
};

/**
 * Commits the response as an event stream at once (the client sees its headers before any event), sends
 * what a reconnect missed or else the current state, then every new snapshot until either side ends it.
 */
function openStream(events: SnapshotEvents, region: Region, reply: FastifyReply) {
  // Gone while the guards ran: its close has passed, and nothing would take it out of the fan-out.
  if (!reply.raw.socket || reply.raw.socket.destroyed) return reply;
  const stream = reply.sse;
  stream.keepAlive();
  stream.sendHeaders();
  reply.raw.write(`retry: ${RECONNECT_HINT_MS}\n\n`);
  // Without Last-Event-ID (read as an unknown id): the current state.
  const first = events.since(region, stream.lastEventId ?? '');
  const send = (entry: SnapshotEventEntry) => {
    // A write to a stream that closed meanwhile is refused; its close below takes it out of the fan-out.
    if (!stream.isConnected) return;
    stream.send(message(entry)).catch(() => undefined);
    // Node holds a response's writes until the next tick; a publish goes on to warm the new snapshot's
    // answers synchronously, and the event should not wait for that.
    reply.raw.socket?.uncork();
  };
  for (const entry of first) send(entry);
  const close = events.open(region, { send, end: () => stream.close() });
  stream.onClose(close);
  return reply;
}
