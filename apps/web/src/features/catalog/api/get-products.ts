import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';

/** Spec §4: products are cached under the key 'products'. */
export const productsQueryKey = ['products'] as const;

export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>('/products', { signal });
}

export const productsQueryOptions = () => queryOptions({ queryKey: productsQueryKey, queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
