// A session over a fake API and the answers the session tests give it, shared by those tests.
import { vi } from 'vitest';
import { fakeApi, json, type ApiCall } from '../test/fake-api';
import { makeUser, testTokens } from '../test/fixtures';
import { createAuthStore } from './auth-store';
import { createSession } from './session';

export const PROFILE = '/shared/users/profile';
export const expired = () => json({ error: 'Access token expired', code: 'TOKEN_EXPIRED' }, 401);
export const refreshed = (n: number) =>
  json({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, tokenId: 'token-1' });

export function setup(
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
