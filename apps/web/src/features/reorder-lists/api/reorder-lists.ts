import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickOrderResult } from '@shop/shared/schemas/quick-order';
import type { CreateReorderListInput, ReorderList, ReorderListSummary } from '@shop/shared/schemas/reorder-list';
import { api } from '../../../lib/api-client';
import { cartKeys } from '../../cart/api/cart';

/**
 * Issue #37 item 3 (decision 207): the signed-in person's saved reorder lists. Saving and deleting refresh the lists;
 * adding one to the cart answers the cart it left (as Order again), which becomes the cached cart.
 */
export const reorderListsQueryKey = ['reorder-lists'] as const;

export const reorderListsQueryOptions = () =>
  queryOptions({
    queryKey: reorderListsQueryKey,
    queryFn: ({ signal }) => api<ReorderListSummary[]>('/reorder-lists', { auth: true, signal }),
    staleTime: 0,
  });

export const createReorderList = (input: CreateReorderListInput) => api<ReorderList>('/reorder-lists', { method: 'POST', body: input, auth: true });
export const deleteReorderList = (id: string) => api<null>(`/reorder-lists/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
export const addReorderListToCart = (id: string) =>
  api<QuickOrderResult>(`/reorder-lists/${encodeURIComponent(id)}/cart`, { method: 'POST', body: {}, auth: true });

function useListsWrite<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: reorderListsQueryKey }) });
}

export const useCreateReorderList = () => useListsWrite(createReorderList);
export const useDeleteReorderList = () => useListsWrite(deleteReorderList);

export const useAddReorderListToCart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReorderListToCart,
    onSuccess: async (result) => {
      if (!result.cart) return;
      await queryClient.cancelQueries({ queryKey: cartKeys.cart });
      queryClient.setQueryData(cartKeys.cart, result.cart);
    },
  });
};
