// Access tokens: a verified token is remembered (its bytes cannot change meaning), but its expiry is
// checked on every call, and nothing about another token's bytes is taken from the remembered one.
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../test-support/test-clock';
import { createAccessTokens } from './access-token';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const claims = { userId: '00000000-0000-4000-8000-000000000001', sessionId: 'session-1' };

describe('access tokens', () => {
  it('a token verified before still expires on time', async () => {
    const clock = createTestClock();
    const tokens = createAccessTokens(SECRET, clock);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual({ ok: true, claims });
    expect(await tokens.verify(token)).toEqual({ ok: true, claims });
    clock.advanceMinutes(49);
    expect(await tokens.verify(token)).toEqual({ ok: true, claims });
    clock.advanceMinutes(2);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a changed payload or signature, and another secret, after the good token was verified', async () => {
    const clock = createTestClock();
    const tokens = createAccessTokens(SECRET, clock);
    const token = await tokens.sign(claims);
    expect((await tokens.verify(token)).ok).toBe(true);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const otherUser = b64({ ...decodeJwt(token), sub: '00000000-0000-4000-8000-000000000002' });
    expect(await tokens.verify([header, otherUser, signature].join('.'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'AB' : 'AA');
    expect(await tokens.verify([header, payload, flipped].join('.'))).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const now = Math.floor(clock.now().getTime() / 1000);
    const foreign = await new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer('goldroute')
      .setAudience('goldroute-api')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters'));
    expect(await tokens.verify(foreign)).toEqual({ ok: false, reason: 'invalid' });
  });
});
