import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { authCopy } from '@shop/shared/copy/auth';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import { loadAuthClient } from '../../../lib/load-auth-client';
import { toastSuccess } from '../../../lib/toast';
import type { ResetPasswordFormValues } from '../auth-schemas';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useAuthAction } from '../hooks/use-auth-action';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';

/** The token comes from the e-mailed link (Better Auth redirects to /reset-password?token=…). */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const { pending, error, run } = useAuthAction();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: lazyZodResolver<ResetPasswordFormValues>(() => import('../auth-schemas').then((m) => m.resetPasswordFormSchema)),
    defaultValues: { password: '', confirm: '' },
  });

  if (!token) {
    return (
      <div className="flex flex-col gap-6">
        <div role="alert" className="alert alert-error items-start text-left">
          <span>{authCopy.resetInvalid}</span>
        </div>
        <Link to="/forgot-password" className="btn btn-primary h-12">
          {authCopy.askNewLink}
        </Link>
      </div>
    );
  }

  const onSubmit = handleSubmit(({ password }) =>
    run(async () => {
      const res = await (await loadAuthClient()).resetPassword({ newPassword: password, token });
      if (res.error) return res.error.code === 'INVALID_TOKEN' ? authCopy.resetInvalid : (res.error.message ?? authCopy.resetInvalid);
      toastSuccess(authCopy.resetDone);
      navigate('/login', { replace: true });
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
      <TextInput
        id="reset-password"
        label={authCopy.newPassword}
        type="password"
        autoComplete="new-password"
        placeholder={authCopy.passwordPlaceholder}
        hint={accountSecurityCopy.passwordRule}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextInput
        id="reset-confirm"
        label={authCopy.confirmPassword}
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <SubmitButton pending={pending} label={authCopy.resetButton} />
      <FormError message={error} />
      {error && (
        <Link to="/forgot-password" className="link self-center text-sm font-semibold text-primary">
          {authCopy.askNewLink}
        </Link>
      )}
    </form>
  );
}
