import { errorResponseSchema } from '@goldroute/domain/api';
import { z } from 'zod';

/**
 * The failures every route can answer, for its response schema: the error handler (plugins/errors.ts)
 * turns each into `{ error, code? }`, whatever the status (a refused body, a missing token, a rate limit,
 * a database out of reach).
 */
export const ERROR_REPLIES = { '4xx': errorResponseSchema, '5xx': errorResponseSchema } as const;

/**
 * A page or stylesheet sent as text with its own content type: Fastify sends a string of a non-JSON type
 * as it is, so this schema only types the reply and never serialises it.
 */
export const TEXT_REPLY = z.string();

/** A route's replies: its success (200 unless named) and the failures every route can answer. */
export function replies<S extends z.ZodType, C extends number = 200>(schema: S, status?: C) {
  return { [status ?? 200]: schema, ...ERROR_REPLIES } as { [K in C]: S } & typeof ERROR_REPLIES;
}
