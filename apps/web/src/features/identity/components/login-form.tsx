import { useForm } from 'react-hook-form';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { authCopy } from '@shop/shared/copy/auth';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import { loadAuthClient } from '../../../lib/load-auth-client';
import type { LoginFormValues } from '../auth-schemas';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useAuthAction } from '../hooks/use-auth-action';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { useAuthActions } from '../auth-context';
import { FormError } from './form-error';
import { AuthAlternatives } from './auth-alternatives';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';
import { Spinner } from '../../../components/ui/spinner';

// Asked for only after the password of an account with a second factor: loaded then, not with the page (decision 107).
const TwoFactorChallenge = lazy(() => import('./two-factor-challenge').then((m) => ({ default: m.TwoFactorChallenge })));

/** Better Auth's code for a wrong e-mail or password, which the shop also gives an address not confirmed yet. */
const INVALID_CREDENTIALS = 'INVALID_EMAIL_OR_PASSWORD';

/** Router state of /login when a Google sign-in elsewhere (the register page) still owes the second factor. */
export interface SecondFactorState {
  secondFactor?: boolean;
}

export function LoginForm() {
  const location = useLocation();
  // Issue #7: after the password (twoFactorRedirect) or after Google (the sync answers TWO_FACTOR_REQUIRED).
  const [challenge, setChallenge] = useState(Boolean((location.state as SecondFactorState | null)?.secondFactor));
  const finish = useFinishSignIn('login', () => setChallenge(true));
  const { forceSignOut } = useAuthActions();
  const { pending, error, setError, run } = useAuthAction();
  const [unconfirmedHint, setUnconfirmedHint] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: lazyZodResolver<LoginFormValues>(() => import('../auth-schemas').then((m) => m.loginFormSchema)),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      setUnconfirmedHint(false);
      const res = await (await loadAuthClient()).signIn.email({ email: values.email, password: values.password });
      if (res.error) {
        // Also the answer for an address not confirmed yet (decision 175): say what a new customer should do.
        setUnconfirmedHint(res.error.code === INVALID_CREDENTIALS);
        return res.error.message ?? authCopy.signInFailed;
      }
      if (res.data && 'twoFactorRedirect' in res.data && res.data.twoFactorRedirect) {
        setChallenge(true);
        return;
      }
      await finish();
    }),
  );

  if (challenge) {
    return (
      <Suspense fallback={<Spinner className="self-center py-8" />}>
        <TwoFactorChallenge
          onVerified={finish}
          onCancel={() => {
            setChallenge(false);
            void forceSignOut();
          }}
        />
      </Suspense>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
        <TextInput
          id="login-email"
          label={authCopy.email}
          type="email"
          autoComplete="email"
          placeholder={authCopy.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="flex flex-col gap-1">
          <TextInput
            id="login-password"
            label={authCopy.password}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Link to="/forgot-password" className="link link-hover self-end text-sm font-medium text-primary">
            {authCopy.forgotPassword}
          </Link>
        </div>
        <SubmitButton pending={pending} label={authCopy.loginButton} announce />
        <FormError message={error} />
        {error && unconfirmedHint && <p className="text-sm text-base-content/80">{accountSecurityCopy.signInUnconfirmedHint}</p>}
      </form>
      <AuthAlternatives prompt={authCopy.newHere} to="/register" linkText={authCopy.createAccount} onSignedIn={finish} onError={setError} disabled={pending} />
    </div>
  );
}
