import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Purchase } from '@shop/shared/schemas/cart';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { productsQueryKey } from '../../catalog/api/get-products';

/** Issue #39 item 9: POST /purchases/{TT-number}/cancel (its customer); answers the order, cancelled and refunded. */
export const cancelPaidOrder = (ref: string) => api<Purchase>(`/purchases/${encodeURIComponent(ref)}/cancel`, { method: 'POST', auth: true });

export function useCancelPaidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPaidOrder,
    // The order changes, and its parts are on sale again.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: productsQueryKey })]),
  });
}
