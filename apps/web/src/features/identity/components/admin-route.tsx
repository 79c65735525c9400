import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { authCopy } from '@shop/shared/copy/auth';
import { useAuth, useAuthActions } from '../auth-context';
import { AuthLoading } from './auth-loading';
import type { LoginRedirectState } from './protected-route';

// Only an admin who must pass a second factor sees these: their code (and the QR code library) stays out of
// every public page's script (decision 107).
const TwoFactorChallenge = lazy(() => import('./two-factor-challenge').then((m) => ({ default: m.TwoFactorChallenge })));
const TwoFactorEnrolment = lazy(() => import('./two-factor-enrolment').then((m) => ({ default: m.TwoFactorEnrolment })));

/**
 * Admin-only screens. The server refuses non-admins anyway (DESIGN §6); this
 * guard keeps customers from landing on a broken admin page: visitors go to
 * /login (and come back after signing in), signed-in non-admins see a clear
 * refusal instead of the content.
 */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { user, loading, admin, adminLoading, adminTwoFactor } = useAuth();
  const { secondFactorPassed } = useAuthActions();
  const location = useLocation();
  if (loading) return <AuthLoading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location } satisfies LoginRedirectState} />;
  if (adminLoading) return <AuthLoading />;
  if (!admin) {
    return (
      <section role="alert" className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h2 className="font-display text-3xl font-bold uppercase tracking-wide">{authCopy.adminOnlyTitle}</h2>
        <p className="text-base-content/80">{authCopy.adminOnlyText}</p>
        <Link to="/dashboard/myorders" className="btn btn-primary">
          {authCopy.adminOnlyBack}
        </Link>
      </section>
    );
  }
  // ADMIN_TWO_FACTOR=required: the server refuses admin calls until this session passed a second factor.
  if (adminTwoFactor === 'enrol') {
    return (
      <div className="mx-auto w-full max-w-5xl px-0 py-2">
        <Suspense fallback={<AuthLoading />}>
          <TwoFactorEnrolment audience="admin" onEnrolled={secondFactorPassed} />
        </Suspense>
      </div>
    );
  }
  if (adminTwoFactor === 'verify') {
    return (
      <div className="mx-auto w-full max-w-md py-8">
        <Suspense fallback={<AuthLoading />}>
          <TwoFactorChallenge onVerified={secondFactorPassed} />
        </Suspense>
      </div>
    );
  }
  return <>{children ?? <Outlet />}</>;
}
