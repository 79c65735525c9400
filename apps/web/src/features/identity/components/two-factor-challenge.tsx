import { useId, useState, type FormEvent } from 'react';
import { twoFactorCopy } from '@shop/shared/copy/two-factor';
import { verifyBackupCode } from '../api/two-factor-verify-backup-code';
import { verifyTotp } from '../api/two-factor-verify-totp';
import { useAuthAction } from '../hooks/use-auth-action';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';

interface Props {
  /** Runs once the code was accepted (sync the token, navigate). */
  onVerified(): Promise<void>;
  /** Leaves the challenge (signs out of a half-finished sign-in). */
  onCancel?(): void;
}

/**
 * Issue #7: the second step of a sign-in, after the password or after Google:
 * the 6-digit code of the authenticator app, or one of the backup codes.
 */
export function TwoFactorChallenge({ onVerified, onCancel }: Props) {
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const { pending, error, setError, run } = useAuthAction();
  const id = useId();
  const headingId = `${id}-title`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (mode === 'totp' && !/^\d{6}$/.test(value.replace(/\s+/g, ''))) return setError(twoFactorCopy.codeRequired);
    if (mode === 'backup' && !value) return setError(twoFactorCopy.backupRequired);
    void run(async () => {
      const message = mode === 'totp' ? await verifyTotp(value) : await verifyBackupCode(value);
      if (message) return message;
      await onVerified();
    });
  };

  const switchMode = () => {
    setMode(mode === 'totp' ? 'backup' : 'totp');
    setCode('');
    setError(null);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="font-display text-2xl font-bold uppercase tracking-wide">
          {twoFactorCopy.challengeTitle}
        </h2>
        <p className="text-base-content/80">{mode === 'totp' ? twoFactorCopy.challengeText : twoFactorCopy.backupText}</p>
      </div>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-busy={pending}>
        {mode === 'totp' ? (
          <TextInput
            key="totp"
            id={`${id}-totp`}
            label={twoFactorCopy.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={8}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="font-mono text-lg tracking-[0.4em]"
          />
        ) : (
          <TextInput
            key="backup"
            id={`${id}-backup`}
            label={twoFactorCopy.backupLabel}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="font-mono"
          />
        )}
        <SubmitButton pending={pending} label={twoFactorCopy.verifyButton} />
        <FormError message={error} />
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className="link link-primary font-medium" onClick={switchMode}>
          {mode === 'totp' ? twoFactorCopy.useBackup : twoFactorCopy.useApp}
        </button>
        {onCancel && (
          <button type="button" className="link link-hover" onClick={onCancel}>
            {twoFactorCopy.cancel}
          </button>
        )}
      </div>
    </section>
  );
}
