import type { Review } from '@shop/shared/schemas/review';

export const HOME_REVIEWS_LIMIT = 20;

/** Spec §2: the home carousel shows the reviews in reversed order (newest first, as the spec's list is oldest first), at most 20. */
export function newestReviews(reviews: readonly Review[], limit = HOME_REVIEWS_LIMIT): Review[] {
  return reviews.slice().reverse().slice(0, limit);
}
