import { useRef, useState, type FormEvent } from 'react';
import { footerCopy } from '@shop/shared/copy/footer';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { fieldErrorId } from '../../../components/ui/form-field';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

/** The shared rule applied to what was typed: the address to send, or the first message; zod loads with the first check. */
async function check(email: string): Promise<{ email: string; error: '' } | { email: null; error: string }> {
  const { newsletterFormSchema } = await import('../contact-form-schemas');
  const parsed = newsletterFormSchema.safeParse({ email });
  return parsed.success ? { email: parsed.data.email, error: '' } : { email: null, error: parsed.error.issues[0]?.message ?? '' };
}

/**
 * Footer newsletter box. DESIGN §7.6: stores a validated e-mail and confirms with a toast.
 *
 * One field needs no form library: it is on every page, and react-hook-form's first render re-renders the
 * footer during hydration (decision 173). Like the other forms, it checks on submit, then again as the
 * address changes, and puts the focus in the field it refuses.
 */
export function NewsletterForm() {
  const subscribe = useSubscribeNewsletter();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [checked, setChecked] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const field = input.current!;
    setChecked(true);
    const result = await check(field.value);
    setError(result.error);
    if (result.email === null) return field.focus();
    subscribe.mutate(
      { email: result.email },
      {
        onSuccess: () => {
          toastSuccess(toastsCopy.newsletterSubscribed);
          field.value = '';
          setChecked(false);
        },
        onError: (err) => toastError(err.message),
      },
    );
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-2">
      <label htmlFor="newsletter-email" className="sr-only">
        {storefrontCopy.newsletterEmailLabel}
      </label>
      <div className="join w-full">
        <input
          ref={input}
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder={footerCopy.newsletterPlaceholder}
          className="input join-item w-full min-w-0 border-neutral-content/30 bg-neutral-content/10 text-neutral-content placeholder:text-neutral-content/60"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId('newsletter-email') : undefined}
          onChange={checked ? (e) => void check(e.currentTarget.value).then((r) => setError(r.error)) : undefined}
        />
        <button type="submit" className="btn btn-accent join-item" disabled={subscribe.isPending} aria-busy={subscribe.isPending}>
          {subscribe.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {footerCopy.subscribe}
        </button>
      </div>
      {error && (
        <p id={fieldErrorId('newsletter-email')} role="alert" className="text-sm font-medium text-[#ffb4a1]">
          {error}
        </p>
      )}
    </form>
  );
}
