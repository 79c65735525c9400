import { forwardRef, type InputHTMLAttributes } from 'react';
import { FormField, fieldAria } from '../../../components/ui/form-field';

interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input of the identity forms, with its validation message tied to it for screen readers. */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput({ id, label, error, hint, className = '', ...rest }, ref) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <input
        ref={ref}
        id={id}
        className={`input input-bordered h-12 w-full ${error ? 'input-error' : ''} ${className}`}
        {...fieldAria(id, { error, hint: Boolean(hint) })}
        {...rest}
      />
    </FormField>
  );
});
