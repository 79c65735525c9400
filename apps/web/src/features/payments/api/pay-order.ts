import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from '../../orders/api/order-keys';

export interface PayOrderInput {
  orderId: string;
  transactionId: string;
}

/** The server marks the order paid only after the provider confirms this payment. */
export const payOrder = ({ orderId, transactionId }: PayOrderInput) =>
  api<Order>(`/orders/${encodeURIComponent(orderId)}`, { method: 'PATCH', body: { transactionId }, auth: true });

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: (order) => queryClient.setQueryData(orderKeys.detail(order._id), order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' }),
  });
}
