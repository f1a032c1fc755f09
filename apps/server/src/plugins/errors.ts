import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';
import { requestIssueText } from '../lib/request-issue';
import {
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_S,
  isPoolBusy,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_S,
  unavailableService,
} from './unavailable';

export const isApiPath = (url: string): boolean =>
  /^\/(shared|retail|healthz|readyz|dev|api)(\/|\?|$)/.test(url);

/**
 * Every error becomes `{ error, code? }`; a 5xx never shows internals. PostgreSQL or Redis out of reach is a
 * 503 with Retry-After, not a 500: the caller did nothing wrong and the same call works once the link is back.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.options.headers) void reply.headers(err.options.headers);
      return reply
        .status(err.statusCode)
        .send(err.options.code ? { error: err.message, code: err.options.code } : { error: err.message });
    }
    if (isPoolBusy(err))
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_S))
        .send({ error: BUSY_MESSAGE });
    const unavailable = unavailableService(err);
    if (unavailable) {
      const reason = err.cause instanceof Error ? err.cause.message : err.message;
      request.log.warn({ service: unavailable, reason }, `${unavailable} unreachable: answered 503`);
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send({ error: UNAVAILABLE_MESSAGE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({ error: 'Internal server error' });
    }
    // A request part that failed the zod schema its route declares: the same text as parseOr400 gives.
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath.slice(1).split('/').join('.') ?? '';
      return reply.status(400).send({ error: requestIssueText(field, first?.message) });
    }
    return reply.status(status).send({ error: err.message });
  });
}
