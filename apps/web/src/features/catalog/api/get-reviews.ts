import { queryOptions, useQuery } from '@tanstack/react-query';
import { REVIEWS_MAX_LIMIT } from '@shop/shared/review-limits';
import type { Review, ReviewPage } from '@shop/shared/schemas/review';
import { api } from '../../../lib/api-client';
import { HOME_REVIEWS_LIMIT } from '../newest-reviews';

export const reviewsQueryKey = ['reviews'] as const;

/** The spec's unpaged call: the newest 100 reviews, oldest first. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return api<Review[]>('/reviews', { signal });
}

/** One page of reviews, newest first, with the total (issue #22); of one part with `productId`. */
export function getReviewPage(page: number, limit: number, productId?: string, signal?: AbortSignal): Promise<ReviewPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (productId) query.set('productId', productId);
  return api<ReviewPage>(`/reviews?${query}`, { signal });
}

/** Spec §2: the home carousel shows at most 20 reviews, newest first; it asks for only those (the server renders them too). */
export const homeReviewsQueryOptions = () =>
  queryOptions({
    queryKey: [...reviewsQueryKey, 'page', 1, HOME_REVIEWS_LIMIT] as const,
    queryFn: ({ signal }) => getReviewPage(1, HOME_REVIEWS_LIMIT, undefined, signal),
  });

export function useHomeReviews() {
  return useQuery(homeReviewsQueryOptions());
}

export const PART_REVIEWS_LIMIT = 10;

/** A part's reviews (its page, /parts/{id}), newest first, `pages` pages of PART_REVIEWS_LIMIT. */
export const partReviewsQueryOptions = (productId: string, pages = 1) =>
  queryOptions({
    queryKey: [...reviewsQueryKey, 'part', productId, pages] as const,
    queryFn: ({ signal }) => getReviewPage(1, Math.min(PART_REVIEWS_LIMIT * pages, REVIEWS_MAX_LIMIT), productId, signal),
  });

export function usePartReviews(productId: string, pages = 1) {
  return useQuery({ ...partReviewsQueryOptions(productId, pages), placeholderData: (previous) => previous });
}
