import { useState, type ReactNode } from 'react';
import { AuthStoreContext, createAuthStore, type AuthStore } from './auth-store';

export function AuthProvider({ store, children }: { store?: AuthStore; children: ReactNode }) {
  const [value] = useState<AuthStore>(() => store ?? createAuthStore());
  return <AuthStoreContext value={value}>{children}</AuthStoreContext>;
}
