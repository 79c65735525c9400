import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput, Order } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { productsQueryKey } from '../../catalog/api/get-products';

export const createOrder = (input: CreateOrderInput) => api<Order>('/order', { method: 'POST', body: input, auth: true });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Also after a failure: a 409 means the stock we showed was out of date.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: productsQueryKey })]),
  });
}
