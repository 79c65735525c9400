import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { copy } from '@shop/shared/copy';
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

/**
 * Spec §4: after a successful sign-in (password or Google) sync the user to
 * get the access token, toast, and navigate.
 */
export function useFinishSignIn(kind: 'login' | 'signup') {
  const { completeSignIn } = useAuthActions();
  const navigate = useNavigate();
  const to = useReturnPath();
  return useCallback(async () => {
    await completeSignIn();
    toastSuccess(kind === 'login' ? copy.toasts.login : copy.toasts.signup);
    navigate(to, { replace: true });
  }, [completeSignIn, kind, navigate, to]);
}
