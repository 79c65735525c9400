import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { authClient } from '../../../lib/auth-client';
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../auth-schemas';
import { FormError } from './form-error';
import { TextInput } from './text-input';

export function ForgotPasswordForm() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    setPending(true);
    try {
      const res = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
      if (res.error) setError(res.error.message ?? copy.auth.signInFailed);
      else setSentTo(email);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  });

  return (
    <div className="flex flex-col gap-6">
      {sentTo ? (
        <div role="status" className="alert alert-success items-start text-left">
          <span>{copy.auth.forgotSent(sentTo)}</span>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
          <TextInput id="forgot-email" label={copy.auth.email} type="email" autoComplete="email" placeholder={copy.auth.emailPlaceholder} error={errors.email?.message} {...register('email')} />
          <button type="submit" className="btn btn-primary h-12 w-full text-base" disabled={pending}>
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {copy.auth.forgotButton}
          </button>
          <FormError message={error} />
        </form>
      )}
      <Link to="/login" className="link self-center text-sm font-semibold text-primary">
        {copy.auth.backToLogin}
      </Link>
    </div>
  );
}
