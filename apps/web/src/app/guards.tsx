import { parseRegion, type Region } from '@goldroute/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { AccessDenied } from '../components/access-denied';
import { LoadingScreen } from '../components/loading-screen';
import { useAuth } from '../lib/auth-store';
import { paths } from '../shared/paths';

/** What a guard redirect carries, so login can send the user back (SPEC §2). */
export interface GuardRedirectState {
  from: ReturnType<typeof useLocation>;
}

function ToLogin() {
  const location = useLocation();
  const state: GuardRedirectState = { from: location };
  return <Navigate to={paths.login} replace state={state} />;
}

/** Authenticated-only routes: otherwise /login, with the origin location. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <ToLogin />;
  return children ?? <Outlet />;
}

/** Access-only routes need userData.hasAccess, otherwise /login with the origin location. */
export function RequireAccess({ children }: { children?: ReactNode }) {
  const { hasAccess, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!hasAccess) return <ToLogin />;
  return children ?? <Outlet />;
}

/** Admin-only routes: non-admins stay on the page and see Access Denied. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { isAuthenticated, isAdmin, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <ToLogin />;
  if (!isAdmin) return <AccessDenied />;
  return children ?? <Outlet />;
}

/**
 * Region parameter: us or eu, missing means us; anything else redirects to the same tool with us.
 */
export function RegionGate({
  param,
  toolPath,
  children,
}: {
  param: 'selectedRegion' | 'region';
  toolPath: (region: Region) => string;
  children: ReactNode;
}) {
  const params = useParams();
  const location = useLocation();
  if (parseRegion(params[param]) === null) {
    return <Navigate to={{ pathname: toolPath('us'), search: location.search }} replace />;
  }
  return children;
}
