import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag for an answer's bytes. */
export function etagOf(data: string | Uint8Array): string {
  return `"${createHash('sha1').update(data).digest('base64url')}"`;
}

/**
 * Labels the reply with `etag`, for clients to revalidate (`cache-control: private, no-cache` unless
 * given); true when the client already has it: the reply is then a 304 and the caller sends nothing.
 */
export function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  cacheControl = 'private, no-cache',
): boolean {
  void reply.header('etag', etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] !== etag) return false;
  void reply.status(304);
  return true;
}
