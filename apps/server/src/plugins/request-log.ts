import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './errors';

/** Paths whose next segment is a secret (a one-time token, a checkout link's id). */
const SECRET_SEGMENT_AFTER = [
  '/shared/users/confirm/',
  '/shared/users/reset-password/',
  '/confirm-email/',
  '/reset-password/',
  '/demo-checkout/',
] as const;
/** Query parameters that carry secrets (OAuth code and state, checkout session ids, tokens). */
const SECRET_PARAMS = /(^|&)(code|state|session_id|token|access_token|refresh_token)=[^&]*/gi;
/** Any other path segment that looks like a token: long, URL-safe random text (a uuid is an id, not a secret). */
const TOKEN_LIKE = /^(?![0-9a-f]{8}-[0-9a-f]{4}-)[A-Za-z0-9_-]{32,}$/;
export const REDACTED = '[redacted]';

/** The URL as it may be logged: secret path segments and query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const segments = path.split('/').map((seg) => (TOKEN_LIKE.test(seg) ? REDACTED : seg));
  let safe = segments.join('/');
  for (const prefix of SECRET_SEGMENT_AFTER) {
    if (safe.startsWith(prefix)) {
      const rest = safe.slice(prefix.length).split('/');
      rest[0] = REDACTED;
      safe = prefix + rest.join('/');
    }
  }
  if (q < 0) return safe;
  return `${safe}?${url.slice(q + 1).replace(SECRET_PARAMS, `$1$2=${REDACTED}`)}`;
}

/** What pino logs of a request: method and the redacted URL (never headers, cookies or bodies). */
export const requestSerializer = (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url) });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A readiness or liveness route, polled every few seconds: its request lines are debug, never info. */
    probe?: boolean;
  }
}

/** The message of a request line, by which a log reader tells it from the rest. */
export const REQUEST_MESSAGE = 'request';

/** What a request line holds besides its message. */
export interface RequestLine {
  method: string;
  url: string;
  status: number;
  ms: number;
  user: string | undefined;
  ip: string;
}

/**
 * One line per request: method, redacted URL, status and time, at info for the API and failures, at debug
 * for the web app's pages and assets (a page load would otherwise write a dozen lines) and for probes (they
 * would bury everything else).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const quiet =
      request.routeOptions.config.probe === true || (reply.statusCode < 400 && !isApiPath(request.url));
    const line: RequestLine = {
      method: request.method,
      url: redactUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      // Who and from where, for the security trail (the user id, never the e-mail; the address as trusted).
      user: request.auth?.userId,
      ip: request.ip,
    };
    request.log[quiet ? 'debug' : 'info'](line, REQUEST_MESSAGE);
  });
}
