import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductPage } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { FEATURED_PRODUCTS } from '../featured-products';
import { productsQueryKey } from './get-products';

/**
 * Spec §2: the home features the first 6 products of the catalogue. It asks
 * for exactly those (one bounded page), never the whole catalogue (issue #10).
 */
export async function getFeaturedProducts(signal?: AbortSignal): Promise<Product[]> {
  const query = new URLSearchParams({ page: '1', limit: String(FEATURED_PRODUCTS) });
  return (await api<ProductPage>(`/products?${query}`, { signal })).items;
}

// Under the 'products' prefix, so an order or a product added or deleted refreshes the home too.
export const featuredProductsQueryOptions = () =>
  queryOptions({ queryKey: [...productsQueryKey, 'featured'] as const, queryFn: ({ signal }) => getFeaturedProducts(signal) });

export function useFeaturedProducts() {
  return useQuery(featuredProductsQueryOptions());
}
