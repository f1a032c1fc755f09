import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { createAuthStore, type AuthUser } from '../lib/auth-store';
import { testTokens } from './fixtures';

export interface RenderRouteOptions {
  /** Signed-in user; omitted means a visitor. */
  user?: AuthUser;
  /** The fetch the app sees; by default every call fails like an unreachable server. */
  fetch?: typeof fetch;
}

export function rejectingFetch(): typeof fetch {
  return vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
}

export function jsonFetch(body: unknown, status = 200): typeof fetch {
  return vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
  ) as unknown as typeof fetch;
}

/** Mounts the real route table in a memory router with fresh providers. */
export function renderRoute(entry: InitialEntry, options: RenderRouteOptions = {}) {
  const fetchMock = options.fetch ?? rejectingFetch();
  vi.stubGlobal('fetch', fetchMock);
  const authStore = createAuthStore(null);
  if (options.user) authStore.setSession(options.user, testTokens);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const view = render(
    <AppProviders queryClient={queryClient} authStore={authStore}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, authStore, queryClient, fetchMock };
}
