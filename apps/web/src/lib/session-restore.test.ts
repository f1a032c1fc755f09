import { AUTH_MESSAGES, RETRY_AFTER_401_MS } from '@goldroute/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../test/fake-api';
import { makeUser } from '../test/fixtures';
import { USERS_PATHS } from './session';
import { expired, refreshed, setup } from './session-test-utils';

afterEach(() => {
  vi.useRealTimers();
});

describe('restoring the session on load (SPEC §4)', () => {
  const loginResponse = (n: number) =>
    json({
      accessToken: `access-${n}`,
      refreshToken: `refresh-${n}`,
      tokenId: `token-${n}`,
      user: makeUser(),
    });

  it('with access and refresh tokens: verifies with login-with-token and keeps the returned access token', async () => {
    const user = makeUser({ email: 'fresh@example.com' });
    const { api, store, session } = setup(() => json({ user, accessToken: 'access-fresh' }));
    const loading = session.restore();
    expect(store.getState().isLoading).toBe(true);
    await loading;
    expect(api.calls.map((c) => [c.method, c.path, c.authorization])).toEqual([
      ['GET', USERS_PATHS.loginWithToken, 'Bearer access-1'],
    ]);
    expect(store.getState()).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      userData: user,
      tokens: { accessToken: 'access-fresh', refreshToken: 'refresh-1', tokenId: 'token-1' },
    });
  });

  it('with an expired access token: refreshes, waits 100 ms and verifies again', async () => {
    const { api, session, sleep, store } = setup((call) => {
      if (call.path === USERS_PATHS.refresh) return refreshed(2);
      return call.authorization === 'Bearer access-2'
        ? json({ user: makeUser(), accessToken: 'access-3' })
        : expired();
    });
    await session.restore();
    expect(api.calls.map((c) => c.path)).toEqual([
      USERS_PATHS.loginWithToken,
      USERS_PATHS.refresh,
      USERS_PATHS.loginWithToken,
    ]);
    expect(sleep).toHaveBeenCalledWith(RETRY_AFTER_401_MS);
    expect(store.getState().tokens).toEqual({
      accessToken: 'access-3',
      refreshToken: 'refresh-2',
      tokenId: 'token-1',
    });
  });

  it('with only a refresh token: refreshes first, then loads the user', async () => {
    const { api, store, session } = setup(
      (call) =>
        call.path === USERS_PATHS.refresh
          ? refreshed(2)
          : json({ user: makeUser(), accessToken: 'access-2' }),
      { signedIn: false },
    );
    store.setTokens({ refreshToken: 'refresh-1', tokenId: 'token-1' });
    await session.restore();
    expect(api.calls.map((c) => [c.path, c.authorization])).toEqual([
      [USERS_PATHS.refresh, null],
      [USERS_PATHS.loginWithToken, 'Bearer access-2'],
    ]);
    expect(store.getState().isAuthenticated).toBe(true);
  });

  it('with neither: tries the remember-me login (cookie) and stores its session', async () => {
    const { api, store, session } = setup(() => loginResponse(5), { signedIn: false });
    await session.restore();
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([['POST', USERS_PATHS.rememberMe]]);
    expect(store.getState()).toMatchObject({
      isAuthenticated: true,
      tokens: { accessToken: 'access-5', refreshToken: 'refresh-5', tokenId: 'token-5' },
    });
  });

  it('a missing remember-me login is silent', async () => {
    const { store, notify, session } = setup(
      () => json({ error: 'No remembered login on this device' }, 401),
      {
        signedIn: false,
      },
    );
    await session.restore();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, isLoading: false });
    expect(notify).not.toHaveBeenCalled();
  });

  it('an unreachable server keeps the stored session', async () => {
    const { store, notify, session } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await session.restore();
    expect(store.getState()).toMatchObject({ isAuthenticated: true, isLoading: false });
    expect(notify).not.toHaveBeenCalled();
  });

  it('an ended session is cleared with the session-expired toast', async () => {
    const { store, notify, session } = setup((call) =>
      call.path === USERS_PATHS.refresh
        ? json(
            {
              error: 'Refresh token expired or revoked. Please log in again.',
              code: 'REFRESH_TOKEN_EXPIRED',
            },
            401,
          )
        : expired(),
    );
    await session.restore();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, isLoading: false });
    expect(notify).toHaveBeenCalledWith(AUTH_MESSAGES.sessionExpired);
  });

  it('runs once however often it is asked (StrictMode effects)', async () => {
    const { api, session } = setup(() => json({ user: makeUser(), accessToken: 'access-2' }));
    await Promise.all([session.restore(), session.restore()]);
    await session.restore();
    expect(api.calls).toHaveLength(1);
  });
});

describe('login and logout', () => {
  it('logs in with email, password and the remember-me flag and stores the session', async () => {
    const user = makeUser({ hasAccess: false });
    const { api, store, session } = setup(
      () => json({ accessToken: 'a', refreshToken: 'r', tokenId: 't', user }),
      { signedIn: false },
    );
    await expect(
      session.login({ email: ' trader@example.com ', password: 'pw', rememberMe: true }),
    ).resolves.toEqual(user);
    expect(api.calls[0]).toMatchObject({
      method: 'POST',
      path: USERS_PATHS.login,
      body: { email: 'trader@example.com', password: 'pw', rememberMe: true },
    });
    expect(store.getState()).toMatchObject({
      isAuthenticated: true,
      userData: user,
      tokens: { accessToken: 'a', refreshToken: 'r', tokenId: 't' },
    });
  });

  it('refuses a login answer that is not the documented shape', async () => {
    const { store, session } = setup(() => json({ accessToken: 'a' }), { signedIn: false });
    await expect(session.login({ email: 'a@b.co', password: 'pw', rememberMe: false })).rejects.toMatchObject(
      {
        message: 'Invalid response from server',
      },
    );
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('logout posts the tokenId with the bearer token, then clears local auth', async () => {
    const { api, store, session } = setup(() => json({ message: 'Logged out successfully' }));
    await session.logout();
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: USERS_PATHS.logout,
        body: { tokenId: 'token-1', allDevices: false },
        authorization: 'Bearer access-1',
      },
    ]);
    expect(store.getState().isAuthenticated).toBe(false);
  });

  it('logout clears local auth even when the call fails', async () => {
    const { store, notify, session } = setup(() => json({ error: 'Internal server error' }, 500));
    await session.logout();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, tokens: { refreshToken: null } });
    expect(notify).not.toHaveBeenCalled();
  });

  it('logout with an expired access token refreshes quietly so the server still ends the session', async () => {
    const { api, store, session, notify } = setup((call) => {
      if (call.path === USERS_PATHS.refresh) return refreshed(2);
      return call.authorization === 'Bearer access-2' ? json({ message: 'ok' }) : expired();
    });
    await session.logout({ allDevices: true });
    expect(api.calls.map((c) => [c.path, c.authorization])).toEqual([
      [USERS_PATHS.logout, 'Bearer access-1'],
      [USERS_PATHS.refresh, null],
      [USERS_PATHS.logout, 'Bearer access-2'],
    ]);
    expect(api.calls[2]?.body).toEqual({ tokenId: 'token-1', allDevices: true });
    expect(store.getState().isAuthenticated).toBe(false);
    expect(notify).not.toHaveBeenCalled();
  });
});
