import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authCopy } from '@shop/shared/copy/auth';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import { loadAuthClient } from '../../../lib/load-auth-client';
import type { RegisterFormValues } from '../auth-schemas';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { useAuthAction } from '../hooks/use-auth-action';
import { useLocation, useNavigate } from 'react-router';
import { useFinishSignIn } from '../hooks/use-finish-sign-in';
import type { SecondFactorState } from './login-form';
import { FormError } from './form-error';
import { AuthAlternatives } from './auth-alternatives';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';

/** The link in the sign-up e-mail signs in and lands on the home page, which greets the customer (the server enforces this path too). */
const WELCOME_CALLBACK = '/home?welcome=1';

export function RegisterForm() {
  const navigate = useNavigate();
  const location = useLocation();
  // A returning customer who pressed Google here and owes their code: the login page asks for it.
  const finish = useFinishSignIn('signup', () =>
    navigate('/login', { state: { ...(location.state as object | null), secondFactor: true } satisfies SecondFactorState }),
  );
  const { pending, error, setError, run } = useAuthAction();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterFormValues>({
    resolver: lazyZodResolver<RegisterFormValues>(() => import('../auth-schemas').then((m) => m.registerFormSchema)),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      setNotice(null);
      // Creates the account with the entered name as display name; the server mails the link that finishes the sign-up.
      const res = await (
        await loadAuthClient()
      ).signUp.email({ name: values.name.trim(), email: values.email, password: values.password, callbackURL: WELCOME_CALLBACK });
      if (res.error) return res.error.message ?? authCopy.signInFailed;
      // A sign-up answers alike for new and registered addresses and opens no session (#22, decisions 150 and 175):
      // the link in the e-mail signs in. A session here would come from a shop set up otherwise.
      if (!res.data?.token) {
        setNotice(accountSecurityCopy.signUpCheckEmail(values.email.trim()));
        return;
      }
      await finish();
    }),
  );

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
        <TextInput
          id="register-name"
          label={authCopy.name}
          autoComplete="name"
          placeholder={authCopy.namePlaceholder}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextInput
          id="register-email"
          label={authCopy.email}
          type="email"
          autoComplete="email"
          placeholder={authCopy.emailPlaceholder}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          id="register-password"
          label={authCopy.password}
          type="password"
          autoComplete="new-password"
          placeholder={authCopy.passwordPlaceholder}
          hint={accountSecurityCopy.passwordRule}
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton pending={pending} label={authCopy.registerButton} announce />
        <FormError message={error} />
        {notice && (
          <p role="status" className="alert alert-info text-left">
            {notice}
          </p>
        )}
      </form>
      <AuthAlternatives prompt={authCopy.haveAccount} to="/login" linkText={authCopy.pleaseLogin} onSignedIn={finish} onError={setError} disabled={pending} />
    </div>
  );
}
