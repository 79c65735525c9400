import { useMutation } from '@tanstack/react-query';
import type { AdminOrderStatus } from '@shop/shared/schemas/order-admin';
import { api } from '../../../lib/api-client';
import { ordersFilterParams } from './get-orders-page';

export const exportOrdersCsv = (filter: { status: AdminOrderStatus; q: string }) =>
  api<string>(`/allorders/export.csv?${ordersFilterParams(filter)}`, { auth: true });

export const useExportOrdersCsv = () => useMutation({ mutationFn: exportOrdersCsv });
