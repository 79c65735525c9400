import { homeCopy } from '@shop/shared/copy/home';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from '../../../components/ui/load-error';
import { useHomeReviews } from '../api/get-reviews';
import { ReviewsCarousel } from './reviews-carousel';

/** Space the carousel takes, held while the reviews load (the server renders the page with them). */
function ReviewsPlaceholder() {
  return (
    <div className="flex min-h-80 items-center justify-center rounded-box">
      <Spinner label={storefrontCopy.reviewsLoading} size="lg" />
    </div>
  );
}

/** Spec §2 'Customer Reviews': newest first, at most 20, in a carousel with pagination bullets. */
export function ReviewsSection() {
  // Only the 20 it shows, newest first (issue #22): GET /reviews?page=1&limit=20.
  const { data, isPending, isError, error, refetch } = useHomeReviews();
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-20 bg-base-200 py-16 lg:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="reviews-title" title={homeCopy.reviewsTitle} subtitle={storefrontCopy.reviewsSubtitle} />
        {isPending ? (
          <ReviewsPlaceholder />
        ) : isError ? (
          <LoadError message={error.message} onRetry={() => void refetch()} className="min-h-80" />
        ) : data.items.length === 0 ? (
          <p className="rounded-box bg-base-100 p-8 text-center">{storefrontCopy.reviewsEmpty}</p>
        ) : (
          <ReviewsCarousel reviews={data.items} />
        )}
      </div>
    </section>
  );
}
