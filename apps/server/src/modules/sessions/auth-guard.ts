import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import type { AccessTokens } from './access-token';
import type { SessionService } from './sessions.service';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const AUTH_ERRORS = {
  missing: 'Authentication required',
  expired: 'Access token expired',
  invalid: 'Invalid access token',
  sessionEnded: 'Session expired. Please log in again.',
} as const;

/**
 * The token of an `Authorization: Bearer <token>` header; '' without one. The scheme is matched without
 * regard to case (RFC 9110: "bearer" and "BEARER" name the same scheme).
 */
export function bearerToken(header: string | undefined): string {
  const match = header ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? '';
}

/** Bearer check for guarded routes: a valid signature, not expired, and a session that is still live. */
export function createAuthGuard(accessTokens: AccessTokens, sessions: SessionService) {
  return async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, AUTH_ERRORS.missing);
    const result = await accessTokens.verify(token);
    if (!result.ok) {
      throw result.reason === 'expired'
        ? new HttpError(401, AUTH_ERRORS.expired, { code: 'TOKEN_EXPIRED' })
        : new HttpError(401, AUTH_ERRORS.invalid);
    }
    if (!(await sessions.isLive(result.claims.sessionId, result.claims.userId))) {
      throw new HttpError(401, AUTH_ERRORS.sessionEnded, { code: 'REFRESH_TOKEN_EXPIRED' });
    }
    request.auth = result.claims;
  };
}

/** The caller's identity inside a guarded handler. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, AUTH_ERRORS.missing);
  return request.auth;
}

/**
 * For public calls that answer more to a signed-in caller (the prices call adds the caller's own plan): the
 * caller's identity when a valid bearer token of a live session comes along, otherwise null, never a 401.
 */
export function createOptionalAuth(accessTokens: AccessTokens, sessions: SessionService) {
  return async function optionalAuth(request: FastifyRequest): Promise<AuthContext | null> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const result = await accessTokens.verify(token);
    if (!result.ok) return null;
    return (await sessions.isLive(result.claims.sessionId, result.claims.userId)) ? result.claims : null;
  };
}
