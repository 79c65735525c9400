import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { purchaseCopy } from '@shop/shared/copy/purchase';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { createReviewSchema } from '@shop/shared/schemas/review';
import { toastSuccess } from '../../../lib/toast';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { useCreateReview } from '../api/create-review';

const t = orderFlowCopy;
// Name and photo come from the account on the server; the form sends only these two.
const reviewFormSchema = createReviewSchema.pick({ review: true, description: true });

export function ReviewForm() {
  const id = useId();
  const createReview = useCreateReview();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reviewFormSchema), defaultValues: { review: '', description: '' } });

  const submit = handleSubmit(async (values) => {
    try {
      await createReview.mutateAsync(values);
      toastSuccess(toastsCopy.reviewAdded);
      reset();
    } catch (err) {
      setError('root', { message: err instanceof Error ? err.message : String(err) });
    }
  });

  const ratingId = `${id}-rating`;
  const descriptionId = `${id}-description`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id={ratingId} label={t.ratingLabel} hint={purchaseCopy.ratingsHint} error={errors.review?.message}>
        <input
          id={ratingId}
          type="number"
          inputMode="numeric"
          min={1}
          max={5}
          step={1}
          placeholder="1–5"
          className="input w-full max-w-xs tabular-nums aria-invalid:border-error"
          {...register('review')}
          {...fieldAria(ratingId, { hint: true, error: errors.review?.message })}
        />
      </FormField>
      <FormField id={descriptionId} label={t.reviewLabel} error={errors.description?.message}>
        <textarea
          id={descriptionId}
          rows={5}
          maxLength={1000}
          className="textarea w-full aria-invalid:border-error"
          {...register('description')}
          {...fieldAria(descriptionId, { error: errors.description?.message })}
        />
      </FormField>
      {errors.root?.message && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
          {errors.root.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start min-w-40" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.submitReview}
      </button>
    </form>
  );
}
