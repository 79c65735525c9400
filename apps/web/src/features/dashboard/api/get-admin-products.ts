import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_PRODUCTS_DEFAULT_LIMIT, type AdminProductPage } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

export const ADMIN_PRODUCTS_PER_PAGE = ADMIN_PRODUCTS_DEFAULT_LIMIT;

/**
 * GET /products/manage (admin): one page of Manage Products, newest first, with the catalogue and low-stock counts;
 * q (issue #25) searches names, brands and part numbers (the counts are then the search's).
 */
export function getAdminProducts(page: number, lowStock: boolean, q = '', limit = ADMIN_PRODUCTS_PER_PAGE, signal?: AbortSignal): Promise<AdminProductPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (lowStock) query.set('lowStock', 'true');
  if (q) query.set('q', q);
  return api<AdminProductPage>(`/products/manage?${query}`, { auth: true, signal });
}

// Under the 'products' prefix: every product change (add, edit, restock, delete, import) refreshes it.
export const adminProductsQueryOptions = (page: number, lowStock: boolean, q = '', limit = ADMIN_PRODUCTS_PER_PAGE) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'manage', { page, limit, lowStock, q }] as const,
    queryFn: ({ signal }) => getAdminProducts(page, lowStock, q, limit, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
