import { ACCESS_REFRESH_MINUTES } from '@goldroute/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type ApiCall } from '../test/fake-api';
import { makeUser, testTokens } from '../test/fixtures';
import { createAuthStore, type AuthStore } from './auth-store';
import { createSession, REFRESH_LOCK, USERS_PATHS } from './session';
import { refreshed, setup } from './session-test-utils';

afterEach(() => {
  vi.useRealTimers();
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
