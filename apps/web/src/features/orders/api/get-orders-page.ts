import type { AdminOrderStatus } from '@shop/shared/schemas/order-admin';

export interface OrdersPageFilter {
  page: number;
  limit: number;
  status: AdminOrderStatus;
  q: string;
}

/** The query string of an orders filter (empty values left out): the order lists and the CSV export. */
export const ordersFilterParams = (filter: Partial<OrdersPageFilter>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};
