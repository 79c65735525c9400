import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@shop/shared/schemas/review';
import { api } from '../../../lib/api-client';
import { reviewableQueryKey } from './get-reviewable';

export const createReview = (input: Pick<CreateReviewInput, 'review' | 'description' | 'productId'>) =>
  api<Review>('/review', { method: 'POST', body: input, auth: true });

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home carousel and the part page show the newest review first; the part is reviewed now.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['reviews'] }), queryClient.invalidateQueries({ queryKey: reviewableQueryKey })]),
  });
}
