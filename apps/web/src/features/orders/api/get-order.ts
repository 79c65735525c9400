import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export const getOrder = (id: string, signal?: AbortSignal) => api<Order>(`/orders/${encodeURIComponent(id)}`, { auth: true, signal });

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
