import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productKeys } from '../../orders/api/order-keys';

export const getAllProducts = (signal?: AbortSignal) => api<Product[]>('/products', { signal });

export const allProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...productKeys.all, 'all'] as const,
    queryFn: ({ signal }) => getAllProducts(signal),
    staleTime: 0,
  });

export const useAllProducts = () => useQuery(allProductsQueryOptions());
