import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { orderFlowCopy } from '@shop/shared/copy/order-flow';
import { purchaseCopy } from '@shop/shared/copy/purchase';
import { toastsCopy } from '@shop/shared/copy/toasts';
import { reviewsCopy } from '@shop/shared/copy/reviews';
import { createReviewSchema, type ReviewableProduct } from '@shop/shared/schemas/review';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { toastSuccess } from '../../../lib/toast';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { useCreateReview } from '../api/create-review';
import { useReviewable } from '../api/get-reviewable';
import { isEmailNotVerified, ResendVerificationButton } from '../../identity/components/email-not-verified';

const t = orderFlowCopy;
// Name and photo come from the account on the server; the form sends the spec's two fields and the part (issue #22).
const reviewFormSchema = createReviewSchema.pick({ review: true, description: true, productId: true });

/**
 * Spec §2 'Add A Review', with the part being reviewed (issue #22, decision 151): a select of the
 * customer's paid parts not reviewed yet, or a message when there is none.
 */
export function ReviewForm() {
  const reviewable = useReviewable();
  if (reviewable.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        {reviewsCopy.loadingProducts}
      </p>
    );
  }
  if (reviewable.isError) {
    return (
      <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error">
        {reviewable.error.message}
      </p>
    );
  }
  if (reviewable.data.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <h2 className="font-display text-xl font-bold uppercase">{reviewsCopy.nothingTitle}</h2>
        <p>{reviewsCopy.nothingText}</p>
        <Link to={paths.products} className="btn btn-primary btn-sm">
          {reviewsCopy.browseParts}
        </Link>
      </div>
    );
  }
  return <ReviewFields products={reviewable.data} />;
}

function ReviewFields({ products }: { products: ReviewableProduct[] }) {
  const id = useId();
  const createReview = useCreateReview();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: { review: '', description: '', productId: products.length === 1 ? products[0].productId : '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await createReview.mutateAsync(values);
      toastSuccess(toastsCopy.reviewAdded);
      reset();
    } catch (err) {
      setError('root', { message: err instanceof Error ? err.message : String(err) });
    }
  });

  const productId = `${id}-product`;
  const ratingId = `${id}-rating`;
  const descriptionId = `${id}-description`;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormField id={productId} label={reviewsCopy.productLabel} hint={reviewsCopy.productHint} error={errors.productId?.message}>
        <select
          id={productId}
          className="select w-full aria-invalid:border-error"
          {...register('productId')}
          {...fieldAria(productId, { hint: true, error: errors.productId?.message })}
        >
          <option value="">{reviewsCopy.productPlaceholder}</option>
          {products.map((p) => (
            <option key={p.productId} value={p.productId}>
              {p.name}
            </option>
          ))}
        </select>
      </FormField>
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
      {isEmailNotVerified(createReview.error) && <ResendVerificationButton sentText={reviewsCopy.verificationSent} />}
      <button type="submit" className="btn btn-primary self-start min-w-40" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {t.submitReview}
      </button>
    </form>
  );
}
