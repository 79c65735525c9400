import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewableProduct } from '@shop/shared/schemas/review';
import { api } from '../../../lib/api-client';

export const reviewableQueryKey = ['reviewable'] as const;

/** Issue #22: the signed-in customer's paid parts without a review of theirs yet (what the review form offers). */
export const reviewableQueryOptions = () =>
  queryOptions({
    queryKey: reviewableQueryKey,
    queryFn: ({ signal }) => api<ReviewableProduct[]>('/reviews/reviewable', { signal, auth: true }),
  });

export const useReviewable = () => useQuery(reviewableQueryOptions());
