import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KitComponent, KitInput } from '@shop/shared/schemas/kit';
import { api } from '../../../lib/api-client';
import { productsQueryKey } from '../../catalog/api/get-products';

/** Issue #36 item 2 (decision 220): PUT /admin/products/{id}/kit, the kit's parts by part number (empty: a plain part). */
export const setKitParts = ({ id, ...input }: KitInput & { id: string }) =>
  api<{ components: KitComponent[] }>(`/admin/products/${encodeURIComponent(id)}/kit`, { method: 'PUT', body: input, auth: true });

export function useSetKitParts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setKitParts,
    // The kit's stock, version and parts changed, and so did every list that shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsQueryKey }),
  });
}
