import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notModified } from './etag';
import { acceptsGzip } from './negotiation';

/** An answer kept ready to send: its ETag, content type, gzip'd bytes, and the plain bytes on demand. */
export interface CachedReply {
  etag: string;
  type: string;
  gzip: Buffer;
  body(): Readable | string | Buffer;
}

export interface CachedReplyOptions {
  /** The answer depends on Accept too, which caches between us and the client must know (Vary). */
  negotiated?: boolean;
  /** Cache-Control sent with the ETag (lib/etag.ts's default: private). */
  cacheControl?: string;
}

/** Sends a cached answer: 304 when the client has it, gzip when accepted, the plain bytes otherwise. */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedReply,
  options: CachedReplyOptions = {},
): FastifyReply {
  void reply.header('vary', options.negotiated ? 'accept, accept-encoding' : 'accept-encoding');
  if (notModified(request, reply, cached.etag, options.cacheControl)) return reply.send();
  void reply.type(cached.type);
  if (acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(cached.gzip);
  return reply.send(cached.body());
}
