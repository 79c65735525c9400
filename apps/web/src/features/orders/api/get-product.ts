import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productKeys } from './order-keys';

export const getProduct = (id: string, signal?: AbortSignal) => api<Product>(`/product/${encodeURIComponent(id)}`, { signal });

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    // Stock changes with every order: never show a stale count on the purchase page.
    staleTime: 0,
  });

export const useProduct = (id: string) => useQuery(productQueryOptions(id));
