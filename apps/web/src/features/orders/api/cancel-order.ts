import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { productsQueryKey } from '../../catalog/api/get-products';

export const cancelOrder = (id: string) => api<{ deletedCount: number }>(`/orders/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // Cancelling puts the units back in stock.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: productsQueryKey })]),
  });
}
