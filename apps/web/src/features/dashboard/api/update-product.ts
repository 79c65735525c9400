import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, UpdateProductInput } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

export const updateProduct = ({ id, ...input }: UpdateProductInput & { id: string }) =>
  api<Product>(`/product/${encodeURIComponent(id)}`, { method: 'PATCH', body: input, auth: true });

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
