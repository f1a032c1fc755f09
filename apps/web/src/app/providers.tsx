import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@goldroute/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import { AuthProvider } from '../lib/auth-provider';
import type { AuthStore } from '../lib/auth-store';
import type { Session } from '../lib/session';
import { createQueryClient } from './query-client';

/** Query cache, auth state and toasts (SPEC §2: top-right, auto-close 5 s, at most 6). */
export function AppProviders({
  children,
  queryClient,
  authStore,
  session,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  authStore?: AuthStore;
  session?: Session;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider store={authStore} session={session}>
        {children}
        <ToastContainer
          position="top-right"
          autoClose={TOAST_AUTO_CLOSE_MS}
          limit={TOAST_LIMIT}
          theme="dark"
        />
      </AuthProvider>
    </QueryClientProvider>
  );
}
