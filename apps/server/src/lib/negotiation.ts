import type {} from '@fastify/accepts';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the request asks for `type` by name and prefers it to JSON, ranked by @fastify/accepts
 * (negotiator: q-value, then specificity, then the client's order). A client that sends no Accept, or only
 * wildcards, gets JSON: a type it never named is not forced on it. Needs @fastify/accepts registered.
 */
export function prefersOverJson(request: FastifyRequest, type: string): boolean {
  if (!(request.headers.accept ?? '').toLowerCase().includes(type)) return false;
  return request.accepts().type([type, 'application/json']) === type;
}

/** Whether the client takes gzip'd bytes (Accept-Encoding names gzip). */
export const acceptsGzip = (request: FastifyRequest): boolean =>
  /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
