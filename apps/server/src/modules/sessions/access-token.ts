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

export function createAccessTokens(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);

  return {
    sign(claims: AccessClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_MINUTES * 60)
        .sign(key);
    },

    /** Checks signature, algorithm (HS256 only, so "none" is refused), issuer, audience and expiry. */
    async verify(token: string): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
          return { ok: false, reason: 'invalid' };
        return { ok: true, claims: { userId: payload.sub, sessionId: payload.sid } };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
