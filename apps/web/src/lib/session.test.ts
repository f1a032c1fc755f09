import { AUTH_MESSAGES, RETRY_AFTER_401_MS } from '@goldroute/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, json } from '../test/fake-api';
import { makeUser } from '../test/fixtures';
import { ApiError } from './api-client';
import { authFailureMessage, isAccessTokenExpired, USERS_PATHS } from './session';
import { PROFILE, expired, refreshed, setup } from './session-test-utils';

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
