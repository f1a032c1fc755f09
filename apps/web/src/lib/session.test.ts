import { ACCESS_REFRESH_MINUTES, AUTH_MESSAGES, RETRY_AFTER_401_MS } from '@goldroute/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeApi, json, type ApiCall } from '../test/fake-api';
import { makeUser, testTokens } from '../test/fixtures';
import { ApiError } from './api-client';
import { createAuthStore, type AuthStore } from './auth-store';
import {
  authFailureMessage,
  createSession,
  isAccessTokenExpired,
  REFRESH_LOCK,
  USERS_PATHS,
} from './session';

const PROFILE = '/shared/users/profile';
const expired = () => json({ error: 'Access token expired', code: 'TOKEN_EXPIRED' }, 401);
const refreshed = (n: number) =>
  json({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, tokenId: 'token-1' });

function setup(
  handler: (call: ApiCall) => Response | Promise<Response>,
  options: { signedIn?: boolean } = {},
) {
  const api = fakeApi(handler);
  vi.stubGlobal('fetch', api.fetch);
  const store = createAuthStore(null);
  if (options.signedIn ?? true) store.setSession(makeUser(), testTokens);
  const notify = vi.fn();
  const sleep = vi.fn(() => Promise.resolve());
  const session = createSession({ store, notify, sleep, locks: null });
  return { api, store, notify, sleep, session };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('guarded calls', () => {
  it('send the access token as a bearer token', async () => {
    const { api, session } = setup(() => json({ user: makeUser() }));
    await session.request(PROFILE);
    expect(api.calls).toEqual([
      { method: 'GET', path: PROFILE, body: undefined, authorization: 'Bearer access-1' },
    ]);
  });

  it('refresh once on TOKEN_EXPIRED, store the rotated tokens and retry after 100 ms', async () => {
    const { api, store, session, sleep } = setup((call) => {
      if (call.path === USERS_PATHS.refresh) return refreshed(2);
      return call.authorization === 'Bearer access-2' ? json({ ok: true }) : expired();
    });
    await expect(session.request(PROFILE)).resolves.toEqual({ ok: true });
    expect(api.calls.map((c) => [c.path, c.authorization])).toEqual([
      [PROFILE, 'Bearer access-1'],
      [USERS_PATHS.refresh, null],
      [PROFILE, 'Bearer access-2'],
    ]);
    expect(api.callsTo(USERS_PATHS.refresh)[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(sleep).toHaveBeenCalledWith(RETRY_AFTER_401_MS);
    expect(store.getState().tokens).toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      tokenId: 'token-1',
    });
  });

  it('share one refresh between two concurrent 401s (the refresh token rotates and is single use)', async () => {
    const refresh = deferred<Response>();
    const { api, session } = setup((call) => {
      if (call.path === USERS_PATHS.refresh) return refresh.promise;
      return call.authorization === 'Bearer access-2' ? json({ path: call.path }) : expired();
    });
    const first = session.request('/shared/a');
    const second = session.request('/shared/b');
    await vi.waitFor(() => expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(1));
    refresh.resolve(refreshed(2));
    await expect(Promise.all([first, second])).resolves.toEqual([
      { path: '/shared/a' },
      { path: '/shared/b' },
    ]);
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(1);
    expect(api.calls.filter((c) => c.authorization === 'Bearer access-2')).toHaveLength(2);
  });

  it('a 401 that arrives after another call already refreshed reuses the new token without refreshing', async () => {
    const { api, session, store } = setup((call) =>
      call.authorization === 'Bearer access-1' ? expired() : json({ ok: true }),
    );
    store.setTokens({ accessToken: 'access-9', refreshToken: 'refresh-9' });
    // The call was sent with access-1 before the store moved on.
    await expect(session.refresh('access-1')).resolves.toBe('access-9');
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(0);
  });

  it('also refresh on a 401 whose error mentions expired, without a code', async () => {
    const { api, session } = setup((call) => {
      if (call.path === USERS_PATHS.refresh) return refreshed(2);
      return call.authorization === 'Bearer access-2'
        ? json({ ok: true })
        : json({ error: 'jwt expired' }, 401);
    });
    await expect(session.request(PROFILE)).resolves.toEqual({ ok: true });
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(1);
  });

  it('a failed refresh (REFRESH_TOKEN_EXPIRED) clears auth and says "Session expired. Please log in again." once', async () => {
    const { api, store, notify, session } = setup((call) =>
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
    const results = await Promise.allSettled([session.request('/shared/a'), session.request('/shared/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(1);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(store.getState().tokens).toEqual({ accessToken: null, refreshToken: null, tokenId: null });
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify).toHaveBeenCalledWith('Session expired. Please log in again.');
  });

  it('any 401 on the refresh call ends the session too', async () => {
    const { store, notify, session } = setup((call) =>
      call.path === USERS_PATHS.refresh ? json({ error: 'Nope' }, 401) : expired(),
    );
    await expect(session.request(PROFILE)).rejects.toBeInstanceOf(ApiError);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(notify).toHaveBeenCalledWith(AUTH_MESSAGES.sessionExpired);
  });

  it('a refresh that cannot reach the server keeps the session for the next try', async () => {
    const { store, notify, session } = setup((call) =>
      call.path === USERS_PATHS.refresh ? Promise.reject(new TypeError('Failed to fetch')) : expired(),
    );
    await expect(session.request(PROFILE)).rejects.toMatchObject({ status: 0 });
    expect(store.getState().isAuthenticated).toBe(true);
    expect(store.getState().tokens.refreshToken).toBe('refresh-1');
    expect(notify).not.toHaveBeenCalled();
  });

  it('a revoked session (REFRESH_TOKEN_EXPIRED on a guarded call) ends without trying to refresh', async () => {
    const { api, store, notify, session } = setup(() =>
      json({ error: 'Session expired. Please log in again.', code: 'REFRESH_TOKEN_EXPIRED' }, 401),
    );
    await expect(session.request(PROFILE)).rejects.toBeInstanceOf(ApiError);
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(0);
    expect(store.getState().isAuthenticated).toBe(false);
    expect(notify).toHaveBeenCalledWith(AUTH_MESSAGES.sessionExpired);
  });

  it('another 401 clears auth and shows the server error (SPEC §8)', async () => {
    const { store, notify, session } = setup(() => json({ error: 'Invalid access token' }, 401));
    await expect(session.request(PROFILE)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid access token',
    });
    expect(store.getState().isAuthenticated).toBe(false);
    expect(notify).toHaveBeenCalledWith('Invalid access token');
  });

  it('leaves other errors to the caller', async () => {
    const { store, notify, session } = setup(() => json({ error: 'Unknown region' }, 400));
    await expect(session.request(PROFILE)).rejects.toMatchObject({ status: 400, message: 'Unknown region' });
    expect(store.getState().isAuthenticated).toBe(true);
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('auth failure wording (SPEC §8)', () => {
  it.each([
    ['Invalid access token', 'Invalid access token'],
    ['Access token expired', null],
    ['Refresh token revoked', null],
    [undefined, 'Authentication failed. Please log in again.'],
  ])('server error %j toasts %j', (server, toast) => {
    expect(authFailureMessage(server)).toBe(toast);
  });

  it('recognises expired access tokens by code or by message, never a revoked session', () => {
    expect(isAccessTokenExpired(new ApiError(401, 'Access token expired', 'TOKEN_EXPIRED'))).toBe(true);
    expect(isAccessTokenExpired(new ApiError(401, 'token has expired'))).toBe(true);
    expect(isAccessTokenExpired(new ApiError(401, 'Session expired.', 'REFRESH_TOKEN_EXPIRED'))).toBe(false);
    expect(isAccessTokenExpired(new ApiError(400, 'link expired'))).toBe(false);
    expect(isAccessTokenExpired(new Error('expired'))).toBe(false);
  });
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

describe('refresh every 45 minutes', () => {
  it('refreshes on the interval while signed in, and stops after logout', async () => {
    vi.useFakeTimers();
    let n = 1;
    const { api, store, session } = setup(() => refreshed(++n));
    const stop = session.startAutoRefresh();
    await vi.advanceTimersByTimeAsync(ACCESS_REFRESH_MINUTES * 60_000 - 1);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(1);
    expect(store.getState().tokens.refreshToken).toBe('refresh-2');
    await vi.advanceTimersByTimeAsync(ACCESS_REFRESH_MINUTES * 60_000);
    expect(api.callsTo(USERS_PATHS.refresh).map((c) => c.body)).toEqual([
      { refreshToken: 'refresh-1' },
      { refreshToken: 'refresh-2' },
    ]);

    store.clear();
    await vi.advanceTimersByTimeAsync(3 * ACCESS_REFRESH_MINUTES * 60_000);
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(2);
    stop();
  });

  it('starts when a visitor signs in', async () => {
    vi.useFakeTimers();
    const { api, store, session } = setup(() => refreshed(2), { signedIn: false });
    const stop = session.startAutoRefresh();
    await vi.advanceTimersByTimeAsync(ACCESS_REFRESH_MINUTES * 60_000);
    expect(api.calls).toHaveLength(0);
    store.setSession(makeUser(), testTokens);
    await vi.advanceTimersByTimeAsync(ACCESS_REFRESH_MINUTES * 60_000);
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(1);
    stop();
  });
});

describe('several tabs', () => {
  function twoTabs(handler: (call: ApiCall) => Response | Promise<Response>) {
    const api = fakeApi(handler);
    vi.stubGlobal('fetch', api.fetch);
    const tabA: AuthStore = createAuthStore(window.localStorage);
    tabA.setSession(makeUser(), testTokens);
    const tabB: AuthStore = createAuthStore(window.localStorage);
    const options = { notify: vi.fn(), sleep: () => Promise.resolve(), locks: null };
    return {
      api,
      tabA,
      tabB,
      a: createSession({ store: tabA, ...options }),
      b: createSession({ store: tabB, ...options }),
    };
  }

  it('a tab adopts tokens another tab rotated instead of spending the old refresh token again', async () => {
    const { api, tabB, a, b } = twoTabs(() => refreshed(2));
    await a.refresh('access-1');
    // Tab B has not seen the storage event yet and still holds refresh-1.
    expect(tabB.getState().tokens.refreshToken).toBe('refresh-1');
    await expect(b.refresh('access-1')).resolves.toBe('access-2');
    expect(api.callsTo(USERS_PATHS.refresh)).toHaveLength(1);
    expect(tabB.getState().tokens.refreshToken).toBe('refresh-2');
  });

  it('refreshes under a Web Lock when the browser has them', async () => {
    const api = fakeApi(() => refreshed(2));
    vi.stubGlobal('fetch', api.fetch);
    const store = createAuthStore(null);
    store.setSession(makeUser(), testTokens);
    const names: string[] = [];
    const locks = {
      request: vi.fn((name: string, work: () => Promise<unknown>) => {
        names.push(name);
        return work();
      }),
    } as unknown as Pick<LockManager, 'request'>;
    await createSession({ store, locks, notify: vi.fn() }).refresh();
    expect(names).toEqual([REFRESH_LOCK]);
  });
});
