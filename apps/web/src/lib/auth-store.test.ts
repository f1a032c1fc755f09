import { describe, expect, it, vi } from 'vitest';
import { makeUser, testTokens } from '../test/fixtures';
import { AUTH_STORAGE_KEY, createAuthStore, parseAuthState, signedOutState } from './auth-store';

describe('auth store', () => {
  it('persists the SPEC §3 shape under goldroute.auth', () => {
    const store = createAuthStore(window.localStorage);
    const user = makeUser();
    store.setSession(user, testTokens);
    expect(AUTH_STORAGE_KEY).toBe('goldroute.auth');
    expect(JSON.parse(window.localStorage.getItem('goldroute.auth') ?? 'null')).toEqual({
      isAuthenticated: true,
      userData: user,
      tokens: { accessToken: 'access-1', refreshToken: 'refresh-1', tokenId: 'token-1' },
      isLoading: false,
    });
    expect(createAuthStore(window.localStorage).getState()).toEqual(store.getState());
  });

  it('removes the stored state on clear and notifies subscribers', () => {
    const store = createAuthStore(window.localStorage);
    store.setSession(makeUser(), testTokens);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getState()).toEqual(signedOutState);
    expect(window.localStorage.getItem('goldroute.auth')).toBeNull();
  });

  it('treats malformed storage as signed out', () => {
    expect(parseAuthState('not json')).toEqual(signedOutState);
    expect(parseAuthState(JSON.stringify({ isAuthenticated: true, userData: null }))).toEqual(signedOutState);
    expect(
      parseAuthState(JSON.stringify({ isAuthenticated: true, userData: { id: 1 } })).isAuthenticated,
    ).toBe(false);
  });

  it('never restores a loading flag after a reload', () => {
    const raw = JSON.stringify({
      isAuthenticated: true,
      userData: makeUser(),
      tokens: testTokens,
      isLoading: true,
    });
    expect(parseAuthState(raw).isLoading).toBe(false);
  });

  it('follows changes made in another tab', () => {
    const store = createAuthStore(window.localStorage);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const next = JSON.stringify({
      isAuthenticated: true,
      userData: makeUser(),
      tokens: testTokens,
      isLoading: false,
    });
    window.dispatchEvent(new StorageEvent('storage', { key: 'goldroute.auth', newValue: next }));
    expect(listener).toHaveBeenCalledOnce();
    expect(store.getState().isAuthenticated).toBe(true);
    unsubscribe();
  });
});
