import { UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { usedRefreshTokens } from '../../db/schema';
import { startHarness, type Harness } from '../../test-support/accounts';
import { openTestDatabase } from '../../test-support/test-database';
import { AUTH_ERRORS } from './auth-guard';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('refresh tokens', () => {
  it('rotates on every refresh: a new refresh token each time, and the new pair works', async () => {
    const s = await h.signUp('rotate@example.com');
    const first = await h.api.post<{ accessToken: string; refreshToken: string; tokenId: string }>(
      '/shared/users/refresh-token',
      { refreshToken: s.refreshToken },
    );
    expect(first.status).toBe(200);
    expect(first.body.tokenId).toBe(s.tokenId);
    expect(first.body.refreshToken).not.toBe(s.refreshToken);
    const profile = await h.api.get('/shared/users/profile', { token: first.body.accessToken });
    expect(profile.status).toBe(200);

    const second = await h.api.post('/shared/users/refresh-token', { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
  });

  it('a reused refresh token revokes the whole session and answers REFRESH_TOKEN_EXPIRED', async () => {
    const s = await h.signUp('reuse@example.com');
    const rotated = await h.api.post<{ accessToken: string; refreshToken: string }>(
      '/shared/users/refresh-token',
      {
        refreshToken: s.refreshToken,
      },
    );
    const replay = await h.api.post('/shared/users/refresh-token', { refreshToken: s.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'REFRESH_TOKEN_EXPIRED' });
    // The thief's replay also ends the legitimate holder's newer tokens.
    const afterTheft = await h.api.post('/shared/users/refresh-token', {
      refreshToken: rotated.body.refreshToken,
    });
    expect(afterTheft.status).toBe(401);
    const profile = await h.api.get('/shared/users/profile', { token: rotated.body.accessToken });
    expect(profile.status).toBe(401);
  });

  it('of two concurrent refreshes with one token, at most one succeeds', async () => {
    const s = await h.signUp('race@example.com');
    const results = await Promise.all([
      h.api.post('/shared/users/refresh-token', { refreshToken: s.refreshToken }),
      h.api.post('/shared/users/refresh-token', { refreshToken: s.refreshToken }),
    ]);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
  });

  it('of 20 parallel refreshes with one token exactly one rotates, the rest are reuse and end the session', async () => {
    const s = await h.signUp('race20@example.com');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.api.post<{ accessToken: string; refreshToken: string; tokenId: string }>(
          '/shared/users/refresh-token',
          { refreshToken: s.refreshToken },
        ),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r).toMatchObject({ status: 401, body: { code: 'REFRESH_TOKEN_EXPIRED' } });
    const winner = won[0]!.body;
    expect(winner.tokenId).toBe(s.tokenId);
    // Presenting a rotated token again is theft: the whole session ends, the winner's new pair with it.
    const again = await h.api.post('/shared/users/refresh-token', { refreshToken: winner.refreshToken });
    expect(again).toMatchObject({ status: 401, body: { code: 'REFRESH_TOKEN_EXPIRED' } });
    expect((await h.api.get('/shared/users/profile', { token: winner.accessToken })).status).toBe(401);
    expect((await h.api.get('/shared/users/profile', { token: s.accessToken })).status).toBe(401);
  });

  it('a session without remember-me ends after 7 days', async () => {
    const s = await h.signUp('week@example.com');
    h.clock.advanceMinutes(7 * 24 * 60 + 1);
    const res = await h.api.post('/shared/users/refresh-token', { refreshToken: s.refreshToken });
    expect(res).toMatchObject({ status: 401, body: { code: 'REFRESH_TOKEN_EXPIRED' } });
  });

  it('refuses an unknown refresh token', async () => {
    const res = await h.api.post('/shared/users/refresh-token', { refreshToken: 'x'.repeat(43) });
    expect(res).toMatchObject({ status: 401, body: { code: 'REFRESH_TOKEN_EXPIRED' } });
  });
});

/**
 * The database handed to the app, with every INSERT into used_refresh_tokens held until `open()`: a refresh
 * that records its rotation in a second statement stops between the swap and the record, the window a
 * concurrent refresh with the same token could slip through unnoticed.
 */
function holdUsedTokenRecords(db: Db) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const wrapped = new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (prop !== 'insert') return typeof value === 'function' ? value.bind(target) : value;
      return (table: Parameters<Db['insert']>[0]) => {
        const builder = target.insert(table);
        if (table !== usedRefreshTokens) return builder;
        return {
          values: (row: Parameters<typeof builder.values>[0]) => {
            const query = builder.values(row);
            return {
              then: (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => {
                reached();
                return gate.then(() => query).then(resolve, reject);
              },
            };
          },
        };
      };
    },
  });
  return { db: wrapped, open, held };
}

describe('refresh rotation is one step', () => {
  it('a refresh arriving while another rotates the same token is reuse: the session ends', async () => {
    const opened = await openTestDatabase();
    const hold = holdUsedTokenRecords(opened.database.db);
    const g = await startHarness({}, { database: { ...opened.database, db: hold.db } });
    try {
      const s = await g.signUp('window@example.com');
      const first = g.api.post<{ accessToken: string; refreshToken: string }>('/shared/users/refresh-token', {
        refreshToken: s.refreshToken,
      });
      // Either the first refresh is parked between its two statements, or (one statement) it is done.
      await Promise.race([hold.held, first]);
      const second = await g.api.post('/shared/users/refresh-token', { refreshToken: s.refreshToken });
      hold.open();
      const winner = await first;
      expect(winner.status).toBe(200);
      expect(second).toMatchObject({ status: 401, body: { code: 'REFRESH_TOKEN_EXPIRED' } });
      const next = await g.api.post('/shared/users/refresh-token', {
        refreshToken: winner.body.refreshToken,
      });
      expect(next).toMatchObject({ status: 401, body: { code: 'REFRESH_TOKEN_EXPIRED' } });
      expect((await g.api.get('/shared/users/profile', { token: winner.body.accessToken })).status).toBe(401);
    } finally {
      await g.close();
      await opened.close();
    }
  });
});

describe('access tokens', () => {
  it('answers 401 without a bearer token', async () => {
    const res = await h.api.get('/shared/users/profile');
    expect(res).toMatchObject({ status: 401, body: { error: AUTH_ERRORS.missing } });
  });

  it('refuses alg none', async () => {
    const s = await h.signUp('algnone@example.com');
    const claims = decodeJwt(s.accessToken);
    const unsigned = new UnsecuredJWT(claims).encode();
    const res = await h.api.get('/shared/users/profile', { token: unsigned });
    expect(res).toMatchObject({ status: 401, body: { error: AUTH_ERRORS.invalid } });
  });

  it('refuses a token whose payload was changed (another user id)', async () => {
    const a = await h.signUp('victim@example.com');
    const b = await h.signUp('attacker@example.com');
    const [header, , signature] = b.accessToken.split('.');
    const forged = [header, b64({ ...decodeJwt(b.accessToken), sub: a.user.id }), signature].join('.');
    const res = await h.api.get('/shared/users/profile', { token: forged });
    expect(res).toMatchObject({ status: 401, body: { error: AUTH_ERRORS.invalid } });
  });

  it('answers TOKEN_EXPIRED after the access token lifetime (a little over 45 minutes)', async () => {
    const s = await h.signUp('expiry@example.com');
    const claims = decodeJwt(s.accessToken);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(50 * 60);
    h.clock.advanceMinutes(51);
    const res = await h.api.get('/shared/users/profile', { token: s.accessToken });
    expect(res).toMatchObject({ status: 401, body: { error: AUTH_ERRORS.expired, code: 'TOKEN_EXPIRED' } });
    const refreshed = await h.api.post<{ accessToken: string }>('/shared/users/refresh-token', {
      refreshToken: s.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const again = await h.api.get('/shared/users/profile', { token: refreshed.body.accessToken });
    expect(again.status).toBe(200);
  });

  it('login-with-token returns the user and a fresh access token', async () => {
    const s = await h.signUp('withtoken@example.com');
    const res = await h.api.get<{ user: { email: string }; accessToken: string }>(
      '/shared/users/login-with-token',
      {
        token: s.accessToken,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('withtoken@example.com');
    expect(decodeJwt(res.body.accessToken).sid).toBe(s.tokenId);
  });
});

describe('logout', () => {
  it('revokes the named session only', async () => {
    const one = await h.signUp('twodevices@example.com');
    const two = await h.api.post<{ accessToken: string; tokenId: string }>('/shared/users/login', {
      email: 'twodevices@example.com',
      password: 'GoldRoute#2026',
    });
    const out = await h.api.post(
      '/shared/users/logout',
      { tokenId: one.tokenId, allDevices: false },
      { token: one.accessToken },
    );
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out successfully' } });
    expect((await h.api.get('/shared/users/profile', { token: one.accessToken })).status).toBe(401);
    expect((await h.api.post('/shared/users/refresh-token', { refreshToken: one.refreshToken })).status).toBe(
      401,
    );
    expect((await h.api.get('/shared/users/profile', { token: two.body.accessToken })).status).toBe(200);
  });

  it('with allDevices revokes every session of the user', async () => {
    const one = await h.signUp('alldevices@example.com');
    const two = await h.api.post<{ accessToken: string }>('/shared/users/login', {
      email: 'alldevices@example.com',
      password: 'GoldRoute#2026',
    });
    await h.api.post(
      '/shared/users/logout',
      { tokenId: one.tokenId, allDevices: true },
      { token: one.accessToken },
    );
    expect((await h.api.get('/shared/users/profile', { token: one.accessToken })).status).toBe(401);
    expect((await h.api.get('/shared/users/profile', { token: two.body.accessToken })).status).toBe(401);
  });

  it("cannot end another user's session", async () => {
    const victim = await h.signUp('keepme@example.com');
    const other = await h.signUp('logsout@example.com');
    await h.api.post('/shared/users/logout', { tokenId: victim.tokenId }, { token: other.accessToken });
    expect((await h.api.get('/shared/users/profile', { token: victim.accessToken })).status).toBe(200);
  });
});

describe('remember me', () => {
  const cookieOf = (setCookie: string | null) => setCookie?.split(';')[0] ?? '';
  /** Signs up an account and logs it in with "remember me" ticked. */
  async function signUpAndRemember(email: string) {
    await h.signUp(email);
    return h.api.post('/shared/users/login', { email, password: 'GoldRoute#2026', rememberMe: true });
  }

  it('sets an HttpOnly, Secure (https public URL), SameSite=Lax cookie with a 30-day absolute lifetime', async () => {
    const login = await signUpAndRemember('remember@example.com');
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^goldroute_remember=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/shared\/users/);
    const expires = Date.parse(/Expires=([^;]+)/.exec(setCookie)?.[1] ?? '');
    expect(Math.round((expires - h.clock.now().getTime()) / 86_400_000)).toBe(30);

    const remembered = await h.api.post<{ accessToken: string; user: { email: string } }>(
      '/shared/users/login-remember-me',
      undefined,
      { cookie: cookieOf(setCookie) },
    );
    expect(remembered.status).toBe(200);
    expect(remembered.body.user.email).toBe('remember@example.com');
    // Rotated: the old cookie value is spent, and the new one keeps the same absolute expiry.
    const rotated = remembered.headers.get('set-cookie') ?? '';
    expect(cookieOf(rotated)).not.toBe(cookieOf(setCookie));
    expect(/Expires=([^;]+)/.exec(rotated)?.[1]).toBe(/Expires=([^;]+)/.exec(setCookie)?.[1]);
    const replay = await h.api.post('/shared/users/login-remember-me', undefined, {
      cookie: cookieOf(setCookie),
    });
    expect(replay.status).toBe(401);
  });

  it('no cookie: 204, nothing to restore; an unknown cookie: 401', async () => {
    const none = await h.api.post('/shared/users/login-remember-me');
    expect(none.status).toBe(204);
    expect(none.body).toEqual({});
    const unknown = await h.api.post('/shared/users/login-remember-me', undefined, {
      cookie: 'goldroute_remember=nope',
    });
    expect(unknown.status).toBe(401);
  });

  it('stops working after 30 days', async () => {
    const login = await signUpAndRemember('month@example.com');
    h.clock.advanceMinutes(30 * 24 * 60 + 1);
    const res = await h.api.post('/shared/users/login-remember-me', undefined, {
      cookie: cookieOf(login.headers.get('set-cookie')),
    });
    expect(res.status).toBe(401);
  });
});
