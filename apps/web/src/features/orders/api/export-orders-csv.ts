import { useMutation } from '@tanstack/react-query';
import type { AdminOrderStatus } from '@shop/shared/schemas/order-admin';
import { api } from '../../../lib/api-client';
import { ordersFilterParams } from './get-orders-page';

/** Issue #39 item 6 (decision 184): the orders export (one row per order) or the lines export, for the tab and search on screen. */
export type OrdersExportKind = 'orders' | 'order-lines';

export const exportOrdersCsv = ({ kind, ...filter }: { kind: OrdersExportKind; status: AdminOrderStatus; q: string }) =>
  api<string>(`/admin/exports/${kind}.csv?${ordersFilterParams(filter)}`, { auth: true });

export const useExportOrdersCsv = () => useMutation({ mutationFn: exportOrdersCsv });
