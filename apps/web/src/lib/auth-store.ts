import { isAdmin } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { createContext, useContext, useSyncExternalStore } from 'react';

export const AUTH_STORAGE_KEY = 'goldroute.auth';

/** The user as login and profile calls return it (SPEC §3). */
export type AuthUser = User;

export interface AuthTokens {
  accessToken: string | null;
  refreshToken: string | null;
  tokenId: string | null;
}

/** SPEC §3 "Auth state (persisted locally)". */
export interface AuthState {
  isAuthenticated: boolean;
  userData: AuthUser | null;
  tokens: AuthTokens;
  isLoading: boolean;
}

export const emptyTokens: AuthTokens = { accessToken: null, refreshToken: null, tokenId: null };

export const signedOutState: AuthState = {
  isAuthenticated: false,
  userData: null,
  tokens: emptyTokens,
  isLoading: false,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Reads persisted state defensively: anything malformed counts as signed out. */
export function parseAuthState(raw: string | null): AuthState {
  if (!raw) return signedOutState;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value)) return signedOutState;
    const user = value.userData;
    // Only the identity is checked here; the next profile call replaces the rest.
    const userData =
      isRecord(user) && typeof user.id === 'string' && typeof user.email === 'string'
        ? (user as unknown as AuthUser)
        : null;
    const tokens = isRecord(value.tokens) ? value.tokens : {};
    return {
      isAuthenticated: value.isAuthenticated === true && userData !== null,
      userData,
      tokens: {
        accessToken: stringOrNull(tokens.accessToken),
        refreshToken: stringOrNull(tokens.refreshToken),
        tokenId: stringOrNull(tokens.tokenId),
      },
      // A reload never resumes half-finished work.
      isLoading: false,
    };
  } catch {
    return signedOutState;
  }
}

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  setSession(userData: AuthUser, tokens: AuthTokens): void;
  setUser(userData: AuthUser): void;
  setTokens(tokens: Partial<AuthTokens>): void;
  setLoading(isLoading: boolean): void;
  clear(): void;
  /**
   * Adopts the persisted session when another tab has rotated its tokens and the storage event has not
   * arrived yet (the session calls it before a refresh, so two tabs never spend one refresh token).
   */
  syncFromStorage(): void;
}

/** A tiny external store persisted under `goldroute.auth`, kept in sync across tabs. */
export function createAuthStore(storage: Storage | null = safeLocalStorage()): AuthStore {
  let state = parseAuthState(storage?.getItem(AUTH_STORAGE_KEY) ?? null);
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());
  const set = (next: AuthState) => {
    state = next;
    try {
      if (next.isAuthenticated || next.tokens.refreshToken) {
        storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
      } else {
        storage?.removeItem(AUTH_STORAGE_KEY);
      }
    } catch {
      // Private mode or a full quota: keep working in memory.
    }
    emit();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY) return;
    state = parseAuthState(event.newValue);
    emit();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', onStorage);
        }
      };
    },
    setSession: (userData, tokens) => set({ isAuthenticated: true, userData, tokens, isLoading: false }),
    setUser: (userData) => set({ ...state, userData, isAuthenticated: true }),
    setTokens: (tokens) => set({ ...state, tokens: { ...state.tokens, ...tokens } }),
    setLoading: (isLoading) => set({ ...state, isLoading }),
    clear: () => set(signedOutState),
    syncFromStorage() {
      let stored: AuthState;
      try {
        stored = parseAuthState(storage?.getItem(AUTH_STORAGE_KEY) ?? null);
      } catch {
        return;
      }
      const rotated = stored.tokens.refreshToken && stored.tokens.refreshToken !== state.tokens.refreshToken;
      if (!rotated) return;
      state = { ...stored, isLoading: state.isLoading };
      emit();
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const AuthStoreContext = createContext<AuthStore | null>(null);

export interface UseAuth extends AuthState {
  isAdmin: boolean;
  hasAccess: boolean;
  setSession: AuthStore['setSession'];
  setUser: AuthStore['setUser'];
  setTokens: AuthStore['setTokens'];
  setLoading: AuthStore['setLoading'];
  /** Clears local auth (SPEC §4: logout clears it even when the server call fails). */
  clear: AuthStore['clear'];
}

export function useAuth(): UseAuth {
  const store = useContext(AuthStoreContext);
  if (!store) throw new Error('useAuth must be used inside <AuthProvider>');
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    isAdmin: state.isAuthenticated && isAdmin(state.userData?.role),
    hasAccess: state.isAuthenticated && state.userData?.hasAccess === true,
    setSession: store.setSession,
    setUser: store.setUser,
    setTokens: store.setTokens,
    setLoading: store.setLoading,
    clear: store.clear,
  };
}
