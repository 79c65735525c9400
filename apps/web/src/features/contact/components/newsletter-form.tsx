import { useForm } from 'react-hook-form';
import { copy } from '@shop/shared/copy';
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
        toastSuccess(copy.toasts.newsletterSubscribed);
        reset();
      },
      onError: (e) => toastError(e.message),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor="newsletter-email" className="sr-only">
        {copy.storefront.newsletterEmailLabel}
      </label>
      <div className="join w-full">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          placeholder={copy.footer.newsletterPlaceholder}
          className="input join-item w-full min-w-0 border-neutral-content/30 bg-neutral-content/10 text-neutral-content placeholder:text-neutral-content/60"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId('newsletter-email') : undefined}
          {...register('email')}
        />
        <button type="submit" className="btn btn-accent join-item" disabled={subscribe.isPending} aria-busy={subscribe.isPending}>
          {subscribe.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {copy.footer.subscribe}
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
