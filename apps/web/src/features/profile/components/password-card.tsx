import { useState, type FormEvent } from 'react';
import { sessionsCopy } from '@shop/shared/copy/sessions';
import { accountSecurityCopy } from '@shop/shared/copy/account-security';
import { toastSuccess } from '../../../lib/toast';
import { TextInput } from '../../identity/components/text-input';
import { useChangePassword } from '../api/sessions';

/**
 * Issue #22: change the password with the current one. The shop's password rules are checked on the server
 * (their message shows here); the other sessions of the account are signed out, this one stays.
 */
export function PasswordCard() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; again?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = { current: current ? undefined : sessionsCopy.currentRequired, again: next === again ? undefined : sessionsCopy.mismatch };
    setErrors(found);
    if (found.current || found.again) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          toastSuccess(sessionsCopy.passwordChanged);
          setCurrent('');
          setNext('');
          setAgain('');
        },
        onError: (err) => {
          const code = (err as { code?: string }).code;
          setErrors(code === 'WRONG_PASSWORD' || code === 'NO_PASSWORD' ? { current: err.message } : { next: err.message });
        },
      },
    );
  };

  return (
    <section aria-labelledby="password-heading" className="card mt-6 border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-6 sm:p-8" onSubmit={submit} noValidate>
        <div className="flex flex-col gap-1">
          <h2 id="password-heading" className="text-lg font-semibold">
            {sessionsCopy.passwordTitle}
          </h2>
          <p className="text-sm text-base-content/80">{sessionsCopy.passwordIntro}</p>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <TextInput
            id="current-password"
            type="password"
            autoComplete="current-password"
            label={sessionsCopy.currentPassword}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            error={errors.current}
          />
          <TextInput
            id="new-password"
            type="password"
            autoComplete="new-password"
            label={sessionsCopy.newPassword}
            hint={accountSecurityCopy.passwordRule}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.next}
          />
          <TextInput
            id="new-password-again"
            type="password"
            autoComplete="new-password"
            label={sessionsCopy.confirmPassword}
            value={again}
            onChange={(e) => setAgain(e.currentTarget.value)}
            error={errors.again}
          />
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {sessionsCopy.changePassword}
          </button>
        </div>
      </form>
    </section>
  );
}
