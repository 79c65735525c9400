import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from './get-products';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return api<Product>(`/product/${encodeURIComponent(id)}`, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...productsQueryKey, 'detail', id] as const, queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
