import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { createAuthStore, type AuthTokens, type AuthUser } from '../lib/auth-store';
import { createSession } from '../lib/session';
import { testTokens } from './fixtures';

export interface RenderRouteOptions {
  /** Signed-in user; omitted means a visitor. */
  user?: AuthUser;
  /** Tokens stored with the user (default testTokens), or alone for a visitor with leftovers. */
  tokens?: Partial<AuthTokens>;
  /** The fetch the app sees; by default every call fails like an unreachable server. */
  fetch?: typeof fetch;
  /** Run the load-time session restoration first, as main.tsx does. */
  restore?: boolean;
  /** Render inside StrictMode, as main.tsx does (effects run twice in development). */
  strict?: boolean;
}

export function rejectingFetch(): typeof fetch {
  return vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function jsonFetch(body: unknown, status = 200): typeof fetch {
  return vi.fn(() => Promise.resolve(jsonResponse(body, status))) as unknown as typeof fetch;
}

/** Mounts the real route table in a memory router with fresh providers. */
export function renderRoute(entry: InitialEntry, options: RenderRouteOptions = {}) {
  const fetchMock = options.fetch ?? rejectingFetch();
  vi.stubGlobal('fetch', fetchMock);
  const authStore = createAuthStore(null);
  if (options.user) authStore.setSession(options.user, { ...testTokens, ...options.tokens });
  else if (options.tokens) authStore.setTokens(options.tokens);
  const session = createSession({ store: authStore, sleep: () => Promise.resolve(), locks: null });
  if (options.restore) void session.restore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const app = (
    <AppProviders queryClient={queryClient} authStore={authStore} session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(options.strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, authStore, session, queryClient, fetchMock };
}
