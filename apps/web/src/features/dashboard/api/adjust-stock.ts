import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, StockAdjustInput } from '@shop/shared/schemas/product';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

export const adjustStock = ({ id, ...input }: StockAdjustInput & { id: string }) =>
  api<Product>(`/product/${encodeURIComponent(id)}/stock`, { method: 'POST', body: input, auth: true });

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
