// Client side of the session (SPEC §4 "Session", §7 "Session and accounts", §8 "Authentication"):
// bearer on guarded calls, one shared refresh + a retry after 100 ms on an expired access token,
// restoration on load, a refresh every 45 minutes, login and logout.
import { ACCESS_REFRESH_MINUTES, AUTH_MESSAGES, ERROR_CODES, RETRY_AFTER_401_MS } from '@goldroute/domain';
import type { User } from '@goldroute/domain/api';
import { ApiError, apiRequest, type ApiRequestOptions } from './api-client';
import type { AuthStore, AuthTokens } from './auth-store';
import type * as SessionSchemaModule from './session-schemas';
import { notifyError } from './toasts';

export const ACCESS_REFRESH_MS = ACCESS_REFRESH_MINUTES * 60 * 1000;
/** Web Lock name: tabs of one browser take turns, so two of them never spend one refresh token. */
export const REFRESH_LOCK = 'goldroute.refresh';

export const USERS_PATHS = {
  login: '/shared/users/login',
  logout: '/shared/users/logout',
  refresh: '/shared/users/refresh-token',
  rememberMe: '/shared/users/login-remember-me',
  loginWithToken: '/shared/users/login-with-token',
} as const;

/** What the session needs of a wire schema (zod's safeParse), without depending on zod here. */
interface WireSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

type SessionSchemas = typeof SessionSchemaModule;
let sessionSchemas: Promise<SessionSchemas> | undefined;

/**
 * The schemas (and zod) arrive with the first answer to check, not with the first page: a visitor's
 * remember-me call is refused and needs none of them.
 */
const loadSessionSchemas = () => (sessionSchemas ??= import('./session-schemas'));

// Unit tests look at the store right after a call, as with one bundle: have the schemas at hand. The build
// drops this branch.
if (import.meta.env.MODE === 'test') await loadSessionSchemas();

async function parseResponse<T>(
  pick: (schemas: SessionSchemas) => WireSchema<T>,
  value: unknown,
  status = 200,
): Promise<T> {
  const result = pick(await loadSessionSchemas()).safeParse(value);
  if (!result.success) throw new ApiError(status, AUTH_MESSAGES.invalidResponse);
  return result.data;
}

/** SPEC §4: a 401 with code TOKEN_EXPIRED, or an error mentioning expired, means "refresh and retry". */
export function isAccessTokenExpired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    error.code !== ERROR_CODES.refreshTokenExpired &&
    (error.code === ERROR_CODES.tokenExpired || /expired/i.test(error.message))
  );
}

/** SPEC §8: REFRESH_TOKEN_EXPIRED, or any 401 on the refresh call, ends the session. */
function isSessionOver(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === ERROR_CODES.refreshTokenExpired || error.status === 401)
  );
}

/**
 * SPEC §8: an auth-failure toast shows the server's message, except when it mentions "expired" or
 * "refresh" (those end in "Session expired. Please log in again." instead). Null: no toast of its own.
 */
export function authFailureMessage(serverMessage: string | undefined): string | null {
  if (!serverMessage) return AUTH_MESSAGES.failedLogInAgain;
  return /expired|refresh/i.test(serverMessage) ? null : serverMessage;
}

export interface LoginCredentials {
  email: string;
  password: string;
  rememberMe: boolean;
}

export type SessionRequestOptions = Omit<ApiRequestOptions, 'accessToken'>;

export interface Session {
  /** A guarded call: bearer token, and on an expired token one shared refresh and a retry after 100 ms. */
  request<T>(path: string, options?: SessionRequestOptions): Promise<T>;
  /**
   * Rotates the refresh token and stores both new tokens. Concurrent callers share one call. `stale` is
   * the access token that was refused: when the store already holds another one, nothing is sent.
   */
  refresh(stale?: string | null): Promise<string>;
  /** On load (SPEC §4): verify, or refresh, or try the remember-me login; isLoading meanwhile. Once. */
  restore(): Promise<void>;
  login(credentials: LoginCredentials): Promise<User>;
  /** Tells the server, then clears local auth whatever the answer (SPEC §4). */
  logout(options?: { allDevices?: boolean }): Promise<void>;
  /** Refreshes every 45 minutes while signed in; returns a stop function. */
  startAutoRefresh(): () => void;
}

export interface SessionOptions {
  store: AuthStore;
  /** Error toast; injectable for tests. */
  notify?: (message: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Web Locks; null runs without (jsdom has none, and neither do old browsers). */
  locks?: Pick<LockManager, 'request'> | null;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function browserLocks(): Pick<LockManager, 'request'> | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

export function createSession({
  store,
  notify = notifyError,
  sleep = defaultSleep,
  locks = browserLocks(),
}: SessionOptions): Session {
  let inflightRefresh: Promise<string> | null = null;
  let restoring: Promise<void> | null = null;

  /** SPEC §4/§8: clear auth and say so, once per ended session. */
  function expire(): void {
    const { isAuthenticated, tokens } = store.getState();
    if (!isAuthenticated && !tokens.refreshToken && !tokens.accessToken) return;
    store.clear();
    notify(AUTH_MESSAGES.sessionExpired);
  }

  /** A guarded call was refused for a reason a refresh cannot fix. */
  function handleAuthFailure(error: unknown): void {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (error.code === ERROR_CODES.refreshTokenExpired || isAccessTokenExpired(error)) {
      expire();
      return;
    }
    const message = authFailureMessage(error.serverError);
    store.clear();
    if (message) notify(message);
  }

  function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
    return locks ? locks.request(REFRESH_LOCK, work) : work();
  }

  async function rotate(stale: string | null): Promise<string> {
    store.syncFromStorage();
    const { accessToken, refreshToken } = store.getState().tokens;
    if (accessToken && accessToken !== stale) return accessToken;
    if (!refreshToken) {
      throw new ApiError(401, AUTH_MESSAGES.sessionExpired, ERROR_CODES.refreshTokenExpired);
    }
    const body = await parseResponse(
      (schemas) => schemas.refreshTokenResponseSchema,
      await apiRequest<unknown>(USERS_PATHS.refresh, { method: 'POST', body: { refreshToken } }),
    );
    // Logged out (or replaced) meanwhile: do not bring the old session back.
    if (store.getState().tokens.refreshToken === refreshToken) {
      store.setTokens({
        accessToken: body.accessToken,
        refreshToken: body.refreshToken ?? refreshToken,
        tokenId: body.tokenId,
      });
    }
    return body.accessToken;
  }

  /** The one refresh in flight, without deciding what a failure means. */
  function sharedRotation(stale: string | null): Promise<string> {
    inflightRefresh ??= withRefreshLock(() => rotate(stale)).finally(() => {
      inflightRefresh = null;
    });
    return inflightRefresh;
  }

  async function refresh(stale: string | null = store.getState().tokens.accessToken): Promise<string> {
    try {
      return await sharedRotation(stale);
    } catch (error) {
      if (isSessionOver(error)) expire();
      throw error;
    }
  }

  async function request<T>(path: string, options: SessionRequestOptions = {}): Promise<T> {
    const used = store.getState().tokens.accessToken;
    try {
      return await apiRequest<T>(path, { ...options, accessToken: used });
    } catch (error) {
      if (!isAccessTokenExpired(error)) {
        handleAuthFailure(error);
        throw error;
      }
    }
    const fresh = await refresh(used);
    await sleep(RETRY_AFTER_401_MS);
    try {
      return await apiRequest<T>(path, { ...options, accessToken: fresh });
    } catch (error) {
      handleAuthFailure(error);
      throw error;
    }
  }

  async function verify(): Promise<void> {
    const body = await parseResponse(
      (schemas) => schemas.loginWithTokenResponseSchema,
      await request<unknown>(USERS_PATHS.loginWithToken),
    );
    store.setSession(body.user, { ...store.getState().tokens, accessToken: body.accessToken });
  }

  async function storeLogin(value: unknown): Promise<User> {
    const body = await parseResponse((schemas) => schemas.loginResponseSchema, value);
    const tokens: AuthTokens = {
      accessToken: body.accessToken,
      refreshToken: body.refreshToken,
      tokenId: body.tokenId,
    };
    store.setSession(body.user, tokens);
    return body.user;
  }

  async function restoreNow(): Promise<void> {
    const { accessToken, refreshToken } = store.getState().tokens;
    if (accessToken) {
      await verify();
    } else if (refreshToken) {
      await refresh(null);
      await verify();
    } else {
      // Silent: most visitors have no remembered login.
      await storeLogin(await apiRequest<unknown>(USERS_PATHS.rememberMe, { method: 'POST' }));
    }
  }

  function restore(): Promise<void> {
    restoring ??= (async () => {
      store.setLoading(true);
      try {
        await restoreNow();
      } catch {
        // Ended sessions are cleared (with their toast) where they fail; an unreachable server keeps
        // the stored session, so a flaky connection does not sign anyone out.
      } finally {
        store.setLoading(false);
      }
    })();
    return restoring;
  }

  async function login({ email, password, rememberMe }: LoginCredentials): Promise<User> {
    return storeLogin(
      await apiRequest<unknown>(USERS_PATHS.login, {
        method: 'POST',
        body: { email: email.trim(), password, rememberMe },
      }),
    );
  }

  async function logout({ allDevices = false }: { allDevices?: boolean } = {}): Promise<void> {
    const { accessToken, tokenId } = store.getState().tokens;
    const call = (token: string | null) =>
      apiRequest<unknown>(USERS_PATHS.logout, {
        method: 'POST',
        body: { tokenId, allDevices },
        accessToken: token,
      });
    try {
      if (tokenId) {
        try {
          await call(accessToken);
        } catch (error) {
          // An expired access token still ends its session on the server: refresh quietly, try again.
          if (!isAccessTokenExpired(error)) throw error;
          await call(await sharedRotation(accessToken));
        }
      }
    } catch {
      // Local auth is cleared regardless (SPEC §4, §7).
    } finally {
      store.clear();
    }
  }

  function startAutoRefresh(): () => void {
    let timer: ReturnType<typeof setInterval> | null = null;
    const sync = () => {
      const { isAuthenticated, tokens } = store.getState();
      const wanted = isAuthenticated && tokens.refreshToken !== null;
      if (wanted && timer === null) {
        timer = setInterval(() => {
          refresh().catch(() => {
            // An ended session is already cleared; a network error waits for the next tick.
          });
        }, ACCESS_REFRESH_MS);
      } else if (!wanted && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
    sync();
    const unsubscribe = store.subscribe(sync);
    return () => {
      unsubscribe();
      if (timer !== null) clearInterval(timer);
      timer = null;
    };
  }

  return { request, refresh, restore, login, logout, startAutoRefresh };
}
