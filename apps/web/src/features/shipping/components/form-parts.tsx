/** The server's answer to a save that failed (a 400's message says what is wrong, a 409 what is in the way). */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
      {message}
    </p>
  );
}

/** The submit button of a dialog's form, outside the form (the modal's actions) and tied to it by `form`. */
export function SubmitButton({ form, pending, label, pendingLabel }: { form: string; pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button type="submit" form={form} className="btn btn-primary min-w-32" disabled={pending} aria-busy={pending}>
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** The frame of the admin's shipping and tax sections, as the other dashboard pages draw theirs. */
export const cardClass = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
