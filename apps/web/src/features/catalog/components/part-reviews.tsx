import { useState } from 'react';
import { reviewsCopy } from '@shop/shared/copy/reviews';
import { REVIEWS_MAX_LIMIT } from '@shop/shared/review-limits';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePartReviews } from '../api/get-reviews';
import { ReviewCard } from './review-card';
import { StaticPart } from '../../../lib/static-part';

/** Issue #22: the part's reviews on its page, newest first, each from a verified buyer ("Verified purchase"). */
export function PartReviews({ productId }: { productId: string }) {
  const [pages, setPages] = useState(1);
  const reviews = usePartReviews(productId, pages);
  return (
    <section aria-labelledby="part-reviews-title" className="mt-12 md:col-span-2">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="part-reviews-title" className="font-display text-2xl font-bold uppercase">
          {reviewsCopy.partTitle}
        </h2>
        {reviews.data && reviews.data.total > 0 && <p className="text-sm font-semibold text-base-content/80">{reviewsCopy.partCount(reviews.data.total)}</p>}
      </div>
      {reviews.isPending ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            {reviewsCopy.partLoading}
          </span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : reviews.isError ? (
        <LoadError message={reviews.error.message} onRetry={() => void reviews.refetch()} className="min-h-40" />
      ) : reviews.data.items.length === 0 ? (
        <p className="rounded-box bg-base-200 p-6">{reviewsCopy.partEmpty}</p>
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {reviews.data.items.map((review) => (
              <li key={review._id}>
                <StaticPart id={`review-${review._id}`}>
                  <ReviewCard review={review} />
                </StaticPart>
              </li>
            ))}
          </ul>
          {reviews.data.total > reviews.data.items.length && reviews.data.items.length < REVIEWS_MAX_LIMIT && (
            <button
              type="button"
              className="btn btn-outline mt-6"
              onClick={() => setPages((n) => n + 1)}
              disabled={reviews.isFetching}
              aria-busy={reviews.isFetching}
            >
              {reviewsCopy.showMore}
            </button>
          )}
        </>
      )}
    </section>
  );
}
