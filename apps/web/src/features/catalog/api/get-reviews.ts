import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@shop/shared/schemas/review';
import { api } from '../../../lib/api-client';

export const reviewsQueryKey = ['reviews'] as const;

/** The API answers oldest first. */
export function getReviews(signal?: AbortSignal): Promise<Review[]> {
  return api<Review[]>('/reviews', { signal });
}

export const reviewsQueryOptions = () => queryOptions({ queryKey: reviewsQueryKey, queryFn: ({ signal }) => getReviews(signal) });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
