import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/shared/schemas/order';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export const getMyOrders = (email: string, signal?: AbortSignal) => api<Order[]>(`/orders?email=${encodeURIComponent(email)}`, { auth: true, signal });

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: orderKeys.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, signal),
    staleTime: 0,
    // The page handles 401/403 itself (forced sign-out), other errors get a toast there.
    meta: { silent: true },
  });

export const useMyOrders = (email: string | undefined) => useQuery({ ...myOrdersQueryOptions(email ?? ''), enabled: Boolean(email) });
