// The app's one query cache (TanStack Query) arrives with the first part of the app that asks the server
// for data: a route's code (app/router.tsx awaits it beside the screen) or the landing page's price cards
// as they come into view. The landing page's first paint needs none of it.
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

let loading: Promise<QueryClient> | undefined;
let client: QueryClient | null = null;
const listeners = new Set<() => void>();

/** The app's query client, created on the first call; code that renders queries awaits it first. */
export function loadAppQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(({ createQueryClient }) => {
    client = createQueryClient();
    for (const listener of listeners) listener();
    return client;
  });
  return loading;
}

/** The app's query client once created (null before): app/providers.tsx hands it to the queries. */
export function useAppQueryClient(): QueryClient | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => client,
  );
}
