import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewInput, Review } from '@shop/shared/schemas/review';
import { api } from '../../../lib/api-client';

export const createReview = (input: Pick<CreateReviewInput, 'review' | 'description'>) => api<Review>('/review', { method: 'POST', body: input, auth: true });

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home carousel shows the newest review first.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
