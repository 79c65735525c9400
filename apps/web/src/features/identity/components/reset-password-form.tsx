import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { copy } from '@shop/shared/copy';
import { authClient } from '../../../lib/auth-client';
import { toastSuccess } from '../../../lib/toast';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../auth-schemas';
import { FormError } from './form-error';
import { TextInput } from './text-input';

/** The token comes from the e-mailed link (Better Auth redirects to /reset-password?token=…). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirm: '' } });

  if (!token) {
    return (
      <div className="flex flex-col gap-6">
        <div role="alert" className="alert alert-error items-start text-left">
          <span>{copy.auth.resetInvalid}</span>
        </div>
        <Link to="/forgot-password" className="btn btn-primary h-12">
          {copy.auth.askNewLink}
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    setPending(true);
    try {
      const res = await authClient.resetPassword({ newPassword: password, token });
      if (res.error) {
        setError(res.error.code === 'INVALID_TOKEN' ? copy.auth.resetInvalid : (res.error.message ?? copy.auth.resetInvalid));
        return;
      }
      toastSuccess(copy.auth.resetDone);
      navigate('/login', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <TextInput id="reset-password" label={copy.auth.newPassword} type="password" autoComplete="new-password" placeholder={copy.auth.passwordPlaceholder} error={errors.password?.message} {...register('password')} />
      <TextInput id="reset-confirm" label={copy.auth.confirmPassword} type="password" autoComplete="new-password" error={errors.confirm?.message} {...register('confirm')} />
      <button type="submit" className="btn btn-primary h-12 w-full text-base" disabled={pending}>
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.auth.resetButton}
      </button>
      <FormError message={error} />
      {error && (
        <Link to="/forgot-password" className="link self-center text-sm font-semibold text-primary">
          {copy.auth.askNewLink}
        </Link>
      )}
    </form>
  );
}
