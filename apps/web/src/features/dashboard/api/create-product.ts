import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProductInput, Product } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

export const createProduct = (input: CreateProductInput) => api<Product>('/product', { method: 'POST', body: input, auth: true });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
