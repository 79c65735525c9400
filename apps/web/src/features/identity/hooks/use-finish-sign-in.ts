import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { ApiError } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useAuthActions } from '../auth-context';
import type { LoginRedirectState } from '../components/protected-route';

/** Where to go after signing in: back to the protected page that sent the user here, else /home (spec). */
export function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/register') return '/home';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The sync refused the session because the account's second factor is still owed (a Google sign-in of an enrolled account). */
export const isSecondFactorPending = (err: unknown) => err instanceof ApiError && err.code === 'TWO_FACTOR_REQUIRED';

/**
 * Spec §4: after a successful sign-in (password or Google) sync the user to
 * get the access token, toast, and navigate. When the account owes its
 * second factor first, `onSecondFactor` runs instead (issue #7).
 */
export function useFinishSignIn(kind: 'login' | 'signup', onSecondFactor?: () => void) {
  const { completeSignIn } = useAuthActions();
  const navigate = useNavigate();
  const to = useReturnPath();
  return useCallback(async () => {
    try {
      await completeSignIn();
    } catch (err) {
      if (onSecondFactor && isSecondFactorPending(err)) {
        onSecondFactor();
        return;
      }
      throw err;
    }
    toastSuccess(kind === 'login' ? toastsCopy.login : toastsCopy.signup);
    navigate(to, { replace: true });
  }, [completeSignIn, kind, navigate, to, onSecondFactor]);
}
