import { homeCopy } from '@shop/shared/copy/home';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import type { Review } from '@shop/shared/schemas/review';
import { RatingStars } from '../../../components/ui/rating-stars';
import { VerifiedPurchaseBadge } from './verified-purchase-badge';

const avatarFallback = '/images/avatar-default.svg';

/** Spec §2 review card: customer image, name, 'Ratings: {n}' and the description. */
export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="flex h-full flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <img
          src={review.img || avatarFallback}
          alt={storefrontCopy.reviewerPhoto(review.name)}
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-16 shrink-0 rounded-full border-2 border-accent bg-base-200 object-cover"
          // A customer's photo URL can go stale: public/boot.js swaps it for the default avatar once, also in the
          // server's HTML before (or without) hydration.
          data-fallback={avatarFallback}
        />
        <div className="min-w-0">
          <h3 className="truncate font-display text-xl font-bold uppercase">{review.name}</h3>
          <p className="flex items-center gap-2 text-sm font-semibold">
            <RatingStars value={review.review} />
            <span>{homeCopy.ratings(review.review)}</span>
          </p>
          {review.verifiedPurchase && <VerifiedPurchaseBadge />}
        </div>
      </div>
      <blockquote className="relative flex-1 leading-relaxed text-base-content/85">
        <span className="absolute -left-1 -top-3 font-display text-5xl font-bold leading-none text-accent/40" aria-hidden="true">
          “
        </span>
        <p className="relative pl-5">{review.description}</p>
      </blockquote>
    </article>
  );
}
