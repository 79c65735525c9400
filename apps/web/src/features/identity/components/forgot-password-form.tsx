import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { authCopy } from '@shop/shared/copy/auth';
import { loadAuthClient } from '../../../lib/load-auth-client';
import type { ForgotPasswordFormValues } from '../auth-schemas';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useAuthAction } from '../hooks/use-auth-action';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';

export function ForgotPasswordForm() {
  const { pending, error, run } = useAuthAction();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    resolver: lazyZodResolver<ForgotPasswordFormValues>(() => import('../auth-schemas').then((m) => m.forgotPasswordFormSchema)),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    run(async () => {
      const res = await (await loadAuthClient()).requestPasswordReset({ email, redirectTo: '/reset-password' });
      if (res.error) return res.error.message ?? authCopy.signInFailed;
      setSentTo(email);
    }),
  );

  return (
    <div className="flex flex-col gap-6">
      {sentTo ? (
        <div role="status" className="alert alert-success items-start text-left">
          <span>{authCopy.forgotSent(sentTo)}</span>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
          <TextInput
            id="forgot-email"
            label={authCopy.email}
            type="email"
            autoComplete="email"
            placeholder={authCopy.emailPlaceholder}
            error={errors.email?.message}
            {...register('email')}
          />
          <SubmitButton pending={pending} label={authCopy.forgotButton} />
          <FormError message={error} />
        </form>
      )}
      <Link to="/login" className="link self-center text-sm font-semibold text-primary">
        {authCopy.backToLogin}
      </Link>
    </div>
  );
}
