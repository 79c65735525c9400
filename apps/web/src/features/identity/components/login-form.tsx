import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { authClient } from '../../../lib/auth-client';
import { loginFormSchema, type LoginFormValues } from '../auth-schemas';
import { useAuthAction } from '../hooks/use-auth-action';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import { FormError } from './form-error';
import { AuthAlternatives } from './auth-alternatives';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';

export function LoginForm() {
  const finish = useFinishSignIn('login');
  const { pending, error, setError, run } = useAuthAction();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      const res = await authClient.signIn.email({ email: values.email, password: values.password });
      if (res.error) return res.error.message ?? copy.auth.signInFailed;
      await finish();
    }),
  );

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
        <TextInput
          id="login-email"
          label={copy.auth.email}
          type="email"
          autoComplete="email"
          placeholder={copy.auth.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="flex flex-col gap-1">
          <TextInput
            id="login-password"
            label={copy.auth.password}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Link to="/forgot-password" className="link link-hover self-end text-sm font-medium text-primary">
            {copy.auth.forgotPassword}
          </Link>
        </div>
        <SubmitButton pending={pending} label={copy.auth.loginButton} announce />
        <FormError message={error} />
      </form>
      <AuthAlternatives
        prompt={copy.auth.newHere}
        to="/register"
        linkText={copy.auth.createAccount}
        onSignedIn={finish}
        onError={setError}
        disabled={pending}
      />
    </div>
  );
}
