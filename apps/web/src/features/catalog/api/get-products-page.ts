import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

export const PRODUCTS_PER_PAGE = 9;

export function getProductsPage(page: number, limit = PRODUCTS_PER_PAGE, signal?: AbortSignal, vehicle?: string): Promise<ProductPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  // Issue #11: the parts that fit a vehicle, plus universal parts.
  if (vehicle) query.set('vehicle', vehicle);
  return api<ProductPage>(`/products?${query}`, { signal });
}

// Under the 'products' prefix, so invalidating the catalogue (a product added or deleted) refreshes the pages too.
export const productsPageQueryOptions = (page: number, limit = PRODUCTS_PER_PAGE, vehicle?: string) =>
  queryOptions({
    queryKey: [...productsQueryKey, 'page', vehicle ? { page, limit, vehicle } : { page, limit }] as const,
    queryFn: ({ signal }) => getProductsPage(page, limit, signal, vehicle),
    // Keep the current cards on screen while the next page loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });

export function useProductsPage(page: number, limit = PRODUCTS_PER_PAGE) {
  return useQuery(productsPageQueryOptions(page, limit));
}
