import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { copy } from '@shop/shared/copy';
import { authClient } from '../../../lib/auth-client';
import { loginFormSchema, type LoginFormValues } from '../auth-schemas';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { FormError } from './form-error';
import { GoogleButton } from './google-button';
import { TextInput } from './text-input';

export function LoginForm() {
  const location = useLocation();
  const finish = useFinishSignIn('login');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setPending(true);
    try {
      const res = await authClient.signIn.email({ email: values.email, password: values.password });
      if (res.error) {
        setError(res.error.message ?? copy.auth.signInFailed);
        return;
      }
      await finish();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
        <TextInput id="login-email" label={copy.auth.email} type="email" autoComplete="email" placeholder={copy.auth.emailPlaceholder} error={errors.email?.message} {...register('email')} />
        <div className="flex flex-col gap-1">
          <TextInput id="login-password" label={copy.auth.password} type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          <Link to="/forgot-password" className="link link-hover self-end text-sm font-medium text-primary">
            {copy.auth.forgotPassword}
          </Link>
        </div>
        <button type="submit" className="btn btn-primary h-12 w-full text-base" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.auth.loginButton}
        </button>
        <p role="status" className="sr-only">
          {pending ? copy.auth.signingIn : ''}
        </p>
        <FormError message={error} />
      </form>
      <p className="text-center text-sm">
        {copy.auth.newHere}{' '}
        <Link to="/register" state={location.state} className="link font-semibold text-primary">
          {copy.auth.createAccount}
        </Link>
      </p>
      <div className="divider my-0 text-xs font-semibold text-base-content/70">{copy.auth.or}</div>
      <GoogleButton onSignedIn={finish} onError={setError} disabled={pending} />
    </div>
  );
}
