import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock';

// A little over the client's 45-minute refresh, so a refresh always lands before expiry.
export const ACCESS_TOKEN_MINUTES = 50;
const ALGORITHM = 'HS256';
const ISSUER = 'goldroute';
const AUDIENCE = 'goldroute-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Tokens whose signature, algorithm, issuer and audience have been checked, kept with their claims and
 * expiry: a client sends the same token on every call for 50 minutes, and what a token's bytes say
 * cannot change. Only the expiry is checked again, on every call. Revocation is not a token matter: the
 * guard checks the session on every call (sessions.isLive). Only good tokens are kept, so nobody
 * without the secret can fill this.
 */
const VERIFIED_MAX = 10_000;

export function createAccessTokens(secret: string, clock: Clock) {
  // Imported once: given raw bytes, jose imports the key again for every token (a fifth of a verify).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();

  return {
    async sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_MINUTES * 60)
        .sign(await key);
    },

    /** Checks signature, algorithm (HS256 only, so "none" is refused), issuer, audience and expiry. */
    async verify(token: string): Promise<VerifyResult> {
      const known = verified.get(token);
      if (known) {
        // jose's rule: expired once exp <= now (in seconds).
        if (known.exp * 1000 > clock.now().getTime()) return { ok: true, claims: known.claims };
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.exp === undefined)
          return { ok: false, reason: 'invalid' };
        const claims = { userId: payload.sub, sessionId: payload.sid };
        verified.set(token, { claims, exp: payload.exp });
        // Oldest first out (a Map keeps insertion order).
        if (verified.size > VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
        return { ok: true, claims };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
