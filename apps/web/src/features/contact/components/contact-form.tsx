import { useForm } from 'react-hook-form';
import { homeCopy } from '@shop/shared/copy/home';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSendContactMessage } from '../api/send-contact-message';
import type { ContactFormOutput, ContactFormValues } from '../contact-form-schemas';
import { lazyZodResolver } from '../../../lib/lazy-resolver';

const t = homeCopy;

/** Home contact block (spec §2): e-mail, subject and a 4-row message, all required; DESIGN §7.6 stores it and confirms. */
export function ContactForm() {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactFormOutput>({
    resolver: lazyZodResolver<ContactFormValues, ContactFormOutput>(() => import('../contact-form-schemas').then((m) => m.contactFormSchema)),
    defaultValues: { email: '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        toastSuccess(toastsCopy.contactSent);
        reset();
      },
      onError: (error) => toastError(error.message),
    }),
  );

  return (
    // noValidate: our messages replace the browser's bubbles; the required attributes still tell assistive tech.
    <form onSubmit={onSubmit} noValidate aria-label={t.contactTitle} className="flex flex-col gap-4">
      <FormField id="contact-email" label={t.contactEmail} error={errors.email?.message}>
        <input
          id="contact-email"
          type="email"
          autoComplete="email"
          required
          className="input input-lg w-full"
          {...fieldAria('contact-email', { error: errors.email?.message })}
          {...register('email')}
        />
      </FormField>
      <FormField id="contact-subject" label={t.contactSubject} error={errors.subject?.message}>
        <input
          id="contact-subject"
          type="text"
          required
          maxLength={200}
          className="input input-lg w-full"
          {...fieldAria('contact-subject', { error: errors.subject?.message })}
          {...register('subject')}
        />
      </FormField>
      <FormField id="contact-message" label={t.contactMessage} error={errors.message?.message}>
        <textarea
          id="contact-message"
          rows={4}
          required
          maxLength={5000}
          className="textarea textarea-lg w-full"
          {...fieldAria('contact-message', { error: errors.message?.message })}
          {...register('message')}
        />
      </FormField>
      <button type="submit" className="btn btn-primary btn-lg mt-2 self-start px-10 tracking-widest" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.contactSend}
      </button>
    </form>
  );
}
