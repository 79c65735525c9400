import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAuth } from '../auth-context';

/** Query flag of the link in the e-mail that finishes a sign-up (the server's WELCOME_CALLBACK_PATH, /home?welcome=1). */
const WELCOME = 'welcome';

/**
 * Decision 175: an e-mail sign-up opens no session; the link in its e-mail confirms the address, signs the
 * customer in and lands on /home?welcome=1. Once the access token is synced, the spec's 'Successfully SignUp.'
 * toast shows there, as after any sign-up; a link that failed says why. The flag then leaves the address bar.
 */
export function SignUpWelcome() {
  const { user, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const landed = params.get(WELCOME) === '1';
  const failed = params.has('error');
  const shown = useRef(false);

  useEffect(() => {
    if (!landed || loading || shown.current) return;
    shown.current = true;
    if (failed) toastError(accountSecurityCopy.signUpLinkFailed);
    else if (user) toastSuccess(toastsCopy.signup);
    else toastSuccess(accountSecurityCopy.signUpLinkAlreadyConfirmed);
    const next = new URLSearchParams(params);
    next.delete(WELCOME);
    next.delete('error');
    setParams(next, { replace: true });
  }, [landed, failed, loading, user, params, setParams]);

  useEffect(() => {
    if (!landed) shown.current = false;
  }, [landed]);

  return null;
}
