import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

export const deleteProduct = (id: string) => api<{ deletedCount: number }>(`/product/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
