import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export const deliverOrder = (id: string) => api<Order>(`/paidorders/${encodeURIComponent(id)}`, { method: 'PATCH', auth: true });

/** Issue #24: delivering an order of many lines delivers each line, one after the other. */
export async function deliverOrders(ids: string | readonly string[]): Promise<Order[]> {
  if (typeof ids === 'string') return [await deliverOrder(ids)];
  const delivered: Order[] = [];
  for (const id of ids) delivered.push(await deliverOrder(id));
  return delivered;
}

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrders,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
