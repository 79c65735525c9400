import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderPage, AdminOrderStatus } from '@shop/shared/schemas/order-admin';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export interface OrdersPageFilter {
  page: number;
  limit: number;
  status: AdminOrderStatus;
  q: string;
}

export const ordersFilterParams = (filter: Partial<OrdersPageFilter>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

export const getOrdersPage = (filter: OrdersPageFilter, signal?: AbortSignal) =>
  api<AdminOrderPage>(`/allorders?${ordersFilterParams(filter)}`, { auth: true, signal });

export const ordersPageQueryOptions = (filter: OrdersPageFilter) =>
  queryOptions({
    queryKey: orderKeys.adminPage(filter),
    queryFn: ({ signal }) => getOrdersPage(filter, signal),
    // Customers pay while the admin watches this list; the previous page stays visible while the next loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useOrdersPage = (filter: OrdersPageFilter) => useQuery(ordersPageQueryOptions(filter));
