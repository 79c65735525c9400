import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export const deliverOrder = (id: string) => api<Order>(`/paidorders/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true });

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
