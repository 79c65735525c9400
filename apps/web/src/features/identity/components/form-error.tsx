/** Spec §4: the provider's message in red under the form. */
export function FormError({ message }: { message: string | null }) {
  return (
    <p role="alert" aria-live="assertive" className={`min-h-6 text-sm font-medium text-error ${message ? '' : 'sr-only'}`}>
      {message}
    </p>
  );
}
