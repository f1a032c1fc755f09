import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test-support/accounts';
import { AUTH_ERRORS, bearerToken } from './auth-guard';

describe('the bearer scheme', () => {
  it('is read whatever its case, and nothing else is a bearer token', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer abc.def')).toBe('abc.def');
    expect(bearerToken('BEARER   abc.def ')).toBe('abc.def');
    expect(bearerToken('Basic abc.def')).toBe('');
    expect(bearerToken('Bearerabc.def')).toBe('');
    expect(bearerToken('Bearer a b')).toBe('');
    expect(bearerToken(undefined)).toBe('');
  });
});

describe('a guarded call', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const profile = (authorization: string) =>
    fetch(`${h.app.baseUrl}/shared/users/profile`, { headers: { authorization } }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
    }));

  it('takes a lower-case or upper-case scheme as a client may send it', async () => {
    const s = await h.signUp('scheme@example.com');
    for (const scheme of ['Bearer', 'bearer', 'BEARER'])
      expect((await profile(`${scheme} ${s.accessToken}`)).status, scheme).toBe(200);
    expect(await profile(`Basic ${s.accessToken}`)).toEqual({
      status: 401,
      body: { error: AUTH_ERRORS.missing },
    });
  });
});
