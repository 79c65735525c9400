import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuickOrderInput, QuickOrderResult } from '@shop/shared/schemas/quick-order';
import { api } from '../../../lib/api-client';
import { cartKeys } from './cart';

/** Issue #37 item 3 (decision 202): a list of part numbers checked (dryRun) or added to the account's cart in one step. */
export const postQuickOrder = (input: QuickOrderInput) => api<QuickOrderResult>('/cart/quick-order', { method: 'POST', body: input, auth: true });
/** An order's lines still sold, back into the cart (or only checked). */
export const postReorder = ({ ref, dryRun = false }: { ref: string; dryRun?: boolean }) =>
  api<QuickOrderResult>(`/cart/reorder/${encodeURIComponent(ref)}`, { method: 'POST', body: { dryRun }, auth: true });

/** A write answers the cart it left: it becomes the cached cart (as every cart write, api/cart). */
function useQuickOrderWrite<I>(fn: (input: I) => Promise<QuickOrderResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      if (!result.cart) return;
      await queryClient.cancelQueries({ queryKey: cartKeys.cart });
      queryClient.setQueryData(cartKeys.cart, result.cart);
    },
  });
}

export const useQuickOrder = () => useQuickOrderWrite(postQuickOrder);
export const useReorder = () => useQuickOrderWrite(postReorder);
