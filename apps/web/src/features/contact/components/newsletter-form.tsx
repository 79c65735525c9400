import { useForm } from 'react-hook-form';
import { footerCopy } from '@shop/shared/copy/footer';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { fieldErrorId } from '../../../components/ui/form-field';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import type { NewsletterFormOutput, NewsletterFormValues } from '../contact-form-schemas';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

/** Footer newsletter box. DESIGN §7.6: stores a validated e-mail and confirms with a toast. */
export function NewsletterForm() {
  const subscribe = useSubscribeNewsletter();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewsletterFormValues, unknown, NewsletterFormOutput>({
    resolver: lazyZodResolver<NewsletterFormValues, NewsletterFormOutput>(() => import('../contact-form-schemas').then((m) => m.newsletterFormSchema)),
    defaultValues: { email: '' },
  });
  const error = errors.email?.message;

  const onSubmit = handleSubmit((values) =>
    subscribe.mutate(values, {
      onSuccess: () => {
        toastSuccess(toastsCopy.newsletterSubscribed);
        reset();
      },
      onError: (e) => toastError(e.message),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor="newsletter-email" className="sr-only">
        {storefrontCopy.newsletterEmailLabel}
      </label>
      <div className="join w-full">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={footerCopy.newsletterPlaceholder}
          className="input join-item w-full min-w-0 border-neutral-content/30 bg-neutral-content/10 text-neutral-content placeholder:text-neutral-content/60"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId('newsletter-email') : undefined}
          {...register('email')}
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
