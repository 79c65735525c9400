import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Purchase, PurchasePage } from '@shop/shared/schemas/cart';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';
import { ordersFilterParams, type OrdersPageFilter } from './get-orders-page';

/**
 * Issue #24 (decision 153): orders as people see them — one per purchase (a
 * checkout, or a lone order) with its lines, number, address, shipping, tax
 * and total. Keys under orderKeys.all, so every order change refreshes them.
 */
export type PurchasesFilter = OrdersPageFilter;

export const getPurchases = (filter: PurchasesFilter, signal?: AbortSignal) =>
  api<PurchasePage>(`/purchases?${ordersFilterParams(filter)}`, { auth: true, signal });
export const getAdminPurchases = (filter: PurchasesFilter, signal?: AbortSignal) =>
  api<PurchasePage>(`/admin/purchases?${ordersFilterParams(filter)}`, { auth: true, signal });
/** One order by its number (TT-10042, any case) or id: its customer's, or any for an admin. */
export const getPurchase = (ref: string, signal?: AbortSignal) => api<Purchase>(`/purchases/${encodeURIComponent(ref)}`, { auth: true, signal });

export const purchasesQueryOptions = (filter: PurchasesFilter) =>
  queryOptions({
    queryKey: orderKeys.purchases(filter),
    queryFn: ({ signal }) => getPurchases(filter, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    // My Orders handles 401/403 itself (forced sign-out), other errors get a toast there.
    meta: { silent: true },
  });

export const adminPurchasesQueryOptions = (filter: PurchasesFilter) =>
  queryOptions({
    queryKey: orderKeys.adminPurchases(filter),
    queryFn: ({ signal }) => getAdminPurchases(filter, signal),
    // Customers pay while the admin watches this list; the previous page stays visible while the next loads.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const purchaseQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: orderKeys.purchase(ref),
    queryFn: ({ signal }) => getPurchase(ref, signal),
    staleTime: 0,
    // The page shows its own "not found" for a 404.
    meta: { silent: true },
  });

export const usePurchases = (filter: PurchasesFilter, enabled = true) => useQuery({ ...purchasesQueryOptions(filter), enabled });
export const useAdminPurchases = (filter: PurchasesFilter) => useQuery(adminPurchasesQueryOptions(filter));
export const usePurchase = (ref: string) => useQuery(purchaseQueryOptions(ref));
