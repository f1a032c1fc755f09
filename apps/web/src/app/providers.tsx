import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@goldroute/domain';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useAppQueryClient } from '../lib/app-query-client';
import { AuthProvider } from '../lib/auth-provider';
import type { AuthStore } from '../lib/auth-store';
import type { Session } from '../lib/session';
import { useToastify } from '../lib/toasts';

/**
 * Query cache, auth state and toasts (SPEC §2: top-right, auto-close 5 s, at most 6). Tests hand in their
 * own query client; the app's arrives with the first code that queries (lib/app-query-client.ts), and the
 * context carries it from then on without remounting anything below.
 */
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
  const [given] = useState(queryClient);
  const appClient = useAppQueryClient();
  const client = given ?? appClient;
  // What QueryClientProvider does: the client listens for focus and connectivity while it is provided.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return (
    <QueryClientContext.Provider value={client ?? undefined}>
      <AuthProvider store={authStore} session={session}>
        {children}
        <Toasts />
      </AuthProvider>
    </QueryClientContext.Provider>
  );
}

/** The toast container, from the first toast on (lib/toasts.ts loads the library then). */
function Toasts() {
  const toastify = useToastify();
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return (
    <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={TOAST_LIMIT} theme="dark" />
  );
}
