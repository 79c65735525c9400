import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export const getAllOrders = (signal?: AbortSignal) => api<Order[]>('/allorders', { auth: true, signal });

export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.admin,
    queryFn: ({ signal }) => getAllOrders(signal),
    // Customers pay while the admin watches this list.
    staleTime: 0,
  });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
