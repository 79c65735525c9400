import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { copy } from '@shop/shared/copy';
import { authClient } from '../../../lib/auth-client';
import { registerFormSchema, type RegisterFormValues } from '../auth-schemas';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { FormError } from './form-error';
import { GoogleButton } from './google-button';
import { TextInput } from './text-input';

/** The verification link lands on the profile, which confirms the result (the server enforces this path too). */
const VERIFIED_CALLBACK = '/profile?verified=1';

export function RegisterForm() {
  const location = useLocation();
  const finish = useFinishSignIn('signup');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterFormValues>({ resolver: zodResolver(registerFormSchema), defaultValues: { name: '', email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setPending(true);
    try {
      // Creates the account with the entered name as display name; the server mails the verification link.
      const res = await authClient.signUp.email({ name: values.name.trim(), email: values.email, password: values.password, callbackURL: VERIFIED_CALLBACK });
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
        <TextInput id="register-name" label={copy.auth.name} autoComplete="name" placeholder={copy.auth.namePlaceholder} error={errors.name?.message} {...register('name')} />
        <TextInput id="register-email" label={copy.auth.email} type="email" autoComplete="email" placeholder={copy.auth.emailPlaceholder} error={errors.email?.message} {...register('email')} />
        <TextInput id="register-password" label={copy.auth.password} type="password" autoComplete="new-password" placeholder={copy.auth.passwordPlaceholder} error={errors.password?.message} {...register('password')} />
        <button type="submit" className="btn btn-primary h-12 w-full text-base" disabled={pending}>
          {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.auth.registerButton}
        </button>
        <p role="status" className="sr-only">
          {pending ? copy.auth.signingIn : ''}
        </p>
        <FormError message={error} />
      </form>
      <p className="text-center text-sm">
        {copy.auth.haveAccount}{' '}
        <Link to="/login" state={location.state} className="link font-semibold text-primary">
          {copy.auth.pleaseLogin}
        </Link>
      </p>
      <div className="divider my-0 text-xs font-semibold text-base-content/70">{copy.auth.or}</div>
      <GoogleButton onSignedIn={finish} onError={setError} disabled={pending} />
    </div>
  );
}
