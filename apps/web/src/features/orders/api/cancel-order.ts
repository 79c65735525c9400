import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { productsQueryKey } from '../../catalog/api/get-products';

export const cancelOrder = (id: string) => api<{ deletedCount: number }>(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

/** Issue #24: cancelling an order of many lines cancels each line, one after the other. */
export async function cancelOrders(ids: string | readonly string[]) {
  if (typeof ids === 'string') return cancelOrder(ids);
  let deletedCount = 0;
  for (const id of ids) deletedCount += (await cancelOrder(id)).deletedCount;
  return { deletedCount };
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrders,
    // Cancelling puts the units back in stock.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: productsQueryKey })]),
  });
}
