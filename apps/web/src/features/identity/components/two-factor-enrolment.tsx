import { useId, useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { twoFactorCopy } from '@shop/shared/copy/two-factor';
import { toastSuccess } from '../../../lib/toast';
import { enableTwoFactor, type TwoFactorSetup } from '../api/two-factor-enable';
import { verifyTotp } from '../api/two-factor-verify-totp';
import { useAuthAction } from '../hooks/use-auth-action';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { TextInput } from './text-input';

interface Props {
  audience: 'admin' | 'customer';
  /** Runs after the code was accepted: Better Auth replaced the session, so the caller fetches a new token. */
  onEnrolled(): Promise<void>;
}

/** The secret of an otpauth:// URI, for typing into an app by hand. */
function manualKey(totpURI: string): string {
  try {
    return (new URL(totpURI).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}

/**
 * Issue #7: enrolment in the second factor. The password starts it (Better Auth's
 * /two-factor/enable), the QR code of the otpauth URI is drawn in the browser (no
 * outside service sees the secret), the backup codes are shown this once, and a
 * code from the app finishes it (/two-factor/verify-totp).
 */
export function TwoFactorEnrolment({ audience, onEnrolled }: Props) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [saved, setSaved] = useState(false);
  const [code, setCode] = useState('');
  const start = useAuthAction();
  const confirm = useAuthAction();

  const begin = (e: FormEvent) => {
    e.preventDefault();
    void start.run(async () => {
      setSetup(await enableTwoFactor(password));
      setPassword('');
    });
  };

  const finish = (e: FormEvent) => {
    e.preventDefault();
    if (!saved) return confirm.setError(twoFactorCopy.savedFirst);
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return confirm.setError(twoFactorCopy.codeRequired);
    void confirm.run(async () => {
      const message = await verifyTotp(code);
      if (message) return message;
      await onEnrolled();
      toastSuccess(twoFactorCopy.enabled);
    });
  };

  const copyCodes = async () => {
    if (!setup) return;
    await navigator.clipboard?.writeText(setup.backupCodes.join('\n')).catch(() => undefined);
    toastSuccess(twoFactorCopy.codesCopied);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-6">
        <div className="flex flex-col gap-2">
          <h2 id={`${id}-title`} className="font-display text-2xl font-bold uppercase tracking-wide">
            {twoFactorCopy.enrolTitle}
          </h2>
          <p className="text-base-content/80">{audience === 'admin' ? twoFactorCopy.enrolAdminText : twoFactorCopy.enrolCustomerText}</p>
        </div>

        {!setup ? (
          <form onSubmit={begin} noValidate className="flex max-w-md flex-col gap-4" aria-busy={start.pending}>
            <TextInput
              id={`${id}-password`}
              label={twoFactorCopy.passwordLabel}
              type="password"
              autoComplete="current-password"
              hint={twoFactorCopy.passwordHint}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <SubmitButton pending={start.pending} label={twoFactorCopy.startButton} />
            <FormError message={start.error} />
          </form>
        ) : (
          <div className="grid items-start gap-8 lg:grid-cols-2">
            <div className="flex flex-col justify-start gap-3">
              <h3 className="text-lg font-semibold">{twoFactorCopy.scanTitle}</h3>
              <p className="text-sm text-base-content/80">{twoFactorCopy.scanText}</p>
              {/* White quiet zone in both themes: authenticator apps read dark modules on light ground. */}
              <div className="self-start rounded-box border border-base-300 bg-white p-4">
                <QRCodeSVG value={setup.totpURI} size={192} level="M" role="img" aria-label={twoFactorCopy.qrLabel} title={twoFactorCopy.qrLabel} />
              </div>
              <p className="text-sm">{twoFactorCopy.manualKey}</p>
              <code className="break-all rounded-box bg-base-200 px-3 py-2 font-mono text-sm" data-testid="totp-manual-key">
                {manualKey(setup.totpURI)}
              </code>
            </div>
            <div className="flex flex-col gap-6">
              <div className="flex flex-col gap-3">
                <h3 className="text-lg font-semibold">{twoFactorCopy.backupTitle}</h3>
                <p className="text-sm text-base-content/80">{twoFactorCopy.backupCodesText}</p>
                <ul aria-label={twoFactorCopy.backupCodesLabel} className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-3 font-mono text-sm">
                  {setup.backupCodes.map((c) => (
                    <li key={c}>{c}</li>
                  ))}
                </ul>
                <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => void copyCodes()}>
                  {twoFactorCopy.copyCodes}
                </button>
                <label className="flex cursor-pointer items-center gap-3">
                  <input type="checkbox" className="checkbox checkbox-primary" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
                  <span>{twoFactorCopy.savedCodes}</span>
                </label>
              </div>
              <form onSubmit={finish} noValidate className="flex flex-col gap-4" aria-busy={confirm.pending}>
                <h3 className="text-lg font-semibold">{twoFactorCopy.confirmTitle}</h3>
                <TextInput
                  id={`${id}-code`}
                  label={twoFactorCopy.codeLabel}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  maxLength={8}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  className="font-mono text-lg tracking-[0.4em]"
                />
                <SubmitButton pending={confirm.pending} label={twoFactorCopy.confirmButton} />
                <FormError message={confirm.error} />
              </form>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
