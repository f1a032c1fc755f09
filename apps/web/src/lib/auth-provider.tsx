import { useState, type ReactNode } from 'react';
import { AuthStoreContext, createAuthStore, type AuthStore } from './auth-store';
import { createSession, type Session } from './session';
import { SessionContext } from './use-session';

/**
 * Auth state plus the session working on it. The app creates both before rendering (main.tsx) so the
 * load-time restoration starts, and isLoading is on, before the first guard decides anything; tests pass
 * their own or get fresh ones that do not restore.
 */
export function AuthProvider({
  store,
  session,
  children,
}: {
  store?: AuthStore;
  session?: Session;
  children: ReactNode;
}) {
  const [value] = useState(() => {
    const authStore = store ?? createAuthStore();
    return { store: authStore, session: session ?? createSession({ store: authStore }) };
  });
  return (
    <AuthStoreContext value={value.store}>
      <SessionContext value={value.session}>{children}</SessionContext>
    </AuthStoreContext>
  );
}
