import type { ReactNode } from 'react';

interface FormFieldProps {
  /** id of the control inside; the label, hint and error are tied to it. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Hide the label visually (it stays for screen readers). */
  srOnlyLabel?: boolean;
  className?: string;
  children: ReactNode;
}

export const fieldHintId = (id: string) => `${id}-hint`;
export const fieldErrorId = (id: string) => `${id}-error`;

/** aria attributes for the control inside a FormField: invalid state and what describes it. */
export function fieldAria(id: string, { error, hint }: { error?: string; hint?: boolean }) {
  const describedBy = [hint ? fieldHintId(id) : null, error ? fieldErrorId(id) : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** Label above the control, an optional hint, and the validation message under it. */
export function FormField({ id, label, error, hint, srOnlyLabel, className = '', children }: FormFieldProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className={srOnlyLabel ? 'sr-only' : 'text-sm font-semibold'}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={fieldHintId(id)} className="text-xs text-base-content/75">
          {hint}
        </p>
      )}
      {error && (
        <p id={fieldErrorId(id)} role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
