import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../auth-context';
import { AuthLoading } from './auth-loading';

/** Where the login page sends the user back to after success. */
export interface LoginRedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Spec §2 protected route: a loading indicator while the sign-in state loads,
 * the content when signed in, otherwise /login remembering where the user
 * came from (history replaced). Wraps `children`, or an `<Outlet />` when
 * used as a layout route element.
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <AuthLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location } satisfies LoginRedirectState} />;
  return <>{children ?? <Outlet />}</>;
}
