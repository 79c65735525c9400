import { authCopy } from '@shop/shared/copy/auth';

/** The forms' main button: a spinner while pending, announced to screen readers. */
export function SubmitButton({ pending, label, announce = false }: { pending: boolean; label: string; announce?: boolean }) {
  return (
    <>
      <button type="submit" className="btn btn-primary h-12 w-full text-base" disabled={pending}>
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {label}
      </button>
      {announce && (
        <p role="status" className="sr-only">
          {pending ? authCopy.signingIn : ''}
        </p>
      )}
    </>
  );
}
